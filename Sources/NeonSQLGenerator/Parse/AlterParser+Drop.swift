// DROP of every object kind: the catalog checks and applies the ones it models (tables, views,
// materialized views, types, schemas, functions); the rest are accepted without a check.

extension AlterParser {
    func parseDrop() throws(ParseError) -> Statement {
        let start = advance()
        guard current.kind == .word else { throw error(expected: "object type") }
        let kind: DropObjectKind
        switch current.value {
        case "table": kind = .table
        case "view": kind = .view
        case "type": kind = .type
        case "domain": kind = .domain
        case "schema": kind = .schema
        case "function": kind = .function
        case "procedure": kind = .procedure
        case "aggregate":
            // An argument list this parser cannot read leaves the statement ignored, as before.
            let saved = mark()
            if let drop = try? parseDropObjects(start: start, kind: .function) { return drop }
            reset(saved)
            skipToEnd()
            return .ignored(keyword: "drop aggregate", location: start.location)
        case "index": kind = .index
        case "materialized" where peek().isWord("view"):
            advance()
            kind = .materializedView
        case "cast":
            return try parseDropCast(start: start)
        case "operator" where peek().kind != .word || peek().isWord("if") || peek(2).kind == .dot:
            if let dropped = parseDropOperators(start: start) { return dropped }
            skipToEnd()
            return .ignored(keyword: "drop operator", location: start.location)
        default:
            var word = current.value
            if word == "materialized" || word == "foreign" || word == "access" || word == "event" || word == "text" { word += " \(peek().value)" }
            skipToEnd()
            return .ignored(keyword: "drop \(word)", location: start.location)
        }
        return try parseDropObjects(start: start, kind: kind)
    }

    /// After `DROP`, at the object kind's word: `[IF EXISTS] name[(types)], ... [CASCADE | RESTRICT]`.
    private func parseDropObjects(start: Token, kind: DropObjectKind) throws(ParseError) -> Statement {
        let isAggregate = advance().value == "aggregate"
        if kind == .index { _ = acceptWord("concurrently") }
        let ifExists = acceptWords("if", "exists")
        var names: [QualifiedName] = []
        var functions: [FunctionSignatureReference] = []
        repeat {
            let name = try parseQualifiedName("name")
            names.append(name)
            if kind == .function || kind == .procedure {
                var types: [TypeName]?
                if isAggregate {
                    types = try routineParser.parseAggregateArgumentTypes()
                } else if at(.leftParen) {
                    types = try routineParser.parseFunctionParameters().filter { $0.mode != .out }.map(\.type)
                }
                functions.append(FunctionSignatureReference(name: name, argumentTypes: types))
            }
        } while accept(.comma)
        var cascade = false
        if acceptWord("cascade") { cascade = true } else { _ = acceptWord("restrict") }
        var statement = DropStatement(kind: kind, names: names, ifExists: ifExists, location: start.location)
        statement.functions = functions
        statement.cascade = cascade
        return .drop(statement)
    }
}
