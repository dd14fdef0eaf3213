// The elements of CREATE TABLE's parenthesized list: column definitions with their constraints
// (NOT NULL, DEFAULT, GENERATED, REFERENCES, ...), table constraints (PRIMARY KEY, UNIQUE, FOREIGN
// KEY, CHECK, EXCLUDE) and LIKE source [INCLUDING ...].

/// CREATE TABLE's parenthesized list: column definitions, table constraints and LIKE.
struct TableElementParser: GrammarParser {
    let cursor: TokenCursor

    /// `( column | constraint | LIKE ... , ... )`; in `PARTITION OF`, columns carry only options
    /// (`name WITH OPTIONS NOT NULL`, `name DEFAULT ...`).
    func parseTableElements(partition: Bool) throws(ParseError) -> ([ColumnDefinition], [TableConstraint], [TableLike]) {
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
        let type = try typeNameParser.parseTypeName()
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
                let savedCollate = cursor.stopAtCollate
                cursor.stopAtCollate = true
                defer { cursor.stopAtCollate = savedCollate }
                constraints.append(.defaultValue(try expressionParser.parseExpression(minimum: Precedence.comparison)))
            } else if acceptWord("check") {
                constraints.append(.check(try parseCheckBody()))
            } else if acceptWord("references") {
                let (table, columns, actions) = try parseReferences()
                constraints.append(.references(table, columns: columns, actions: actions))
            } else if acceptWord("generated") {
                let always = acceptWord("always")
                if !always {
                    try expectWord("by")
                    try expectWord("default")
                }
                try expectWord("as")
                if acceptWord("identity") {
                    if at(.leftParen) { try skipParenthesized() }
                    constraints.append(.identity(always: always))
                } else {
                    try expect(.leftParen, "'('")
                    let expression = try expressionParser.parseExpression()
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
        let expression = try expressionParser.parseExpression()
        try expect(.rightParen, "')'")
        _ = acceptWords("no", "inherit")
        return expression
    }

    /// After REFERENCES: `table [(cols)] [MATCH ...] [ON DELETE/UPDATE action]...`
    private func parseReferences() throws(ParseError) -> (QualifiedName, [Identifier], ReferentialActions) {
        let table = try parseQualifiedName("table name")
        var columns: [Identifier] = []
        var actions = ReferentialActions()
        if at(.leftParen) { columns = try parseParenthesizedIdentifiers() }
        while true {
            if acceptWord("match") {
                _ = try parseLabel()
            } else if atWord("on"), peek().isWord("delete") || peek().isWord("update") {
                advance()
                let isDelete = advance().value == "delete"
                let action: ReferentialAction
                if acceptWords("no", "action") {
                    action = .noAction
                } else if acceptWord("restrict") {
                    action = .restrict
                } else if acceptWord("cascade") {
                    action = .cascade
                } else {
                    try expectWord("set")
                    if acceptWord("null") {
                        action = .setNull
                    } else {
                        try expectWord("default")
                        action = .setDefault
                    }
                    if at(.leftParen) { _ = try parseParenthesizedIdentifiers() }
                }
                if isDelete { actions.onDelete = action } else { actions.onUpdate = action }
            } else {
                return (table, columns, actions)
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
            let (table, referenced, actions) = try parseReferences()
            kind = .foreignKey(columns: columns, references: table, referencedColumns: referenced, actions: actions)
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
}
