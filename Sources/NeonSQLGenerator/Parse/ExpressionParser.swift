// Expressions, by precedence climbing over PostgreSQL's precedence table (gram.y), lowest first:
//   OR < AND < NOT < IS ISNULL NOTNULL < comparison (< > = <= >= <>) < BETWEEN IN LIKE ILIKE SIMILAR
//   < other operators (||, ->, @>, ...) < + - < * / % < ^ < AT TIME ZONE < COLLATE < unary minus
//   < [] subscript < :: cast < . field
// The postfix forms (IS [NOT] NULL/TRUE/FALSE/UNKNOWN/DOCUMENT/NORMALIZED, ISNULL, NOTNULL,
// [NOT] IN (...), op ANY (...), COLLATE) end an a_expr that bison reduces before it looks further:
// a `::` after one casts the whole of it (`x NOTNULL::int` is `(x NOTNULL)::int`), as does one
// after any infix form whose right side ends in `)`.

/// Binding strengths of PostgreSQL's operators (higher binds tighter).
enum Precedence {
    static let or = 1
    static let and = 2
    static let not = 3
    static let isTest = 4
    static let comparison = 5
    static let like = 6
    static let other = 7
    static let additive = 8
    static let multiplicative = 9
    static let exponent = 10
    static let atTimeZone = 11
    static let collate = 12
    static let unary = 13
    /// `::` after an expression that ends in a postfix keyword or `)` (see the header).
    static let typecast = 14

    /// The level of a binary operator token.
    static func of(operator text: String) -> Int {
        switch text {
        case "=", "<", ">", "<=", ">=", "<>": return comparison
        case "+", "-": return additive
        case "*", "/", "%": return multiplicative
        case "^": return exponent
        default: return other
        }
    }
}

/// Value expressions by precedence climbing: operators, predicates, postfix forms and sqlc macros.
struct ExpressionParser: GrammarParser {
    let cursor: TokenCursor

    /// A full expression (PostgreSQL's a_expr).
    func parseExpression() throws(ParseError) -> Expression {
        try parseExpression(minimum: Precedence.or)
    }

    /// An expression whose binary operators all bind at least as tightly as `minimum`.
    func parseExpression(minimum: Int) throws(ParseError) -> Expression {
        try enter()
        defer { leave() }
        var left = try parsePrefixExpression()
        while let combined = try parseInfix(after: left, minimum: minimum) {
            left = combined
        }
        return left
    }

    /// Comma-separated expressions.
    func parseExpressionList() throws(ParseError) -> [Expression] {
        var list: [Expression] = []
        repeat {
            list.append(try parseExpression())
        } while accept(.comma)
        return list
    }

    // MARK: - Prefix operators

    func parsePrefixExpression() throws(ParseError) -> Expression {
        let start = current
        if start.isWord("not") {
            advance()
            let operand = try parseExpression(minimum: Precedence.isTest)
            return make(.unary(op: "not", operand), at: start.location)
        }
        if start.kind == .op, start.value != "*", start.value != "=>", start.value != ":=" {
            advance()
            let minimum = start.value == "-" || start.value == "+" ? Precedence.unary : Precedence.additive
            let operand = try parseExpression(minimum: minimum)
            return make(.unary(op: start.value, operand), at: start.location)
        }
        // `OPERATOR(pg_catalog.-) x`: a prefix operator written as qual_Op (precedence Op).
        if start.isWord("operator"), peek().kind == .leftParen, peek(2).kind == .op || peek(3).kind == .dot {
            advance()
            let op = try parseOperatorConstruct()
            let operand = try parseExpression(minimum: Precedence.other + 1)
            return make(.unary(op: op, operand), at: start.location)
        }
        return try parsePostfix(try primaryParser.parsePrimary())
    }

    // MARK: - Infix and postfix-keyword operators

    /// Parses the operator at the current token and its right side if it binds at least as
    /// tightly as `minimum`; nil when the expression ends here.
    func parseInfix(after left: Expression, minimum: Int) throws(ParseError) -> Expression? {
        let token = current
        let start = left.location
        switch token.kind {
        case .op:
            if token.value == "=>" || token.value == ":=" { return nil }
            let level = Precedence.of(operator: token.value)
            guard level >= minimum else { return nil }
            advance()
            return try parseBinaryRightSide(op: token.value, left: left, level: level)
        case .doubleColon:
            // Reached only after a postfix or infix form (a primary's own casts are its postfix).
            advance()
            let type = try typeNameParser.parseTypeName()
            return make(.cast(left, type), at: start)
        case .word:
            break
        default:
            return nil
        }
        switch token.value {
        case "or", "and":
            let level = token.value == "or" ? Precedence.or : Precedence.and
            guard level >= minimum else { return nil }
            advance()
            let right = try parseExpression(minimum: level + 1)
            return make(.binary(op: token.value, left, right), at: start)
        case "is":
            guard Precedence.isTest >= minimum else { return nil }
            advance()
            return try parseIsTest(left)
        case "isnull", "notnull":
            guard Precedence.isTest >= minimum else { return nil }
            advance()
            return make(.isNull(left, negated: token.value == "notnull"), at: start)
        case "not":
            let next = peek()
            guard next.kind == .word, ["between", "in", "like", "ilike", "similar"].contains(next.value),
                  Precedence.like >= minimum else { return nil }
            advance()
            return try parsePredicate(left, negated: true)
        case "between", "in", "like", "ilike":
            guard Precedence.like >= minimum else { return nil }
            return try parsePredicate(left, negated: false)
        case "similar":
            guard Precedence.like >= minimum, peek().isWord("to") else { return nil }
            return try parsePredicate(left, negated: false)
        case "at":
            guard Precedence.atTimeZone >= minimum, peek().isWord("time"), peek(2).isWord("zone") else { return nil }
            advance(); advance(); advance()
            let zone = try parseExpression(minimum: Precedence.atTimeZone + 1)
            return make(.atTimeZone(left, zone), at: start)
        case "collate":
            guard Precedence.collate >= minimum, !cursor.stopAtCollate else { return nil }
            advance()
            let collation = try parseQualifiedName("collation name")
            return make(.collate(left, collation), at: start)
        case "overlaps":
            guard Precedence.like >= minimum, case .row = left.kind else { return nil }
            return try parseOverlaps(left)
        case "operator":
            guard Precedence.other >= minimum, peek().kind == .leftParen else { return nil }
            advance()
            let op = try parseOperatorConstruct()
            return try parseBinaryRightSide(op: op, left: left, level: Precedence.other)
        default:
            return nil
        }
    }

    /// `OPERATOR(schema.op)` after the keyword: returns the operator text, `schema.op` when a
    /// schema is named (the last name before the operator), which the operator is looked up in.
    func parseOperatorConstruct() throws(ParseError) -> String {
        try expect(.leftParen, "'('")
        var schema: String?
        while current.kind == .word || current.kind == .quotedIdentifier {
            schema = identifier(advance()).name
            try expect(.dot, "'.'")
        }
        let op = try expect(.op, "operator")
        try expect(.rightParen, "')'")
        return schema.map { $0 + "." + op.value } ?? op.value
    }

    /// After a binary operator: `ANY/SOME/ALL (...)` or the right operand.
    func parseBinaryRightSide(op: String, left: Expression, level: Int) throws(ParseError) -> Expression {
        if let quantified = try parseQuantified(op: op, left: left) {
            return quantified
        }
        let right = try parseExpression(minimum: level + 1)
        return make(.binary(op: op, left, right), at: left.location)
    }

    /// `op ANY (array)`, `op ALL (SELECT ...)`; nil if no quantifier follows.
    func parseQuantified(op: String, left: Expression) throws(ParseError) -> Expression? {
        guard current.kind == .word, ["any", "some", "all"].contains(current.value), peek().kind == .leftParen else {
            return nil
        }
        let quantifier: Quantifier = current.value == "all" ? .all : .any
        advance()
        if let query = try primaryParser.parseParenthesizedQueryIfPresent() {
            return make(.quantifiedSubquery(op: op, left, quantifier, query), at: left.location)
        }
        try expect(.leftParen, "'('")
        let array = try parseExpression()
        try expect(.rightParen, "')'")
        return make(.quantified(op: op, left, quantifier, array), at: left.location)
    }

    /// After `IS`: `[NOT] NULL | TRUE | FALSE | UNKNOWN | DISTINCT FROM x | DOCUMENT |
    /// [NFC | NFD | NFKC | NFKD] NORMALIZED`.
    func parseIsTest(_ left: Expression) throws(ParseError) -> Expression {
        let negated = acceptWord("not")
        let start = left.location
        if acceptWord("null") { return make(.isNull(left, negated: negated), at: start) }
        if acceptWord("true") { return make(.isTruth(left, value: true, negated: negated), at: start) }
        if acceptWord("false") { return make(.isTruth(left, value: false, negated: negated), at: start) }
        if acceptWord("unknown") { return make(.isTruth(left, value: nil, negated: negated), at: start) }
        if acceptWord("document") { return make(.isDocument(left, negated: negated), at: start) }
        if let normalized = try parseIsNormalizedIfPresent(left, negated: negated) { return normalized }
        if acceptWord("distinct") {
            try expectWord("from")
            let right = try parseExpression(minimum: Precedence.isTest + 1)
            return make(.isDistinctFrom(left, right, negated: negated), at: start)
        }
        throw error(expected: "NULL, TRUE, FALSE, UNKNOWN, DOCUMENT, NORMALIZED or DISTINCT FROM")
    }

    /// `[NFC | NFD | NFKC | NFKD] NORMALIZED` after `IS [NOT]`: PostgreSQL's own reading,
    /// `is_normalized(x[, 'NFC'])` (under NOT when negated); nil (nothing consumed) otherwise.
    private func parseIsNormalizedIfPresent(_ left: Expression, negated: Bool) throws(ParseError) -> Expression? {
        let formToken = ["nfc", "nfd", "nfkc", "nfkd"].contains(current.value) && peek().isWord("normalized") ? current : nil
        guard formToken != nil || atWord("normalized") else { return nil }
        var arguments = [left]
        if let formToken {
            advance()
            arguments.append(make(.literal(.string(formToken.value.uppercased())), at: formToken.location))
        }
        advance()
        let call = FunctionCall(name: QualifiedName(parts: [Identifier(name: "is_normalized", quoted: false, location: left.location)]),
                                arguments: arguments, isStar: false, isDistinct: false, orderBy: [], withinGroup: [],
                                filter: nil, over: nil, hasVariadicArgument: false)
        let test = make(.function(call), at: left.location)
        return negated ? make(.unary(op: "not", test), at: left.location) : test
    }

    /// BETWEEN / IN / LIKE / ILIKE / SIMILAR TO, after an optional NOT.
    func parsePredicate(_ left: Expression, negated: Bool) throws(ParseError) -> Expression {
        let start = left.location
        let keyword = advance().value
        switch keyword {
        case "between":
            if !acceptWord("symmetric") { _ = acceptWord("asymmetric") }
            let low = try parseExpression(minimum: Precedence.like + 1)
            try expectWord("and")
            let high = try parseExpression(minimum: Precedence.like + 1)
            return make(.between(left, low: low, high: high, negated: negated), at: start)
        case "in":
            if let query = try primaryParser.parseParenthesizedQueryIfPresent() {
                return make(.inSubquery(left, query, negated: negated), at: start)
            }
            if current.kind == .leftParen, peek().isWord("sqlc"), peek(2).kind == .dot, peek(3).isWord("slice"), peek(4).kind == .leftParen {
                return try parseSqlcSlice(left, negated: negated)
            }
            try expect(.leftParen, "'('")
            let list = try parseExpressionList()
            try expect(.rightParen, "')'")
            return make(.inList(left, list, negated: negated), at: start)
        default:
            let similar = keyword == "similar"
            if similar { try expectWord("to") }
            let caseInsensitive = keyword == "ilike"
            if !similar {
                let op = (negated ? "!" : "") + (caseInsensitive ? "~~*" : "~~")
                if let quantified = try parseQuantified(op: op, left: left) {
                    return quantified
                }
            }
            let pattern = try parseExpression(minimum: Precedence.like + 1)
            var escape: Expression?
            if acceptWord("escape") {
                escape = try parseExpression(minimum: Precedence.like + 1)
            }
            return make(.like(left, pattern: pattern, escape: escape, caseInsensitive: caseInsensitive, similar: similar, negated: negated), at: start)
        }
    }

    // MARK: - Postfix: subscripts, casts, field selection

    func parsePostfix(_ base: Expression) throws(ParseError) -> Expression {
        var expression = base
        while true {
            switch current.kind {
            case .leftBracket:
                advance()
                var lower: Expression?
                var upper: Expression?
                var isSlice = false
                if !at(.colon) { lower = try parseExpression() }
                if accept(.colon) {
                    isSlice = true
                    if !at(.rightBracket) { upper = try parseExpression() }
                }
                try expect(.rightBracket, "']'")
                expression = make(.arraySubscript(expression, lower: lower, upper: upper, isSlice: isSlice), at: base.location)
            case .doubleColon:
                advance()
                let type = try typeNameParser.parseTypeName()
                expression = make(.cast(expression, type), at: base.location)
            case .dot:
                advance()
                if atOp("*") {
                    advance()
                    expression = make(.fieldStar(expression), at: base.location)
                    continue
                }
                let field = try parseLabel("field name")
                expression = make(.fieldSelection(expression, field), at: base.location)
            default:
                return expression
            }
        }
    }
}
