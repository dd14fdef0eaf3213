// Primary expressions: constants, names, parameters, parenthesized expressions and subqueries,
// EXISTS, ROW, CAST, typed constants, SQL value functions, CASE and ARRAY constructors.

/// The operands of expressions: constants, names, parameters, subqueries, constructors and function calls.
struct PrimaryExpressionParser: GrammarParser {
    let cursor: TokenCursor

    // MARK: - Primary expressions

    // The functions on the recursive path (parsePrimary, parseWordExpression) only dispatch, so
    // their stack frames stay small in debug builds; the work happens in helpers that return first.

    func parsePrimary() throws(ParseError) -> Expression {
        switch current.kind {
        case .leftParen: return try parseParenthesizedExpression()
        case .quotedIdentifier: return try parseNameExpression()
        case .word: return try parseWordExpression()
        default: return try parseAtom()
        }
    }

    /// Constants and parameters.
    func parseAtom() throws(ParseError) -> Expression {
        let token = current
        switch token.kind {
        case .integer:
            advance()
            return make(.literal(.integer(token.value)), at: token.location)
        case .numeric:
            advance()
            return make(.literal(.numeric(token.value)), at: token.location)
        case .string:
            advance()
            return make(.literal(.string(token.value)), at: token.location)
        case .bitString:
            advance()
            return make(.literal(.bitString(token.value)), at: token.location)
        case .positionalParameter:
            guard let number = Int(token.value), number > 0, number <= 65535 else {
                throw ParseError(message: "there is no parameter \(cursor.source.text(from: token.start, to: token.end))", location: token.location)
            }
            advance()
            return parameter(.positional(number), from: token)
        case .namedParameter:
            advance()
            return parameter(.named(token.value), from: token)
        default:
            throw error(expected: "expression")
        }
    }

    /// `( query )` if the current `(` opens a query; nil (nothing consumed) otherwise.
    /// A query wrapped in extra parentheses is tried first and abandoned if it does not parse.
    func parseParenthesizedQueryIfPresent() throws(ParseError) -> SelectStatement? {
        guard at(.leftParen) else { return nil }
        let (isQuery, direct) = queryStarts(at: 1)
        guard isQuery else { return nil }
        let saved = mark()
        do {
            advance()
            let query = try selectParser.parseSelectStatement()
            try expect(.rightParen, "')'")
            return query
        } catch {
            if direct { throw error }
            reset(saved)
            return nil
        }
    }

    func parseParenthesizedExpression() throws(ParseError) -> Expression {
        let start = current
        if let query = try parseParenthesizedQueryIfPresent() {
            return make(.scalarSubquery(query), at: start.location)
        }
        advance()
        let savedCollate = cursor.stopAtCollate
        cursor.stopAtCollate = false
        defer { cursor.stopAtCollate = savedCollate }
        let first = try expressionParser.parseExpression()
        if accept(.comma) {
            var items = [first]
            items.append(contentsOf: try expressionParser.parseExpressionList())
            try expect(.rightParen, "')'")
            return make(.row(items), at: start.location)
        }
        try expect(.rightParen, "')'")
        return make(.parenthesized(first), at: start.location)
    }

    private static let valueFunctions: [String: SQLValueFunction] = [
        "current_date": .currentDate, "current_time": .currentTime, "current_timestamp": .currentTimestamp,
        "localtime": .localTime, "localtimestamp": .localTimestamp, "current_user": .currentUser,
        "session_user": .sessionUser, "user": .user, "current_role": .currentRole,
        "current_schema": .currentSchema, "current_catalog": .currentCatalog,
    ]

    /// Type keywords that can start a typed constant (`TIMESTAMP WITH TIME ZONE '...'`).
    static let typeKeywords: Set<String> = [
        "timestamp", "time", "interval", "double", "character", "char", "varchar", "nchar", "national",
        "bit", "numeric", "decimal", "dec", "int", "integer", "smallint", "bigint", "real", "float", "boolean",
    ]

    static let specialSyntaxFunctions: Set<String> = ["extract", "substring", "position", "trim", "overlay"]

    enum WordExpression {
        case constant, caseExpression, cast, exists, array, row, sqlcParameter, unsupportedSqlcMacro, valueFunction, specialFunction
        case typeKeyword, name, reserved
    }

    /// Every word ``classifyWord()`` can give a meaning other than `.name`: one lookup settles
    /// the words outside it (most column and table names) instead of five (issue 28).
    private static let wordsWithMeaning: Set<String> = Set(["null", "true", "false", "default", "case", "cast", "exists", "array", "row", "sqlc"])
        .union(valueFunctions.keys).union(specialSyntaxFunctions).union(typeKeywords)
        .union(Keywords.reserved).union(Keywords.typeOrFunctionName)

    func classifyWord() -> WordExpression {
        let word = current.value
        guard Self.wordsWithMeaning.contains(word) else { return .name }
        let next = peek()
        switch word {
        case "null", "true", "false", "default": return .constant
        case "case": return .caseExpression
        case "cast": return .cast
        case "exists" where next.kind == .leftParen: return .exists
        case "array": return .array
        case "row" where next.kind == .leftParen: return .row
        // sqlc.slice outside `IN (...)` (`= ANY(sqlc.slice(ids))`) is an ordinary parameter typed by
        // its context, as PostgreSQL types `= ANY($1)`: an array.
        case "sqlc" where next.kind == .dot && (peek(2).isWord("arg") || peek(2).isWord("narg") || peek(2).isWord("slice"))
                && peek(3).kind == .leftParen:
            return .sqlcParameter
        case "sqlc" where next.kind == .dot && peek(2).isWord("embed") && peek(3).kind == .leftParen:
            return .unsupportedSqlcMacro
        default: break
        }
        if Self.valueFunctions[word] != nil, !(word == "current_schema" && next.kind == .leftParen) { return .valueFunction }
        if Self.specialSyntaxFunctions.contains(word), next.kind == .leftParen { return .specialFunction }
        if Self.typeKeywords.contains(word) { return .typeKeyword }
        if Keywords.reserved.contains(word) || (Keywords.typeOrFunctionName.contains(word) && next.kind != .leftParen) {
            return .reserved
        }
        return .name
    }

    func parseWordExpression() throws(ParseError) -> Expression {
        switch classifyWord() {
        case .constant: return parseKeywordConstant()
        case .caseExpression: return try parseCase()
        case .cast: return try parseCastExpression()
        case .exists: return try parseExistsExpression()
        case .array: return try parseArrayConstructor()
        case .row: return try parseRowConstructor()
        case .sqlcParameter: return try expressionParser.parseSqlcParameter()
        case .unsupportedSqlcMacro:
            throw ParseError(message: "sqlc.embed(t) is only allowed as an item of a select list (SELECT sqlc.embed(t), ... FROM t)",
                             location: current.location)
        case .valueFunction: return try parseValueFunction()
        case .specialFunction: return try parseSpecialFunction()
        case .typeKeyword:
            if let typed = try parseTypedConstantIfPresent() { return typed }
            return try parseNameExpression()
        case .name: return try parseNameExpression()
        case .reserved: throw error(expected: "expression")
        }
    }

    /// NULL, TRUE, FALSE, DEFAULT.
    func parseKeywordConstant() -> Expression {
        let token = advance()
        switch token.value {
        case "null": return make(.literal(.null), at: token.location)
        case "default": return make(.defaultValue, at: token.location)
        default: return make(.literal(.boolean(token.value == "true")), at: token.location)
        }
    }

    func parseCastExpression() throws(ParseError) -> Expression {
        let start = advance()
        try expect(.leftParen, "'('")
        let value = try expressionParser.parseExpression()
        try expectWord("as")
        let type = try typeNameParser.parseTypeName()
        try expect(.rightParen, "')'")
        return make(.cast(value, type), at: start.location)
    }

    func parseExistsExpression() throws(ParseError) -> Expression {
        let start = advance()
        guard let query = try parseParenthesizedQueryIfPresent() else {
            throw ParseError(message: "expected SELECT, found \(describe(peek()))", location: peek().location)
        }
        return make(.exists(query), at: start.location)
    }

    func parseRowConstructor() throws(ParseError) -> Expression {
        let start = advance()
        advance()
        var items: [Expression] = []
        if !at(.rightParen) { items = try expressionParser.parseExpressionList() }
        try expect(.rightParen, "')'")
        return make(.row(items), at: start.location)
    }

    /// A SQL value function written as a FROM item (`FROM CURRENT_DATE`, `FROM current_schema()`);
    /// nil (nothing consumed) when the current word is not one.
    func parseValueFunctionItemIfPresent() throws(ParseError) -> Expression? {
        guard current.kind == .word, Self.valueFunctions[current.value] != nil, peek().kind != .dot else { return nil }
        if current.value == "current_schema", peek().kind == .leftParen {
            let token = advance()
            advance()
            try expect(.rightParen, "')'")
            return make(.valueFunction(.currentSchema), at: token.location)
        }
        return try parseValueFunction()
    }

    /// CURRENT_DATE, CURRENT_TIMESTAMP(3), USER, ...
    func parseValueFunction() throws(ParseError) -> Expression {
        let token = advance()
        guard let function = Self.valueFunctions[token.value] else { throw error(expected: "expression") }
        if ["current_time", "current_timestamp", "localtime", "localtimestamp"].contains(token.value), at(.leftParen) {
            advance()
            try expect(.integer, "precision")
            try expect(.rightParen, "')'")
        }
        return make(.valueFunction(function), at: token.location)
    }

    /// `TYPE 'constant'` for a multi-word or modified builtin type; nil (nothing consumed) if the
    /// words are not followed by a string.
    func parseTypedConstantIfPresent() throws(ParseError) -> Expression? {
        let start = current
        let saved = mark()
        let type: TypeName
        do {
            type = try typeNameParser.parseTypeName()
        } catch {
            reset(saved)
            return nil
        }
        guard current.kind == .string else {
            reset(saved)
            return nil
        }
        let valueToken = advance()
        if type.name == "interval" { try typeNameParser.skipIntervalQualifier() }
        return make(.typedLiteral(type, valueToken.value, valueLocation: valueToken.location), at: start.location)
    }

    /// `name`, `t.col`, `s.t.col`, `t.*`, `f(...)`, `s.f(...)`, `typename 'constant'`.
    func parseNameExpression() throws(ParseError) -> Expression {
        let start = current
        var parts = [identifier(advance())]
        while at(.dot) {
            if peek().isOp("*") {
                advance()
                advance()
                return make(.qualifiedStar(QualifiedName(parts: parts)), at: start.location)
            }
            guard peek().kind == .word || peek().kind == .quotedIdentifier else { break }
            advance()
            parts.append(identifier(advance()))
        }
        let name = QualifiedName(parts: parts)
        if at(.leftParen) {
            let call = try parseFunctionCall(name: name)
            return make(.function(call), at: start.location)
        }
        if at(.string), let last = parts.last, parts.count <= 2 {
            let valueToken = advance()
            let type = TypeName(schema: parts.count == 2 ? parts[0].name : nil, name: last.name, modifiers: [], arrayDimensions: 0, location: start.location)
            return make(.typedLiteral(type, valueToken.value, valueLocation: valueToken.location), at: start.location)
        }
        return make(.column(name), at: start.location)
    }

    // MARK: - CASE, ARRAY

    func parseCase() throws(ParseError) -> Expression {
        let start = advance()
        var operand: Expression?
        if atWord("end") { throw error(expected: "WHEN") }
        if !atWord("when") { operand = try expressionParser.parseExpression() }
        var branches: [CaseBranch] = []
        while atWord("when") {
            let when = advance()
            let condition = try expressionParser.parseExpression()
            try expectWord("then")
            let result = try expressionParser.parseExpression()
            branches.append(CaseBranch(condition: condition, result: result, whenLocation: when.location))
        }
        if branches.isEmpty { throw error(expected: "WHEN") }
        var elseResult: Expression?
        if acceptWord("else") { elseResult = try expressionParser.parseExpression() }
        try expectWord("end")
        return make(.caseWhen(operand: operand, branches: branches, elseResult: elseResult), at: start.location)
    }

    func parseArrayConstructor() throws(ParseError) -> Expression {
        let start = advance()
        if at(.leftParen) {
            guard let query = try parseParenthesizedQueryIfPresent() else {
                throw ParseError(message: "expected SELECT, found \(describe(peek()))", location: peek().location)
            }
            return make(.arraySubquery(query), at: start.location)
        }
        guard at(.leftBracket) else { throw error(expected: "'[' or '('") }
        return try parseArrayBrackets(start: start.location)
    }

    /// `[a, b]` or `[[1, 2], [3, 4]]` (the inner brackets are array literals too).
    func parseArrayBrackets(start: SourceLocation) throws(ParseError) -> Expression {
        try enter()
        defer { leave() }
        try expect(.leftBracket, "'['")
        var elements: [Expression] = []
        if !at(.rightBracket) {
            repeat {
                if at(.leftBracket) {
                    elements.append(try parseArrayBrackets(start: current.location))
                } else {
                    elements.append(try expressionParser.parseExpression())
                }
            } while accept(.comma)
        }
        try expect(.rightBracket, "']'")
        return make(.arrayLiteral(elements), at: start)
    }
}
