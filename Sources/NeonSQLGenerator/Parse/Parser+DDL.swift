// DDL: CREATE TABLE / TYPE ... AS ENUM / VIEW / SCHEMA, ALTER TABLE, ALTER TYPE, DROP; every other
// CREATE/ALTER/DROP is accepted and ignored.

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
        while current.kind == .word, Parser.createModifiers.contains(current.value) {
            if advance().value == "materialized" { materialized = true }
        }
        guard current.kind == .word else { throw error(expected: "object type") }
        let kind = current.value
        if let definition = try parseTypeDefinition(start: start) { return definition }
        switch kind {
        case "table":
            if let statement = try parseCreateTable(start: start) { return statement }
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
        case "view":
            return try parseCreateView(start: start, orReplace: orReplace, materialized: materialized)
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

    /// nil for forms that define nothing the generator reads (`CREATE TABLE t AS ...`, `PARTITION OF`, `OF type`).
    private func parseCreateTable(start: Token) throws(ParseError) -> Statement? {
        try expectWord("table")
        let ifNotExists = acceptWords("if", "not", "exists")
        let name = try parseQualifiedName("table name")
        guard at(.leftParen) else { return nil }
        advance()
        var columns: [ColumnDefinition] = []
        var constraints: [TableConstraint] = []
        if !at(.rightParen) {
            repeat {
                if atWord("like") {
                    let location = advance().location
                    skipToListEnd()
                    constraints.append(TableConstraint(name: nil, kind: .other, location: location))
                } else if atTableConstraintStart {
                    constraints.append(try parseTableConstraint())
                } else {
                    columns.append(try parseColumnDefinition())
                }
            } while accept(.comma)
        }
        try expect(.rightParen, "')'")
        // INHERITS, PARTITION BY, WITH (...), TABLESPACE, ON COMMIT: nothing the generator needs.
        skipToEnd()
        return .createTable(CreateTableStatement(
            name: name, ifNotExists: ifNotExists, columns: columns, constraints: constraints, location: start.location
        ))
    }

    private var atTableConstraintStart: Bool {
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
        while true {
            if acceptWord("constraint") { _ = try parseColumnId("constraint name") }
            if acceptWords("not", "null") {
                constraints.append(.notNull)
            } else if acceptWord("null") {
                constraints.append(.null)
            } else if acceptWords("primary", "key") {
                constraints.append(.primaryKey)
                try skipIndexParameters()
            } else if acceptWord("unique") {
                if acceptWord("nulls") {
                    _ = acceptWord("not")
                    try expectWord("distinct")
                }
                constraints.append(.unique)
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
        return ColumnDefinition(name: name, type: type, constraints: constraints)
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
        if acceptWords("primary", "key") {
            kind = .primaryKey(try parseParenthesizedIdentifiers())
            try skipIndexParameters()
        } else if acceptWord("unique") {
            if acceptWord("nulls") {
                _ = acceptWord("not")
                try expectWord("distinct")
            }
            kind = .unique(try parseParenthesizedIdentifiers())
            try skipIndexParameters()
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
        return TableConstraint(name: name, kind: kind, location: start.location)
    }

    /// `CREATE [OR REPLACE] [MATERIALIZED] VIEW [IF NOT EXISTS] name [(cols)] [WITH (...)] AS query [WITH ... CHECK OPTION | WITH [NO] DATA]`
    private func parseCreateView(start: Token, orReplace: Bool, materialized: Bool) throws(ParseError) -> Statement {
        try expectWord("view")
        _ = acceptWords("if", "not", "exists")
        let name = try parseQualifiedName("view name")
        var columns: [Identifier] = []
        if at(.leftParen) { columns = try parseParenthesizedIdentifiers() }
        if atWord("with"), peek().kind == .leftParen {
            advance()
            try skipParenthesized()
        }
        try expectWord("as")
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

    // MARK: - ALTER

    func parseAlter() throws(ParseError) -> Statement {
        let start = advance()
        guard current.kind == .word else { throw error(expected: "object type") }
        if atWord("table"), !peek().isWord("all") {
            return .alterTable(try parseAlterTable(start: start))
        }
        if atWord("type") {
            advance()
            let name = try parseQualifiedName("type name")
            let action: AlterEnumAction
            if acceptWords("add", "value") {
                _ = acceptWords("if", "not", "exists")
                let label = try expect(.string, "enum label").value
                var before: String?
                var after: String?
                if acceptWord("before") {
                    before = try expect(.string, "enum label").value
                } else if acceptWord("after") {
                    after = try expect(.string, "enum label").value
                }
                action = .addValue(label, before: before, after: after)
            } else if acceptWords("rename", "value") {
                let from = try expect(.string, "enum label").value
                try expectWord("to")
                let to = try expect(.string, "enum label").value
                action = .renameValue(from: from, to: to)
            } else {
                skipToEnd()
                action = .ignored
            }
            return .alterEnum(AlterEnumStatement(name: name, action: action, location: start.location))
        }
        var kind = current.value
        if kind == "materialized" || kind == "foreign" { kind += " \(peek().value)" }
        skipToEnd()
        return .ignored(keyword: "alter \(kind)", location: start.location)
    }

    private func parseAlterTable(start: Token) throws(ParseError) -> AlterTableStatement {
        try expectWord("table")
        let ifExists = acceptWords("if", "exists")
        _ = acceptWord("only")
        let name = try parseQualifiedName("table name")
        if atOp("*") { advance() }
        var actions: [AlterTableAction] = []
        repeat {
            actions.append(try parseAlterTableAction())
        } while accept(.comma)
        return AlterTableStatement(name: name, ifExists: ifExists, actions: actions, location: start.location)
    }

    private func parseAlterTableAction() throws(ParseError) -> AlterTableAction {
        let start = current
        if acceptWord("add") {
            if atTableConstraintStart {
                return .addConstraint(try parseTableConstraint())
            }
            _ = acceptWord("column")
            let ifNotExists = acceptWords("if", "not", "exists")
            return .addColumn(try parseColumnDefinition(), ifNotExists: ifNotExists)
        }
        if acceptWord("drop") {
            if acceptWord("constraint") {
                let ifExists = acceptWords("if", "exists")
                let name = try parseColumnId("constraint name")
                if !acceptWord("cascade") { _ = acceptWord("restrict") }
                return .dropConstraint(name, ifExists: ifExists)
            }
            _ = acceptWord("column")
            let ifExists = acceptWords("if", "exists")
            let name = try parseColumnId("column name")
            if !acceptWord("cascade") { _ = acceptWord("restrict") }
            return .dropColumn(name, ifExists: ifExists)
        }
        if acceptWord("rename") {
            if acceptWord("to") {
                return .renameTable(to: try parseColumnId("table name"))
            }
            if acceptWord("constraint") {
                skipToListEnd()
                return .ignored(start.location)
            }
            _ = acceptWord("column")
            let from = try parseColumnId("column name")
            try expectWord("to")
            return .renameColumn(from: from, to: try parseColumnId("column name"))
        }
        if atWord("alter"), peek().isWord("column") || (peek().kind == .quotedIdentifier || (peek().kind == .word && Keywords.isColumnName(peek().value) && !peek().isWord("constraint"))) {
            advance()
            _ = acceptWord("column")
            let column = try parseColumnId("column name")
            if acceptWords("set", "data", "type") || acceptWord("type") {
                let type = try parseTypeName()
                if acceptWord("collate") { _ = try parseQualifiedName("collation name") }
                if acceptWord("using") { _ = try parseExpression() }
                return .alterColumnType(column, type)
            }
            if acceptWords("set", "not", "null") { return .setNotNull(column) }
            if acceptWords("drop", "not", "null") { return .dropNotNull(column) }
            if acceptWords("set", "default") { return .setDefault(column, try parseExpression()) }
            if acceptWords("drop", "default") { return .dropDefault(column) }
        }
        skipToListEnd()
        return .ignored(start.location)
    }

    // MARK: - DROP

    func parseDrop() throws(ParseError) -> Statement {
        let start = advance()
        guard current.kind == .word else { throw error(expected: "object type") }
        let kind: DropObjectKind
        switch current.value {
        case "table": kind = .table
        case "view": kind = .view
        case "type": kind = .type
        case "schema": kind = .schema
        case "materialized" where peek().isWord("view"):
            advance()
            kind = .materializedView
        default:
            var word = current.value
            if word == "materialized" || word == "foreign" { word += " \(peek().value)" }
            skipToEnd()
            return .ignored(keyword: "drop \(word)", location: start.location)
        }
        advance()
        let ifExists = acceptWords("if", "exists")
        var names: [QualifiedName] = []
        repeat {
            names.append(try parseQualifiedName("name"))
        } while accept(.comma)
        if !acceptWord("cascade") { _ = acceptWord("restrict") }
        return .drop(DropStatement(kind: kind, names: names, ifExists: ifExists, location: start.location))
    }
}
