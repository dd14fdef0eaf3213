// The statement's entry: which grammar a statement's first word selects, CALL, and the WITH in
// front of a query or data change.

/// A whole statement: its first word chooses the grammar part that parses the rest.
struct StatementParser: GrammarParser {
    let cursor: TokenCursor

    /// Statement keywords that are accepted and ignored (they define nothing the generator needs).
    static let ignoredStatements: Set<String> = [
        "grant", "revoke", "comment", "set", "reset", "begin", "commit", "rollback", "start", "end",
        "savepoint", "release", "abort", "do", "analyze", "analyse", "vacuum", "refresh", "truncate",
        "lock", "notify", "listen", "unlisten", "discard", "copy", "explain", "cluster",
        "reindex", "checkpoint", "security", "import", "prepare", "execute", "deallocate", "declare",
        "fetch", "move", "close", "load", "show", "reassign",
    ]

    /// Parses the whole statement; anything left over is an error.
    func parseTopLevelStatement() throws(ParseError) -> Statement {
        let statement = try parseStatement()
        if !atEnd {
            throw error(expected: "';'")
        }
        return statement
    }

    func parseStatement() throws(ParseError) -> Statement {
        let start = current
        guard start.kind == .word || start.kind == .leftParen else {
            throw error(expected: "statement")
        }
        switch start.value {
        case "select", "with", "values", "table", "insert", "update", "delete", "merge", "(":
            return try parseQueryStatement()
        case "create":
            return try createParser.parseCreate()
        case "alter":
            return try alterParser.parseAlter()
        case "drop":
            return try alterParser.parseDrop()
        case "set":
            return try alterParser.parseSet()
        case "call":
            return try parseCall()
        default:
            if start.kind == .word, Self.ignoredStatements.contains(start.value) {
                skipToEnd()
                return .ignored(keyword: start.value, location: start.location)
            }
            throw error(expected: "statement")
        }
    }

    /// `CALL name(arguments)`: the call as a function call expression.
    func parseCall() throws(ParseError) -> Statement {
        let start = current
        advance()
        let expression = try expressionParser.parseExpression()
        guard case .function(let call) = expression.kind else { throw error(expected: "procedure call") }
        return .call(call, location: start.location)
    }

    /// SELECT / VALUES / TABLE / INSERT / UPDATE / DELETE / MERGE, with an optional WITH in front.
    func parseQueryStatement() throws(ParseError) -> Statement {
        let start = current
        var with: WithClause?
        if atWord("with") {
            with = try selectParser.parseWithClause()
        }
        if atWord("insert") { return .insert(try dmlParser.parseInsert(with: with, start: start)) }
        if atWord("update") { return .update(try dmlParser.parseUpdate(with: with, start: start)) }
        if atWord("delete") { return .delete(try dmlParser.parseDelete(with: with, start: start)) }
        if atWord("merge") { return .merge(try dmlParser.parseMerge(with: with, start: start)) }
        let select = try selectParser.parseSelectStatement(with: with, start: start)
        if case .select(let core) = select.body, let into = core.into {
            // `SELECT ... INTO t FROM ...` is CREATE TABLE t AS SELECT ... FROM ...
            return .createTableAs(CreateTableAsStatement(
                name: into.name, ifNotExists: false, materialized: false, isTemporary: into.isTemporary, columns: [],
                query: select, location: start.location))
        }
        return .select(select)
    }
}
