// ALTER TABLE / VIEW / MATERIALIZED VIEW (columns, constraints, renames, SET SCHEMA), ALTER TYPE
// (enum values, a composite's attributes, renames, SET SCHEMA), ALTER DOMAIN, ALTER INDEX
// (CreateParser+Index.swift) and ALTER FUNCTION/PROCEDURE/ROUTINE (RoutineParser.swift); every other
// ALTER is accepted and ignored.

/// ALTER and DROP of the objects the catalog models, and SET search_path.
struct AlterParser: GrammarParser {
    let cursor: TokenCursor

    func parseAlter() throws(ParseError) -> Statement {
        let start = advance()
        guard current.kind == .word else { throw error(expected: "object type") }
        if atWord("table"), !peek().isWord("all") {
            advance()
            return .alterTable(try parseAlterRelation(start: start, kind: .table))
        }
        if atWord("view") {
            advance()
            return .alterTable(try parseAlterRelation(start: start, kind: .view))
        }
        if atWord("materialized"), peek().isWord("view"), !peek(2).isWord("all") {
            advance()
            advance()
            return .alterTable(try parseAlterRelation(start: start, kind: .materializedView))
        }
        if atWord("index") {
            return try createParser.parseAlterIndex(start: start)
        }
        if atWord("domain") {
            advance()
            return .alterDomain(try parseAlterDomain(start: start))
        }
        if atWord("operator"), let altered = parseAlterOperator(start: start) { return altered }
        if atWord("aggregate") {
            // An argument list this parser cannot read leaves the statement ignored, as before.
            let saved = mark()
            if let alter = try? routineParser.parseAlterAggregate(start: start) { return .alterFunction(alter) }
            reset(saved)
            skipToEnd()
            return .ignored(keyword: "alter aggregate", location: start.location)
        }
        if atWord("function") || atWord("procedure") || atWord("routine") {
            return .alterFunction(try routineParser.parseAlterFunction(start: start))
        }
        if atWord("type") {
            advance()
            return .alterEnum(try parseAlterType(start: start))
        }
        if atWord("database") || atWord("role") || atWord("user") {
            // `ALTER DATABASE d SET search_path TO ...`: the default of every later connection.
            let saved = mark()
            advance()
            _ = try? parseLabel()
            if atWord("in"), peek().isWord("database") {
                advance()
                advance()
                _ = try? parseLabel()
            }
            if acceptWord("set"), atWord("search_path") {
                if case .setSearchPath(let path, let location) = try parseSearchPathValue(start: start) {
                    return .setDefaultSearchPath(path, location: location)
                }
            }
            reset(saved)
        }
        var kind = current.value
        if kind == "materialized" || kind == "foreign" { kind += " \(peek().value)" }
        skipToEnd()
        return .ignored(keyword: "alter \(kind)", location: start.location)
    }

    /// After `ALTER TYPE`: `name ADD VALUE ... | RENAME VALUE ... | RENAME TO ... | SET SCHEMA ... | ...`.
    private func parseAlterType(start: Token) throws(ParseError) -> AlterEnumStatement {
        let name = try parseQualifiedName("type name")
        let action: AlterEnumAction
        if acceptWords("add", "value") {
            let ifNotExists = acceptWords("if", "not", "exists")
            let label = try expect(.string, "enum label").value
            var before: String?
            var after: String?
            if acceptWord("before") {
                before = try expect(.string, "enum label").value
            } else if acceptWord("after") {
                after = try expect(.string, "enum label").value
            }
            action = .addValue(label, before: before, after: after, ifNotExists: ifNotExists)
        } else if acceptWords("rename", "value") {
            let from = try expect(.string, "enum label").value
            try expectWord("to")
            let to = try expect(.string, "enum label").value
            action = .renameValue(from: from, to: to)
        } else if acceptWords("rename", "to") {
            action = .renameTo(try parseColumnId("type name"))
        } else if acceptWords("set", "schema") {
            action = .setSchema(try parseColumnId("schema name"))
        } else if acceptWords("rename", "attribute") {
            let from = try parseColumnId("attribute name")
            try expectWord("to")
            action = .attributes([.rename(from: from, to: try parseColumnId("attribute name"))])
            skipToEnd()
        } else if atWord("add") || atWord("drop") || atWord("alter"), peek().isWord("attribute") {
            var changes: [CompositeAttributeAction] = []
            repeat {
                changes.append(try parseAttributeAction())
            } while accept(.comma)
            action = .attributes(changes)
        } else {
            skipToEnd()
            action = .ignored
        }
        return AlterEnumStatement(name: name, action: action, location: start.location)
    }

    /// `ADD ATTRIBUTE a type | DROP ATTRIBUTE [IF EXISTS] a | ALTER ATTRIBUTE a [SET DATA] TYPE type`,
    /// each with optional `COLLATE c` and `CASCADE|RESTRICT`.
    private func parseAttributeAction() throws(ParseError) -> CompositeAttributeAction {
        let change: CompositeAttributeAction
        if acceptWords("add", "attribute") {
            let name = try parseColumnId("attribute name")
            change = .add(name, try typeNameParser.parseTypeName())
        } else if acceptWords("drop", "attribute") {
            let ifExists = acceptWords("if", "exists")
            change = .drop(try parseColumnId("attribute name"), ifExists: ifExists)
        } else {
            try expectWord("alter")
            try expectWord("attribute")
            let name = try parseColumnId("attribute name")
            if !acceptWords("set", "data") { _ = acceptWord("set") }
            try expectWord("type")
            change = .alterType(name, try typeNameParser.parseTypeName())
        }
        if acceptWord("collate") { _ = try parseQualifiedName("collation name") }
        if !acceptWord("cascade") { _ = acceptWord("restrict") }
        return change
    }

    /// After `ALTER DOMAIN`: `name action`.
    private func parseAlterDomain(start: Token) throws(ParseError) -> AlterDomainStatement {
        let name = try parseQualifiedName("domain name")
        var action = AlterDomainStatement.Action.other
        if acceptWords("set", "not", "null") {
            action = .setNotNull
        } else if acceptWords("drop", "not", "null") {
            action = .dropNotNull
        } else if acceptWords("rename", "to") {
            action = .renameTo(try parseColumnId("domain name"))
        } else if acceptWords("set", "schema") {
            action = .setSchema(try parseColumnId("schema name"))
        }
        skipToEnd()
        return AlterDomainStatement(name: name, action: action, location: start.location)
    }

    /// After `ALTER TABLE|VIEW|MATERIALIZED VIEW`: `[IF EXISTS] [ONLY] name [*] action, ...`.
    private func parseAlterRelation(start: Token, kind: DropObjectKind) throws(ParseError) -> AlterTableStatement {
        let ifExists = acceptWords("if", "exists")
        _ = acceptWord("only")
        let name = try parseQualifiedName("table name")
        if atOp("*") { advance() }
        var actions: [AlterTableAction] = []
        repeat {
            actions.append(try parseAlterTableAction())
        } while accept(.comma)
        var statement = AlterTableStatement(name: name, ifExists: ifExists, actions: actions, location: start.location)
        statement.relationKind = kind
        return statement
    }

    private func parseAlterTableAction() throws(ParseError) -> AlterTableAction {
        let start = current
        if acceptWord("add") {
            if tableElementParser.atTableConstraintStart {
                return .addConstraint(try tableElementParser.parseTableConstraint())
            }
            _ = acceptWord("column")
            let ifNotExists = acceptWords("if", "not", "exists")
            return .addColumn(try tableElementParser.parseColumnDefinition(), ifNotExists: ifNotExists)
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
        if acceptWords("set", "schema") {
            return .setSchema(try parseColumnId("schema name"))
        }
        if acceptWord("rename") {
            if acceptWord("to") {
                return .renameTable(to: try parseColumnId("table name"))
            }
            if acceptWord("constraint") {
                let from = try parseColumnId("constraint name")
                try expectWord("to")
                return .renameConstraint(from: from, to: try parseColumnId("constraint name"))
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
                let type = try typeNameParser.parseTypeName()
                if acceptWord("collate") { _ = try parseQualifiedName("collation name") }
                if acceptWord("using") { _ = try expressionParser.parseExpression() }
                return .alterColumnType(column, type)
            }
            if acceptWords("set", "not", "null") { return .setNotNull(column) }
            if acceptWords("drop", "not", "null") { return .dropNotNull(column) }
            if acceptWords("set", "default") { return .setDefault(column, try expressionParser.parseExpression()) }
            if acceptWords("drop", "default") { return .dropDefault(column) }
            if let restriction = try parseWriteRestrictionChange() { return .setWriteRestriction(column, restriction.after) }
        }
        skipToListEnd()
        return .ignored(start.location)
    }

    /// A column's write restriction after an ALTER COLUMN sub-command changed it (nil: none left).
    struct WriteRestrictionChange {
        let after: ColumnWriteRestriction?
    }

    /// After `ALTER COLUMN c`: a change of identity or generation, and the column's write
    /// restriction after it: `ADD GENERATED {ALWAYS | BY DEFAULT} AS IDENTITY [(options)]`, `DROP
    /// IDENTITY`, `DROP EXPRESSION`, or identity options (`SET INCREMENT BY 2 RESTART ...`) among
    /// which `SET GENERATED {ALWAYS | BY DEFAULT}`; nil for any other sub-command (not consumed),
    /// and for identity options that do not change the generation (consumed).
    private func parseWriteRestrictionChange() throws(ParseError) -> WriteRestrictionChange? {
        if acceptWords("drop", "identity") || acceptWords("drop", "expression") {
            _ = acceptWords("if", "exists")
            return WriteRestrictionChange(after: nil)
        }
        if acceptWords("add", "generated") {
            let always = acceptWord("always")
            if !always {
                try expectWord("by")
                try expectWord("default")
            }
            try expectWord("as")
            try expectWord("identity")
            if at(.leftParen) { try skipParenthesized() }
            return WriteRestrictionChange(after: always ? .identityAlways : nil)
        }
        guard atWord("set") || atWord("restart") else { return nil }
        // The list item's own tokens: the last `GENERATED ALWAYS | BY DEFAULT` among them decides.
        var change: WriteRestrictionChange?
        var level = 0
        while !cursor.atEnd {
            switch current.kind {
            case .leftParen, .leftBracket:
                level += 1
            case .rightParen, .rightBracket:
                if level == 0 { return change }
                level -= 1
            case .comma where level == 0:
                return change
            default:
                if level == 0, atWord("generated") {
                    advance()
                    if acceptWord("always") {
                        change = WriteRestrictionChange(after: .identityAlways)
                    } else if atWord("by") {
                        change = WriteRestrictionChange(after: nil)
                    }
                    continue
                }
            }
            advance()
        }
        return change
    }

    /// `SET [SESSION|LOCAL] search_path {TO|=} value, ...`, or nil for any other SET.
    func parseSet() throws(ParseError) -> Statement {
        let start = advance()
        if !acceptWord("session") { _ = acceptWord("local") }
        guard atWord("search_path") else {
            skipToEnd()
            return .ignored(keyword: "set", location: start.location)
        }
        return try parseSearchPathValue(start: start)
    }

    /// At `search_path`: `{TO|=} {DEFAULT | name, ...}`.
    private func parseSearchPathValue(start: Token) throws(ParseError) -> Statement {
        try expectWord("search_path")
        if !acceptWord("to") { try expectOp("=") }
        if acceptWord("default") { return .setSearchPath(["public"], location: start.location) }
        var schemas: [String] = []
        repeat {
            if current.kind == .string {
                // `'a, b'` in one string lists several schemas.
                let text = advance().value
                for part in text.split(separator: ",") {
                    var name = String(part).trimmingCharacters(in: " ")
                    if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 {
                        name = String(name.dropFirst().dropLast())
                    } else {
                        name = name.lowercased()
                    }
                    if !name.isEmpty { schemas.append(name) }
                }
            } else {
                schemas.append(try parseLabel("schema name").name)
            }
        } while accept(.comma)
        return .setSearchPath(schemas, location: start.location)
    }
}

extension String {
    /// The string without leading and trailing `character`s.
    func trimmingCharacters(in character: Character) -> String {
        var slice = Substring(self)
        while slice.first == character { slice = slice.dropFirst() }
        while slice.last == character { slice = slice.dropLast() }
        return String(slice)
    }
}
