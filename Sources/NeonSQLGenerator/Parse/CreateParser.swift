// DDL: CREATE TABLE [AS] / TYPE ... AS ENUM / [MATERIALIZED] VIEW / SCHEMA; CREATE TABLE's columns
// and constraints are in TableElementParser.swift, CREATE FUNCTION in RoutineParser.swift,
// ALTER in AlterParser.swift, DROP in AlterParser+Drop.swift. Every other CREATE is accepted and ignored.

/// CREATE statements other than functions and triggers: tables, views, indexes, sequences, types.
struct CreateParser: GrammarParser {
    let cursor: TokenCursor

    /// Words that may come between CREATE and the object kind.
    private static let createModifiers: Set<String> = [
        "temp", "temporary", "unlogged", "global", "local", "recursive", "materialized", "unique",
        "constraint", "trusted", "procedural", "default",
    ]

    func parseCreate() throws(ParseError) -> Statement {
        let start = advance()
        let orReplace = acceptWords("or", "replace")
        var materialized = false
        var temporary = false
        var unique = false
        while current.kind == .word, Self.createModifiers.contains(current.value) {
            let word = advance().value
            if word == "materialized" { materialized = true }
            if word == "temp" || word == "temporary" { temporary = true }
            if word == "unique" { unique = true }
        }
        guard current.kind == .word else { throw error(expected: "object type") }
        let kind = current.value
        if let definition = try parseTypeDefinition(start: start) { return definition }
        switch kind {
        case "table":
            return try parseCreateTable(start: start, temporary: temporary)
        case "function", "procedure":
            return try routineParser.parseCreateFunction(start: start, orReplace: orReplace)
        case "trigger":
            return routineParser.parseCreateTrigger(start: start)
        case "policy":
            return routineParser.parseCreatePolicy(start: start)
        case "rule":
            return routineParser.parseCreateRule(start: start)
        case "index":
            return try parseCreateIndex(start: start, isUnique: unique)
        case "type":
            if peek(1).kind == .word || peek(1).kind == .quotedIdentifier {
                let saved = mark()
                advance()
                let name = try parseQualifiedName("type name")
                if acceptWords("as", "enum") {
                    try expect(.leftParen, "'('")
                    var labels: [String] = []
                    if !at(.rightParen) {
                        repeat {
                            labels.append(try expect(.string, "enum label").value)
                        } while accept(.comma)
                    }
                    try expect(.rightParen, "')'")
                    return .createEnum(CreateEnumStatement(name: name, labels: labels, location: start.location))
                }
                reset(saved)
            }
        case "cast":
            return try parseCreateCast(start: start)
        case "aggregate":
            if let aggregate = parseCreateAggregate(start: start, orReplace: orReplace) { return aggregate }
        case "operator":
            if let created = parseCreateOperator(start: start) { return created }
        case "sequence":
            return try parseCreateSequence(start: start, temporary: temporary)
        case "view":
            return try parseCreateView(start: start, orReplace: orReplace, materialized: materialized, temporary: temporary)
        case "schema":
            advance()
            let ifNotExists = acceptWords("if", "not", "exists")
            let name: Identifier
            if acceptWord("authorization") {
                name = try parseLabel("role name")
            } else {
                name = try parseColumnId("schema name")
            }
            skipToEnd()
            return .createSchema(name, ifNotExists: ifNotExists)
        default:
            break
        }
        skipToEnd()
        return .ignored(keyword: "create \(kind)", location: start.location)
    }

    /// `CREATE [TEMP] TABLE [IF NOT EXISTS] name (elements) [INHERITS (...)] [PARTITION BY ...] ...`,
    /// `... PARTITION OF parent [(...)] FOR VALUES ...`, `... AS query`, `... OF type` (ignored).
    private func parseCreateTable(start: Token, temporary: Bool) throws(ParseError) -> Statement {
        try expectWord("table")
        let ifNotExists = acceptWords("if", "not", "exists")
        let name = try parseQualifiedName("table name")
        if atWord("partition"), peek().isWord("of") {
            advance()
            advance()
            let parent = try parseQualifiedName("table name")
            var columns: [ColumnDefinition] = []
            var constraints: [TableConstraint] = []
            if at(.leftParen) { (columns, constraints, _) = try tableElementParser.parseTableElements(partition: true) }
            skipToEnd()
            var statement = CreateTableStatement(name: name, ifNotExists: ifNotExists, columns: columns, constraints: constraints,
                                                 location: start.location)
            statement.partitionOf = parent
            statement.isTemporary = temporary
            return .createTable(statement)
        }
        if !at(.leftParen) {
            let columns: [Identifier] = []
            if atWord("with"), peek().kind == .leftParen {
                advance()
                try skipParenthesized()
            }
            guard acceptWord("as") else {
                // `CREATE TABLE t OF type`: defines nothing queries read here.
                skipToEnd()
                return .ignored(keyword: "create table", location: start.location)
            }
            return .createTableAs(try parseCreateTableAsRest(name: name, ifNotExists: ifNotExists, materialized: false,
                                                             temporary: temporary, columns: columns, start: start))
        }
        // `CREATE TABLE t (a, b) AS ...` names columns in parentheses: tell it from a definition list.
        if peek(2).kind == .comma || peek(2).kind == .rightParen, peek(1).kind == .word || peek(1).kind == .quotedIdentifier {
            let saved = mark()
            let columns = try parseParenthesizedIdentifiers()
            if acceptWord("as") {
                return .createTableAs(try parseCreateTableAsRest(name: name, ifNotExists: ifNotExists, materialized: false,
                                                                 temporary: temporary, columns: columns, start: start))
            }
            reset(saved)
        }
        let (columns, constraints, likes) = try tableElementParser.parseTableElements(partition: false)
        var inherits: [QualifiedName] = []
        if acceptWord("inherits") {
            try expect(.leftParen, "'('")
            repeat {
                inherits.append(try parseQualifiedName("table name"))
            } while accept(.comma)
            try expect(.rightParen, "')'")
        }
        // PARTITION BY, USING, WITH (...), TABLESPACE, ON COMMIT: nothing the generator needs.
        skipToEnd()
        var statement = CreateTableStatement(
            name: name, ifNotExists: ifNotExists, columns: columns, constraints: constraints, location: start.location
        )
        statement.likes = likes
        statement.inherits = inherits
        statement.isTemporary = temporary
        return .createTable(statement)
    }

    /// After `AS`: `query [WITH [NO] DATA]`.
    func parseCreateTableAsRest(name: QualifiedName, ifNotExists: Bool, materialized: Bool, temporary: Bool,
                                columns: [Identifier], start: Token) throws(ParseError) -> CreateTableAsStatement {
        let query = try selectParser.parseSelectStatement()
        if acceptWord("with") {
            _ = acceptWord("no")
            try expectWord("data")
        }
        return CreateTableAsStatement(name: name, ifNotExists: ifNotExists, materialized: materialized, isTemporary: temporary,
                                      columns: columns, query: query, location: start.location)
    }

    /// `CREATE [OR REPLACE] [MATERIALIZED] VIEW [IF NOT EXISTS] name [(cols)] [WITH (...)] AS query [WITH ... CHECK OPTION | WITH [NO] DATA]`
    private func parseCreateView(start: Token, orReplace: Bool, materialized: Bool, temporary: Bool) throws(ParseError) -> Statement {
        try expectWord("view")
        let ifNotExists = acceptWords("if", "not", "exists")
        let name = try parseQualifiedName("view name")
        var columns: [Identifier] = []
        if at(.leftParen) { columns = try parseParenthesizedIdentifiers() }
        if acceptWord("using") { _ = try parseLabel("access method") }
        if atWord("with"), peek().kind == .leftParen {
            advance()
            try skipParenthesized()
        }
        if acceptWord("tablespace") { _ = try parseLabel("tablespace") }
        try expectWord("as")
        if materialized {
            return .createTableAs(try parseCreateTableAsRest(name: name, ifNotExists: ifNotExists, materialized: true,
                                                             temporary: temporary, columns: columns, start: start))
        }
        let query = try selectParser.parseSelectStatement()
        if acceptWord("with") {
            if !acceptWord("cascaded") { _ = acceptWord("local") }
            if acceptWords("check", "option") {
            } else {
                _ = acceptWord("no")
                try expectWord("data")
            }
        }
        return .createView(CreateViewStatement(
            name: name, orReplace: orReplace, materialized: materialized, columns: columns, query: query,
            location: start.location
        ))
    }
}
