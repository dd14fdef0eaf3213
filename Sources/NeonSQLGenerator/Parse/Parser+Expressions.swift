// Expressions, by precedence climbing over PostgreSQL's precedence table (gram.y), lowest first:
//   OR < AND < NOT < IS ISNULL NOTNULL < comparison (< > = <= >= <>) < BETWEEN IN LIKE ILIKE SIMILAR
//   < other operators (||, ->, @>, ...) < + - < * / % < ^ < AT TIME ZONE < COLLATE < unary minus
//   < [] subscript < :: cast < . field

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

extension Parser {
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

    func make(_ kind: ExpressionKind, at location: SourceLocation) -> Expression {
        Expression(kind, location: location, range: SourceRange(start: location, endOffset: max(lastEnd, location.offset)))
    }

    // MARK: - Prefix operators

    private func parsePrefixExpression() throws(ParseError) -> Expression {
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
        return try parsePostfix(try parsePrimary())
    }

    // MARK: - Infix and postfix-keyword operators

    /// Parses the operator at the current token and its right side if it binds at least as
    /// tightly as `minimum`; nil when the expression ends here.
    private func parseInfix(after left: Expression, minimum: Int) throws(ParseError) -> Expression? {
        let token = current
        let start = left.location
        switch token.kind {
        case .op:
            if token.value == "=>" || token.value == ":=" { return nil }
            let level = Precedence.of(operator: token.value)
            guard level >= minimum else { return nil }
            advance()
            return try parseBinaryRightSide(op: token.value, left: left, level: level)
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
            guard Precedence.collate >= minimum, !stopAtCollate else { return nil }
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

    /// `OPERATOR(schema.op)` after the keyword: returns the operator text.
    private func parseOperatorConstruct() throws(ParseError) -> String {
        try expect(.leftParen, "'('")
        while current.kind == .word || current.kind == .quotedIdentifier {
            advance()
            try expect(.dot, "'.'")
        }
        let op = try expect(.op, "operator")
        try expect(.rightParen, "')'")
        return op.value
    }

    /// After a binary operator: `ANY/SOME/ALL (...)` or the right operand.
    private func parseBinaryRightSide(op: String, left: Expression, level: Int) throws(ParseError) -> Expression {
        if let quantified = try parseQuantified(op: op, left: left) {
            return quantified
        }
        let right = try parseExpression(minimum: level + 1)
        return make(.binary(op: op, left, right), at: left.location)
    }

    /// `op ANY (array)`, `op ALL (SELECT ...)`; nil if no quantifier follows.
    private func parseQuantified(op: String, left: Expression) throws(ParseError) -> Expression? {
        guard current.kind == .word, ["any", "some", "all"].contains(current.value), peek().kind == .leftParen else {
            return nil
        }
        let quantifier: Quantifier = current.value == "all" ? .all : .any
        advance()
        if let query = try parseParenthesizedQueryIfPresent() {
            return make(.quantifiedSubquery(op: op, left, quantifier, query), at: left.location)
        }
        try expect(.leftParen, "'('")
        let array = try parseExpression()
        try expect(.rightParen, "')'")
        return make(.quantified(op: op, left, quantifier, array), at: left.location)
    }

    /// After `IS`: `[NOT] NULL | TRUE | FALSE | UNKNOWN | DISTINCT FROM x`.
    private func parseIsTest(_ left: Expression) throws(ParseError) -> Expression {
        let negated = acceptWord("not")
        let start = left.location
        if acceptWord("null") { return make(.isNull(left, negated: negated), at: start) }
        if acceptWord("true") { return make(.isTruth(left, value: true, negated: negated), at: start) }
        if acceptWord("false") { return make(.isTruth(left, value: false, negated: negated), at: start) }
        if acceptWord("unknown") { return make(.isTruth(left, value: nil, negated: negated), at: start) }
        if acceptWord("distinct") {
            try expectWord("from")
            let right = try parseExpression(minimum: Precedence.isTest + 1)
            return make(.isDistinctFrom(left, right, negated: negated), at: start)
        }
        throw error(expected: "NULL, TRUE, FALSE, UNKNOWN or DISTINCT FROM")
    }

    /// BETWEEN / IN / LIKE / ILIKE / SIMILAR TO, after an optional NOT.
    private func parsePredicate(_ left: Expression, negated: Bool) throws(ParseError) -> Expression {
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
            if let query = try parseParenthesizedQueryIfPresent() {
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

    private func parsePostfix(_ base: Expression) throws(ParseError) -> Expression {
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
                let type = try parseTypeName()
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
    private func parseAtom() throws(ParseError) -> Expression {
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
                throw ParseError(message: "there is no parameter \(source.text(from: token.start, to: token.end))", location: token.location)
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

    /// Records a parameter occurrence spanning from `start` to the last consumed token.
    func parameter(_ reference: ParameterReference, from start: Token) -> Expression {
        let range = SourceRange(start: start.location, endOffset: lastEnd)
        let node = ParameterNode(reference: reference, location: start.location, range: range)
        parameters.append(node)
        return Expression(.parameter(node), location: start.location, range: range)
    }

    /// True if the tokens from `offset` on start a query: any number of `(` then SELECT/WITH/VALUES/TABLE.
    /// `direct` is true when there is no extra parenthesis in between.
    func queryStarts(at offset: Int) -> (isQuery: Bool, direct: Bool) {
        // Every `(` of a run shares the token after the run: found once per run, so `((((...` is
        // linear, not quadratic in its length.
        var position = index + offset
        if let run = leftParenRun, run.start <= position, position <= run.end {
            position = run.end
        } else {
            let start = position
            while tokens[min(position, tokens.count - 1)].kind == .leftParen {
                position += 1
                tokenReads += 1
            }
            leftParenRun = (start, position)
        }
        let distance = position - index
        let token = peek(distance)
        let isQuery = token.kind == .word && ["select", "with", "values", "table"].contains(token.value)
        return (isQuery, distance == offset)
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
            let query = try parseSelectStatement()
            try expect(.rightParen, "')'")
            return query
        } catch {
            if direct { throw error }
            reset(saved)
            return nil
        }
    }

    private func parseParenthesizedExpression() throws(ParseError) -> Expression {
        let start = current
        if let query = try parseParenthesizedQueryIfPresent() {
            return make(.scalarSubquery(query), at: start.location)
        }
        advance()
        let savedCollate = stopAtCollate
        stopAtCollate = false
        defer { stopAtCollate = savedCollate }
        let first = try parseExpression()
        if accept(.comma) {
            var items = [first]
            items.append(contentsOf: try parseExpressionList())
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
    private static let typeKeywords: Set<String> = [
        "timestamp", "time", "interval", "double", "character", "char", "varchar", "nchar", "national",
        "bit", "numeric", "decimal", "dec", "int", "integer", "smallint", "bigint", "real", "float", "boolean",
    ]

    private static let specialSyntaxFunctions: Set<String> = ["extract", "substring", "position", "trim", "overlay"]

    private enum WordExpression {
        case constant, caseExpression, cast, exists, array, row, sqlcParameter, unsupportedSqlcMacro, valueFunction, specialFunction
        case typeKeyword, name, reserved
    }

    private func classifyWord() -> WordExpression {
        let word = current.value
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
        if Parser.valueFunctions[word] != nil, !(word == "current_schema" && next.kind == .leftParen) { return .valueFunction }
        if Parser.specialSyntaxFunctions.contains(word), next.kind == .leftParen { return .specialFunction }
        if Parser.typeKeywords.contains(word) { return .typeKeyword }
        if Keywords.reserved.contains(word) || (Keywords.typeOrFunctionName.contains(word) && next.kind != .leftParen) {
            return .reserved
        }
        return .name
    }

    private func parseWordExpression() throws(ParseError) -> Expression {
        switch classifyWord() {
        case .constant: return parseKeywordConstant()
        case .caseExpression: return try parseCase()
        case .cast: return try parseCastExpression()
        case .exists: return try parseExistsExpression()
        case .array: return try parseArrayConstructor()
        case .row: return try parseRowConstructor()
        case .sqlcParameter: return try parseSqlcParameter()
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
    private func parseKeywordConstant() -> Expression {
        let token = advance()
        switch token.value {
        case "null": return make(.literal(.null), at: token.location)
        case "default": return make(.defaultValue, at: token.location)
        default: return make(.literal(.boolean(token.value == "true")), at: token.location)
        }
    }

    private func parseCastExpression() throws(ParseError) -> Expression {
        let start = advance()
        try expect(.leftParen, "'('")
        let value = try parseExpression()
        try expectWord("as")
        let type = try parseTypeName()
        try expect(.rightParen, "')'")
        return make(.cast(value, type), at: start.location)
    }

    private func parseExistsExpression() throws(ParseError) -> Expression {
        let start = advance()
        guard let query = try parseParenthesizedQueryIfPresent() else {
            throw ParseError(message: "expected SELECT, found \(describe(peek()))", location: peek().location)
        }
        return make(.exists(query), at: start.location)
    }

    private func parseRowConstructor() throws(ParseError) -> Expression {
        let start = advance()
        advance()
        var items: [Expression] = []
        if !at(.rightParen) { items = try parseExpressionList() }
        try expect(.rightParen, "')'")
        return make(.row(items), at: start.location)
    }

    /// A SQL value function written as a FROM item (`FROM CURRENT_DATE`, `FROM current_schema()`);
    /// nil (nothing consumed) when the current word is not one.
    func parseValueFunctionItemIfPresent() throws(ParseError) -> Expression? {
        guard current.kind == .word, Parser.valueFunctions[current.value] != nil, peek().kind != .dot else { return nil }
        if current.value == "current_schema", peek().kind == .leftParen {
            let token = advance()
            advance()
            try expect(.rightParen, "')'")
            return make(.valueFunction(.currentSchema), at: token.location)
        }
        return try parseValueFunction()
    }

    /// CURRENT_DATE, CURRENT_TIMESTAMP(3), USER, ...
    private func parseValueFunction() throws(ParseError) -> Expression {
        let token = advance()
        guard let function = Parser.valueFunctions[token.value] else { throw error(expected: "expression") }
        if ["current_time", "current_timestamp", "localtime", "localtimestamp"].contains(token.value), at(.leftParen) {
            advance()
            try expect(.integer, "precision")
            try expect(.rightParen, "')'")
        }
        return make(.valueFunction(function), at: token.location)
    }

    /// `TYPE 'constant'` for a multi-word or modified builtin type; nil (nothing consumed) if the
    /// words are not followed by a string.
    private func parseTypedConstantIfPresent() throws(ParseError) -> Expression? {
        let start = current
        let saved = mark()
        let type: TypeName
        do {
            type = try parseTypeName()
        } catch {
            reset(saved)
            return nil
        }
        guard current.kind == .string else {
            reset(saved)
            return nil
        }
        let value = advance().value
        if type.name == "interval" { try skipIntervalQualifier() }
        return make(.typedLiteral(type, value), at: start.location)
    }

    /// `name`, `t.col`, `s.t.col`, `t.*`, `f(...)`, `s.f(...)`, `typename 'constant'`.
    private func parseNameExpression() throws(ParseError) -> Expression {
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
            let value = advance().value
            let type = TypeName(schema: parts.count == 2 ? parts[0].name : nil, name: last.name, modifiers: [], arrayDimensions: 0, location: start.location)
            return make(.typedLiteral(type, value), at: start.location)
        }
        return make(.column(name), at: start.location)
    }

    /// `left [NOT] IN (sqlc.slice(name))`, after IN: an array parameter compared with `= ANY` (`<> ALL`
    /// for NOT IN). The parameter's occurrence spans from `IN` (or `NOT`) to the closing `)`, so the
    /// SQL sent reads `left = ANY($n)`.
    private func parseSqlcSlice(_ left: Expression, negated: Bool) throws(ParseError) -> Expression {
        let keyword = tokens[max(0, index - (negated ? 2 : 1))]
        try expect(.leftParen, "'('")
        advance()
        advance()
        advance()
        try expect(.leftParen, "'('")
        let nameToken = current
        let name: String
        switch nameToken.kind {
        case .word: name = source.text(from: nameToken.start, to: nameToken.end)
        case .quotedIdentifier, .string: name = nameToken.value
        default: throw error(expected: "parameter name")
        }
        advance()
        try expect(.rightParen, "')'")
        try expect(.rightParen, "')'")
        let range = SourceRange(start: keyword.location, endOffset: lastEnd)
        var node = ParameterNode(reference: .named(name), location: nameToken.location, range: range)
        node.template = negated ? "<> ALL($n)" : "= ANY($n)"
        parameters.append(node)
        let array = Expression(.parameter(node), location: nameToken.location, range: range)
        return make(.quantified(op: negated ? "<>" : "=", left, negated ? .all : .any, array), at: left.location)
    }

    /// `sqlc.arg(name)`, `sqlc.arg('name')`, `sqlc.narg(name)`, and `sqlc.slice(name)` outside
    /// `IN (...)`: one parameter spanning the call.
    private func parseSqlcParameter() throws(ParseError) -> Expression {
        let start = advance()
        advance()
        let nullable = advance().value == "narg"
        try expect(.leftParen, "'('")
        let nameToken = current
        let name: String
        switch nameToken.kind {
        case .word: name = source.text(from: nameToken.start, to: nameToken.end)
        case .quotedIdentifier, .string: name = nameToken.value
        default: throw error(expected: "parameter name")
        }
        advance()
        try expect(.rightParen, "')'")
        return parameter(nullable ? .nullableNamed(name) : .named(name), from: start)
    }

    // MARK: - CASE, ARRAY

    private func parseCase() throws(ParseError) -> Expression {
        let start = advance()
        var operand: Expression?
        if atWord("end") { throw error(expected: "WHEN") }
        if !atWord("when") { operand = try parseExpression() }
        var branches: [CaseBranch] = []
        while acceptWord("when") {
            let condition = try parseExpression()
            try expectWord("then")
            let result = try parseExpression()
            branches.append(CaseBranch(condition: condition, result: result))
        }
        if branches.isEmpty { throw error(expected: "WHEN") }
        var elseResult: Expression?
        if acceptWord("else") { elseResult = try parseExpression() }
        try expectWord("end")
        return make(.caseWhen(operand: operand, branches: branches, elseResult: elseResult), at: start.location)
    }

    private func parseArrayConstructor() throws(ParseError) -> Expression {
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
    private func parseArrayBrackets(start: SourceLocation) throws(ParseError) -> Expression {
        try enter()
        defer { leave() }
        try expect(.leftBracket, "'['")
        var elements: [Expression] = []
        if !at(.rightBracket) {
            repeat {
                if at(.leftBracket) {
                    elements.append(try parseArrayBrackets(start: current.location))
                } else {
                    elements.append(try parseExpression())
                }
            } while accept(.comma)
        }
        try expect(.rightBracket, "']'")
        return make(.arrayLiteral(elements), at: start)
    }

    // MARK: - Function calls

    /// The argument list and trailing clauses of `name(...)`: DISTINCT, `*`, VARIADIC, named
    /// arguments (`a => 1`, names kept in `argumentNames`), ORDER BY, WITHIN GROUP, FILTER, OVER.
    func parseFunctionCall(name: QualifiedName) throws(ParseError) -> FunctionCall {
        try enter()
        defer { leave() }
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
                arguments.append(try parseExpression())
            } while accept(.comma)
            if !argumentNames.isEmpty {
                argumentNames += [String?](repeating: nil, count: arguments.count - argumentNames.count)
            }
            if atWord("order"), peek().isWord("by") {
                orderBy = try parseOrderBy()
            }
        }
        try expect(.rightParen, "')'")
        var withinGroup: [OrderItem] = []
        if atWord("within"), peek().isWord("group") {
            advance()
            advance()
            try expect(.leftParen, "'('")
            withinGroup = try parseOrderBy()
            try expect(.rightParen, "')'")
        }
        var filter: Expression?
        if atWord("filter"), peek().kind == .leftParen {
            advance()
            advance()
            try expectWord("where")
            filter = try parseExpression()
            try expect(.rightParen, "')'")
        }
        var over: WindowSpecification?
        if atWord("over"), peek().kind == .leftParen || peek().kind == .quotedIdentifier
            || (peek().kind == .word && Keywords.isColumnName(peek().value)) {
            advance()
            if at(.leftParen) {
                over = try parseWindowSpecification()
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

    private func call(_ name: String, at location: SourceLocation, _ arguments: [Expression]) -> FunctionCall {
        FunctionCall(
            name: QualifiedName(parts: [Identifier(name: name, quoted: false, location: location)]),
            arguments: arguments, isStar: false, isDistinct: false, orderBy: [], withinGroup: [],
            filter: nil, over: nil, hasVariadicArgument: false
        )
    }

    /// EXTRACT, SUBSTRING, POSITION, TRIM, OVERLAY with their keyword syntax, normalized to plain calls.
    private func parseSpecialFunction() throws(ParseError) -> Expression {
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
            arguments = [fieldLiteral, try parseExpression()]
        case "substring":
            let string = try parseExpression()
            if acceptWord("from") {
                arguments = [string, try parseExpression()]
                if acceptWord("for") { arguments.append(try parseExpression()) }
            } else if acceptWord("for") {
                let count = try parseExpression()
                var from = make(.literal(.integer("1")), at: location)
                if acceptWord("from") { from = try parseExpression() }
                arguments = [string, from, count]
            } else if acceptWord("similar") {
                let pattern = try parseExpression()
                try expectWord("escape")
                arguments = [string, pattern, try parseExpression()]
            } else {
                arguments = [string]
                if accept(.comma) { arguments.append(contentsOf: try parseExpressionList()) }
            }
        case "position":
            let needle = try parseExpression(minimum: Precedence.other)
            if acceptWord("in") {
                let haystack = try parseExpression(minimum: Precedence.other)
                arguments = [haystack, needle]
            } else {
                arguments = [needle]
                if accept(.comma) { arguments.append(contentsOf: try parseExpressionList()) }
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
                arguments = try parseExpressionList()
            } else {
                let first = try parseExpression()
                if acceptWord("from") {
                    arguments = try parseExpressionList() + [first]
                } else {
                    arguments = [first]
                    if accept(.comma) { arguments.append(contentsOf: try parseExpressionList()) }
                }
            }
        default: // overlay
            let target = try parseExpression()
            if acceptWord("placing") {
                let replacement = try parseExpression()
                try expectWord("from")
                arguments = [target, replacement, try parseExpression()]
                if acceptWord("for") { arguments.append(try parseExpression()) }
            } else {
                arguments = [target]
                if accept(.comma) { arguments.append(contentsOf: try parseExpressionList()) }
            }
        }
        try expect(.rightParen, "')'")
        return make(.function(call(name, at: location, arguments)), at: location)
    }

    // MARK: - ORDER BY and windows

    /// `ORDER BY item, ...` (the keywords included).
    func parseOrderBy() throws(ParseError) -> [OrderItem] {
        try expectWord("order")
        try expectWord("by")
        return try parseOrderItems()
    }

    /// `expr [ASC | DESC | USING op] [NULLS FIRST | LAST], ...` (ORDER BY's list; a `-- @sort` key).
    func parseOrderItems() throws(ParseError) -> [OrderItem] {
        var items: [OrderItem] = []
        repeat {
            let expression = try parseExpression()
            var descending = false
            if acceptWord("desc") {
                descending = true
            } else if acceptWord("asc") {
            } else if acceptWord("using") {
                let op = try expect(.op, "operator")
                descending = op.value == ">"
            }
            var nullsFirst: Bool?
            if atWord("nulls"), peek().isWord("first") || peek().isWord("last") {
                advance()
                nullsFirst = advance().value == "first"
            }
            items.append(OrderItem(expression: expression, descending: descending, nullsFirst: nullsFirst))
        } while accept(.comma)
        return items
    }

    /// `( [existing] [PARTITION BY ...] [ORDER BY ...] [frame] )`; the frame is parsed and dropped.
    func parseWindowSpecification() throws(ParseError) -> WindowSpecification {
        let start = try expect(.leftParen, "'('")
        var name: Identifier?
        if atColumnId, !(current.kind == .word && ["partition", "order", "rows", "range", "groups"].contains(current.value)) {
            name = identifier(advance())
        }
        var partitionBy: [Expression] = []
        if acceptWord("partition") {
            try expectWord("by")
            partitionBy = try parseExpressionList()
        }
        var orderBy: [OrderItem] = []
        if atWord("order") {
            orderBy = try parseOrderBy()
        }
        var includesCurrentRow = true
        if current.kind == .word, ["rows", "range", "groups"].contains(current.value) {
            advance()
            let frameStart: FrameBound
            var frameEnd = FrameBound.currentRow
            if acceptWord("between") {
                frameStart = try parseFrameBound()
                try expectWord("and")
                frameEnd = try parseFrameBound()
            } else {
                frameStart = try parseFrameBound()
            }
            includesCurrentRow = frameStart != .following && frameEnd != .preceding
            if acceptWord("exclude") {
                if acceptWord("current") {
                    try expectWord("row")
                    includesCurrentRow = false
                } else if acceptWord("no") {
                    try expectWord("others")
                } else if acceptWord("group") {
                    includesCurrentRow = false
                } else if !acceptWord("ties") {
                    throw error(expected: "CURRENT ROW, GROUP, TIES or NO OTHERS")
                }
            }
        }
        try expect(.rightParen, "')'")
        var specification = WindowSpecification(name: name, partitionBy: partitionBy, orderBy: orderBy, location: start.location)
        specification.frameIncludesCurrentRow = includesCurrentRow
        return specification
    }

    /// Where a frame bound lies relative to the current row (UNBOUNDED counts as its direction).
    private enum FrameBound { case preceding, currentRow, following }

    private func parseFrameBound() throws(ParseError) -> FrameBound {
        if acceptWord("unbounded") {
            if acceptWord("preceding") { return .preceding }
            try expectWord("following")
            return .following
        }
        if acceptWord("current") {
            try expectWord("row")
            return .currentRow
        }
        _ = try parseExpression(minimum: Precedence.and + 1)
        if acceptWord("preceding") { return .preceding }
        try expectWord("following")
        return .following
    }
}
