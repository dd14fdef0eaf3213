// Function calls: arguments (named notation, VARIADIC, DISTINCT, ORDER BY, FILTER, WITHIN GROUP,
// OVER) and the functions with special syntax (EXTRACT, SUBSTRING, POSITION, TRIM, OVERLAY, ...).

extension PrimaryExpressionParser {
    // MARK: - Function calls

    /// The argument list and trailing clauses of `name(...)`: DISTINCT, `*`, VARIADIC, named
    /// arguments (`a => 1`, names kept in `argumentNames`), ORDER BY, WITHIN GROUP, FILTER, OVER.
    func parseFunctionCall(name: QualifiedName) throws(ParseError) -> FunctionCall {
        try enter()
        defer { leave() }
        if name.parts.count == 1, !name.parts[0].quoted, FunctionCall.conditionalForms.contains(name.parts[0].name) {
            return try parseConditionalForm(name: name)
        }
        try expect(.leftParen, "'('")
        var arguments: [Expression] = []
        var isStar = false
        var isDistinct = false
        var hasVariadic = false
        var orderBy: [OrderItem] = []
        var argumentNames: [String?] = []
        if atOp("*") {
            advance()
            isStar = true
        } else if !at(.rightParen) {
            if acceptWord("distinct") {
                isDistinct = true
            } else {
                _ = acceptWord("all")
            }
            repeat {
                if acceptWord("variadic") { hasVariadic = true }
                if current.kind == .word || current.kind == .quotedIdentifier, peek().isOp("=>") || peek().isOp(":=") {
                    argumentNames += [String?](repeating: nil, count: arguments.count - argumentNames.count)
                    argumentNames.append(identifier(advance()).name)
                    advance()
                }
                arguments.append(try expressionParser.parseExpression())
            } while accept(.comma)
            if !argumentNames.isEmpty {
                argumentNames += [String?](repeating: nil, count: arguments.count - argumentNames.count)
            }
            if atWord("order"), peek().isWord("by") {
                orderBy = try selectParser.parseOrderBy()
            }
        }
        try expect(.rightParen, "')'")
        var withinGroup: [OrderItem] = []
        if atWord("within"), peek().isWord("group") {
            advance()
            advance()
            try expect(.leftParen, "'('")
            withinGroup = try selectParser.parseOrderBy()
            try expect(.rightParen, "')'")
        }
        var filter: Expression?
        if atWord("filter"), peek().kind == .leftParen {
            advance()
            advance()
            try expectWord("where")
            filter = try expressionParser.parseExpression()
            try expect(.rightParen, "')'")
        }
        var over: WindowSpecification?
        if atWord("over"), peek().kind == .leftParen || peek().kind == .quotedIdentifier
            || (peek().kind == .word && Keywords.isColumnName(peek().value)) {
            advance()
            if at(.leftParen) {
                over = try selectParser.parseWindowSpecification()
            } else {
                let name = identifier(advance())
                over = WindowSpecification(name: name, partitionBy: [], orderBy: [], location: name.location)
            }
        }
        return FunctionCall(
            name: name, arguments: arguments, isStar: isStar, isDistinct: isDistinct, orderBy: orderBy,
            withinGroup: withinGroup, filter: filter, over: over, hasVariadicArgument: hasVariadic,
            argumentNames: argumentNames
        )
    }

    /// COALESCE, GREATEST, LEAST and NULLIF unquoted and unqualified: PostgreSQL's grammar forms
    /// (`func_expr_common_subexpr`), not function calls, so they take a plain argument list (NULLIF
    /// exactly two) and none of a call's DISTINCT, ALL, `*`, VARIADIC, named arguments, ORDER BY,
    /// WITHIN GROUP, FILTER or OVER: any of these is PostgreSQL's syntax error at its token.
    private func parseConditionalForm(name: QualifiedName) throws(ParseError) -> FunctionCall {
        try expect(.leftParen, "'('")
        var arguments: [Expression] = []
        repeat {
            let token = current
            if token.kind == .rightParen || token.kind == .comma || token.isOp("*")
                || (token.kind == .word && ["distinct", "all", "variadic"].contains(token.value)) {
                throw syntaxError(at: token)
            }
            if token.kind == .word || token.kind == .quotedIdentifier, peek().isOp("=>") || peek().isOp(":=") {
                throw syntaxError(at: peek())
            }
            arguments.append(try expressionParser.parseExpression())
            if name.parts[0].name == "nullif", arguments.count == 1, !at(.comma) { throw syntaxError(at: current) }
        } while (name.parts[0].name != "nullif" || arguments.count < 2) && accept(.comma)
        guard at(.rightParen) else { throw syntaxError(at: current) }
        advance()
        // OVER, FILTER and WITHIN follow only a function call, and are no bare column label.
        if current.kind == .word, ["over", "filter", "within"].contains(current.value) { throw syntaxError(at: current) }
        return FunctionCall(name: name, arguments: arguments, isStar: false, isDistinct: false, orderBy: [], withinGroup: [],
                            filter: nil, over: nil, hasVariadicArgument: false)
    }

    func call(_ name: String, at location: SourceLocation, _ arguments: [Expression]) -> FunctionCall {
        FunctionCall(
            name: QualifiedName(parts: [Identifier(name: name, quoted: false, location: location)]),
            arguments: arguments, isStar: false, isDistinct: false, orderBy: [], withinGroup: [],
            filter: nil, over: nil, hasVariadicArgument: false
        )
    }

    /// EXTRACT, SUBSTRING, POSITION, TRIM, OVERLAY with their keyword syntax, normalized to plain calls.
    func parseSpecialFunction() throws(ParseError) -> Expression {
        let start = advance()
        let location = start.location
        let keyword = start.value
        try expect(.leftParen, "'('")
        var name = keyword
        var arguments: [Expression] = []
        if at(.rightParen) {
            advance()
            return make(.function(call(name, at: location, [])), at: location)
        }
        switch keyword {
        case "extract":
            let field = current
            guard field.kind == .word || field.kind == .string || field.kind == .quotedIdentifier else {
                throw error(expected: "field name")
            }
            advance()
            let fieldLiteral = make(.literal(.string(field.kind == .word ? field.value : field.value.lowercased())), at: field.location)
            try expectWord("from")
            arguments = [fieldLiteral, try expressionParser.parseExpression()]
        case "substring":
            let string = try expressionParser.parseExpression()
            if acceptWord("from") {
                arguments = [string, try expressionParser.parseExpression()]
                if acceptWord("for") { arguments.append(try expressionParser.parseExpression()) }
            } else if acceptWord("for") {
                let count = try expressionParser.parseExpression()
                var from = make(.literal(.integer("1")), at: location)
                if acceptWord("from") { from = try expressionParser.parseExpression() }
                arguments = [string, from, count]
            } else if acceptWord("similar") {
                let pattern = try expressionParser.parseExpression()
                try expectWord("escape")
                arguments = [string, pattern, try expressionParser.parseExpression()]
            } else {
                arguments = [string]
                if accept(.comma) { arguments.append(contentsOf: try expressionParser.parseExpressionList()) }
            }
        case "position":
            let needle = try expressionParser.parseExpression(minimum: Precedence.other)
            if acceptWord("in") {
                let haystack = try expressionParser.parseExpression(minimum: Precedence.other)
                arguments = [haystack, needle]
            } else {
                arguments = [needle]
                if accept(.comma) { arguments.append(contentsOf: try expressionParser.parseExpressionList()) }
            }
        case "trim":
            name = "btrim"
            if acceptWord("leading") {
                name = "ltrim"
            } else if acceptWord("trailing") {
                name = "rtrim"
            } else {
                _ = acceptWord("both")
            }
            if acceptWord("from") {
                arguments = try expressionParser.parseExpressionList()
            } else {
                let first = try expressionParser.parseExpression()
                if acceptWord("from") {
                    arguments = try expressionParser.parseExpressionList() + [first]
                } else {
                    arguments = [first]
                    if accept(.comma) { arguments.append(contentsOf: try expressionParser.parseExpressionList()) }
                }
            }
        default: // overlay
            let target = try expressionParser.parseExpression()
            if acceptWord("placing") {
                let replacement = try expressionParser.parseExpression()
                try expectWord("from")
                arguments = [target, replacement, try expressionParser.parseExpression()]
                if acceptWord("for") { arguments.append(try expressionParser.parseExpression()) }
            } else {
                arguments = [target]
                if accept(.comma) { arguments.append(contentsOf: try expressionParser.parseExpressionList()) }
            }
        }
        try expect(.rightParen, "')'")
        return make(.function(call(name, at: location, arguments)), at: location)
    }
}
