// DDL: CREATE TABLE [AS] / TYPE ... AS ENUM / [MATERIALIZED] VIEW / SCHEMA; CREATE FUNCTION is in
// Parser+Function.swift, ALTER in Parser+Alter.swift, DROP in Parser+Drop.swift. Every other
// CREATE is accepted and ignored.

extension Parser {
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
        while current.kind == .word, Parser.createModifiers.contains(current.value) {
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
            return try parseCreateFunction(start: start, orReplace: orReplace)
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
            if at(.leftParen) { (columns, constraints, _) = try parseTableElements(partition: true) }
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
        let (columns, constraints, likes) = try parseTableElements(partition: false)
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
        let query = try parseSelectStatement()
        if acceptWord("with") {
            _ = acceptWord("no")
            try expectWord("data")
        }
        return CreateTableAsStatement(name: name, ifNotExists: ifNotExists, materialized: materialized, isTemporary: temporary,
                                      columns: columns, query: query, location: start.location)
    }

    /// `( column | constraint | LIKE ... , ... )`; in `PARTITION OF`, columns carry only options
    /// (`name WITH OPTIONS NOT NULL`, `name DEFAULT ...`).
    private func parseTableElements(partition: Bool) throws(ParseError) -> ([ColumnDefinition], [TableConstraint], [TableLike]) {
        try expect(.leftParen, "'('")
        var columns: [ColumnDefinition] = []
        var constraints: [TableConstraint] = []
        var likes: [TableLike] = []
        if !at(.rightParen) {
            repeat {
                if atWord("like") {
                    advance()
                    likes.append(try parseLikeOptions(try parseQualifiedName("table name"), position: columns.count))
                } else if atTableConstraintStart {
                    constraints.append(try parseTableConstraint())
                } else if partition {
                    let name = try parseColumnId("column name")
                    _ = acceptWords("with", "options")
                    var constraints: [ColumnConstraint] = []
                    while !atEnd, !at(.comma), !at(.rightParen) {
                        if acceptWords("not", "null") { constraints.append(.notNull) } else if at(.leftParen) { try skipParenthesized() } else { advance() }
                    }
                    columns.append(ColumnDefinition(name: name, type: TypeName(schema: nil, name: "", modifiers: [], arrayDimensions: 0,
                                                                               location: name.location), constraints: constraints))
                } else {
                    columns.append(try parseColumnDefinition())
                }
            } while accept(.comma)
        }
        try expect(.rightParen, "')'")
        return (columns, constraints, likes)
    }

    /// `[INCLUDING|EXCLUDING {COMMENTS|COMPRESSION|CONSTRAINTS|DEFAULTS|GENERATED|IDENTITY|INDEXES|STATISTICS|STORAGE|ALL}]...`
    private func parseLikeOptions(_ source: QualifiedName, position: Int) throws(ParseError) -> TableLike {
        var defaults = false
        var indexes = false
        while atWord("including") || atWord("excluding") {
            let including = advance().value == "including"
            let option = try parseLabel("LIKE option").name
            switch option {
            case "all":
                defaults = including
                indexes = including
            case "defaults", "identity", "generated":
                defaults = including
            case "indexes":
                indexes = including
            default:
                break
            }
        }
        return TableLike(source: source, position: position, includesDefaults: defaults, includesIndexes: indexes)
    }

    var atTableConstraintStart: Bool {
        guard current.kind == .word else { return false }
        switch current.value {
        case "constraint", "primary", "unique", "foreign", "check": return true
        case "exclude": return peek().kind == .leftParen || peek().isWord("using")
        default: return false
        }
    }

    /// `name type [constraints...]`
    func parseColumnDefinition() throws(ParseError) -> ColumnDefinition {
        let name = try parseColumnId("column name")
        let type = try parseTypeName()
        var constraints: [ColumnConstraint] = []
        var primaryKeyName: Identifier?
        var uniqueName: Identifier?
        while true {
            var constraintName: Identifier?
            if acceptWord("constraint") { constraintName = try parseColumnId("constraint name") }
            if acceptWords("not", "null") {
                constraints.append(.notNull)
            } else if acceptWord("null") {
                constraints.append(.null)
            } else if acceptWords("primary", "key") {
                constraints.append(.primaryKey)
                primaryKeyName = constraintName
                try skipIndexParameters()
            } else if acceptWord("unique") {
                if acceptWord("nulls") {
                    _ = acceptWord("not")
                    try expectWord("distinct")
                }
                constraints.append(.unique)
                uniqueName = constraintName
                try skipIndexParameters()
            } else if acceptWord("default") {
                let savedCollate = stopAtCollate
                stopAtCollate = true
                defer { stopAtCollate = savedCollate }
                constraints.append(.defaultValue(try parseExpression(minimum: Precedence.comparison)))
            } else if acceptWord("check") {
                constraints.append(.check(try parseCheckBody()))
            } else if acceptWord("references") {
                let (table, columns) = try parseReferences()
                constraints.append(.references(table, columns: columns))
            } else if acceptWord("generated") {
                if !acceptWord("always") {
                    try expectWord("by")
                    try expectWord("default")
                }
                try expectWord("as")
                if acceptWord("identity") {
                    if at(.leftParen) { try skipParenthesized() }
                    constraints.append(.identity)
                } else {
                    try expect(.leftParen, "'('")
                    let expression = try parseExpression()
                    try expect(.rightParen, "')'")
                    _ = acceptWord("stored")
                    constraints.append(.generated(expression))
                }
            } else if acceptWord("collate") {
                _ = try parseQualifiedName("collation name")
            } else if try acceptConstraintAttribute() {
                continue
            } else if acceptWord("storage") || acceptWord("compression") {
                _ = try parseLabel()
            } else {
                break
            }
        }
        var definition = ColumnDefinition(name: name, type: type, constraints: constraints)
        definition.primaryKeyName = primaryKeyName
        definition.uniqueName = uniqueName
        return definition
    }

    /// DEFERRABLE, NOT DEFERRABLE, INITIALLY DEFERRED/IMMEDIATE, NOT VALID, NO INHERIT.
    private func acceptConstraintAttribute() throws(ParseError) -> Bool {
        if acceptWord("deferrable") || acceptWords("not", "deferrable") || acceptWords("not", "valid")
            || acceptWords("no", "inherit") {
            return true
        }
        if acceptWord("initially") {
            if !acceptWord("deferred") { try expectWord("immediate") }
            return true
        }
        return false
    }

    /// `INCLUDE (...)`, `WITH (...)`, `USING INDEX TABLESPACE name` after PRIMARY KEY / UNIQUE.
    private func skipIndexParameters() throws(ParseError) {
        while true {
            if atWord("include") || atWord("with"), peek().kind == .leftParen {
                advance()
                try skipParenthesized()
            } else if acceptWords("using", "index", "tablespace") {
                _ = try parseLabel()
            } else {
                return
            }
        }
    }

    private func parseCheckBody() throws(ParseError) -> Expression {
        try expect(.leftParen, "'('")
        let expression = try parseExpression()
        try expect(.rightParen, "')'")
        _ = acceptWords("no", "inherit")
        return expression
    }

    /// After REFERENCES: `table [(cols)] [MATCH ...] [ON DELETE/UPDATE action]...`
    private func parseReferences() throws(ParseError) -> (QualifiedName, [Identifier]) {
        let table = try parseQualifiedName("table name")
        var columns: [Identifier] = []
        if at(.leftParen) { columns = try parseParenthesizedIdentifiers() }
        while true {
            if acceptWord("match") {
                _ = try parseLabel()
            } else if atWord("on"), peek().isWord("delete") || peek().isWord("update") {
                advance()
                advance()
                if acceptWords("no", "action") || acceptWord("restrict") || acceptWord("cascade") {
                    continue
                }
                try expectWord("set")
                if !acceptWord("null") { try expectWord("default") }
                if at(.leftParen) { _ = try parseParenthesizedIdentifiers() }
            } else {
                return (table, columns)
            }
        }
    }

    /// `[CONSTRAINT name] PRIMARY KEY (...) | UNIQUE (...) | FOREIGN KEY (...) REFERENCES ... | CHECK (...) | EXCLUDE ...`
    func parseTableConstraint() throws(ParseError) -> TableConstraint {
        let start = current
        var name: Identifier?
        if acceptWord("constraint") { name = try parseColumnId("constraint name") }
        let kind: TableConstraintKind
        var usingIndex: Identifier?
        if acceptWords("primary", "key") {
            if acceptWords("using", "index") {
                usingIndex = try parseColumnId("index name")
                kind = .primaryKey([])
            } else {
                kind = .primaryKey(try parseParenthesizedIdentifiers())
                try skipIndexParameters()
            }
        } else if acceptWord("unique") {
            if acceptWord("nulls") {
                _ = acceptWord("not")
                try expectWord("distinct")
            }
            if acceptWords("using", "index") {
                usingIndex = try parseColumnId("index name")
                kind = .unique([])
            } else {
                kind = .unique(try parseParenthesizedIdentifiers())
                try skipIndexParameters()
            }
        } else if acceptWords("foreign", "key") {
            let columns = try parseParenthesizedIdentifiers()
            try expectWord("references")
            let (table, referenced) = try parseReferences()
            kind = .foreignKey(columns: columns, references: table, referencedColumns: referenced)
        } else if acceptWord("check") {
            kind = .check(try parseCheckBody())
        } else if acceptWord("exclude") {
            skipToListEnd()
            kind = .other
        } else {
            throw error(expected: "PRIMARY KEY, UNIQUE, FOREIGN KEY, CHECK or EXCLUDE")
        }
        while try acceptConstraintAttribute() {}
        var constraint = TableConstraint(name: name, kind: kind, location: start.location)
        constraint.usingIndex = usingIndex
        return constraint
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
        let query = try parseSelectStatement()
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
