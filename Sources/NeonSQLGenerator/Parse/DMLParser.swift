// INSERT, UPDATE, DELETE (the WITH clause in front is parsed by the caller).

/// Data changes: INSERT, UPDATE, DELETE and MERGE, with their targets, SET lists and RETURNING.
struct DMLParser: GrammarParser {
    let cursor: TokenCursor

    /// `INSERT INTO t [AS a] [(cols)] {VALUES ... | query | DEFAULT VALUES} [ON CONFLICT ...] [RETURNING ...]`
    func parseInsert(with: WithClause?, start: Token) throws(ParseError) -> InsertStatement {
        try expectWord("insert")
        try expectWord("into")
        let table = try parseQualifiedName("table name")
        var alias: Identifier?
        if acceptWord("as") { alias = try parseColumnId("alias") }
        let (columns, indirections, overriding) = try parseInsertColumns()
        let source: InsertSource
        if acceptWords("default", "values") {
            source = .defaultValues
        } else {
            guard queryStarts(at: 0).isQuery else { throw error(expected: "VALUES, SELECT or DEFAULT VALUES") }
            let query = try selectParser.parseSelectStatement()
            if query.with == nil, query.orderBy.isEmpty, query.limit == nil, query.offset == nil,
               case .values(let rows, _) = query.body {
                source = .values(rows)
            } else {
                source = .select(query)
            }
        }
        var onConflict: OnConflict?
        if atWord("on"), peek().isWord("conflict") {
            onConflict = try parseOnConflict()
        }
        let returning = try parseReturning()
        return InsertStatement(
            with: with, table: table, alias: alias, columns: columns, columnIndirections: indirections, source: source,
            overriding: overriding, onConflict: onConflict, returning: returning, location: start.location
        )
    }

    /// `[(columns)] [OVERRIDING {SYSTEM|USER} VALUE]` after `INSERT INTO t [AS a]` and after MERGE's
    /// `INSERT`: the target table's columns the insert names. A column's `.field` or `[subscript]` is
    /// kept per column (PostgreSQL's insert_column_item); a `(` that opens a query is the source's.
    func parseInsertColumns() throws(ParseError)
        -> (columns: [Identifier], indirections: [[AssignmentIndirection]], overriding: InsertOverriding?) {
        var columns: [Identifier] = []
        var indirections: [[AssignmentIndirection]] = []
        if at(.leftParen), !queryStarts(at: 1).isQuery {
            advance()
            repeat {
                columns.append(try parseColumnId("column name"))
                indirections.append(try parseIndirection())
            } while accept(.comma)
            try expect(.rightParen, "')'")
        }
        var overriding: InsertOverriding?
        if acceptWord("overriding") {
            if acceptWord("system") {
                overriding = .systemValue
            } else {
                try expectWord("user")
                overriding = .userValue
            }
            try expectWord("value")
        }
        return (columns, indirections, overriding)
    }

    /// `ON CONFLICT [(targets) [WHERE ...] | ON CONSTRAINT name] DO NOTHING | DO UPDATE SET ... [WHERE ...]`
    private func parseOnConflict() throws(ParseError) -> OnConflict {
        let start = advance()
        try expectWord("conflict")
        var target: ConflictTarget?
        if accept(.leftParen) {
            var items: [Expression] = []
            repeat {
                items.append(try expressionParser.parseExpression())
                // An operator class after the column (`text_pattern_ops`) is dropped.
                if current.kind == .word, !["asc", "desc", "nulls"].contains(current.value) { advance() }
                if !acceptWord("asc") { _ = acceptWord("desc") }
                if acceptWord("nulls") {
                    if !acceptWord("first") { try expectWord("last") }
                }
            } while accept(.comma)
            try expect(.rightParen, "')'")
            var whereClause: Expression?
            if acceptWord("where") { whereClause = try expressionParser.parseExpression() }
            target = .columns(items, whereClause: whereClause)
        } else if acceptWords("on", "constraint") {
            target = .constraint(try parseColumnId("constraint name"))
        }
        try expectWord("do")
        let action: ConflictAction
        if acceptWord("nothing") {
            action = .nothing
        } else {
            try expectWord("update")
            try expectWord("set")
            let set = try parseSetClauses()
            var whereClause: Expression?
            if acceptWord("where") { whereClause = try expressionParser.parseExpression() }
            action = .update(set: set, whereClause: whereClause)
        }
        return OnConflict(target: target, action: action, location: start.location)
    }

    /// `UPDATE [ONLY] t [[AS] a] SET ... [FROM ...] [WHERE ...] [RETURNING ...]`
    func parseUpdate(with: WithClause?, start: Token) throws(ParseError) -> UpdateStatement {
        try expectWord("update")
        let (table, alias) = try parseModificationTarget(aliasExcluding: ["set"])
        try expectWord("set")
        let set = try parseSetClauses()
        var from: [TableReference] = []
        if acceptWord("from") { from = try fromClauseParser.parseFromList() }
        let whereClause = try parseDMLWhere()
        let returning = try parseReturning()
        return UpdateStatement(
            with: with, table: table, alias: alias, set: set, from: from, whereClause: whereClause,
            returning: returning, location: start.location
        )
    }

    /// `DELETE FROM [ONLY] t [[AS] a] [USING ...] [WHERE ...] [RETURNING ...]`
    func parseDelete(with: WithClause?, start: Token) throws(ParseError) -> DeleteStatement {
        try expectWord("delete")
        try expectWord("from")
        let (table, alias) = try parseModificationTarget(aliasExcluding: [])
        var using: [TableReference] = []
        if acceptWord("using") { using = try fromClauseParser.parseFromList() }
        let whereClause = try parseDMLWhere()
        let returning = try parseReturning()
        return DeleteStatement(
            with: with, table: table, alias: alias, using: using, whereClause: whereClause,
            returning: returning, location: start.location
        )
    }

    /// `[ONLY] t [*] [[AS] a]`: the table an UPDATE, DELETE or MERGE changes, with its alias; a
    /// word of `aliasExcluding` (the keyword that follows: `set`, `using`) is not taken as one.
    func parseModificationTarget(aliasExcluding: Set<String>) throws(ParseError) -> (table: QualifiedName, alias: Identifier?) {
        _ = acceptWord("only")
        let table = try parseQualifiedName("table name")
        if atOp("*") { advance() }
        if acceptWord("as") { return (table, try parseColumnId("alias")) }
        if atColumnId, !(current.kind == .word && aliasExcluding.contains(current.value)) {
            return (table, identifier(advance()))
        }
        return (table, nil)
    }

    private func parseDMLWhere() throws(ParseError) -> Expression? {
        guard acceptWord("where") else { return nil }
        if atWord("current"), peek().isWord("of") {
            throw ParseError(message: "WHERE CURRENT OF is not supported", location: current.location)
        }
        return try expressionParser.parseExpression()
    }

    private func parseReturning() throws(ParseError) -> [SelectTarget] {
        guard acceptWord("returning") else { return [] }
        return try selectParser.parseTargetList()
    }

    /// `a = x, (b, c) = (y, z), (d, e) = (SELECT ...)`
    func parseSetClauses() throws(ParseError) -> [SetClause] {
        var clauses: [SetClause] = []
        repeat {
            var columns: [Identifier] = []
            var indirections: [[AssignmentIndirection]] = []
            let start = current.location
            if accept(.leftParen) {
                repeat {
                    columns.append(try parseColumnId("column name"))
                    indirections.append(try parseIndirection())
                } while accept(.comma)
                try expect(.rightParen, "')'")
            } else {
                columns.append(try parseColumnId("column name"))
                indirections.append(try parseIndirection())
            }
            try expectOp("=")
            let value = try expressionParser.parseExpression()
            var clause = SetClause(columns: columns, value: value, indirections: indirections)
            clause.range = SourceRange(start: start, endOffset: value.range.endOffset)
            clauses.append(clause)
        } while accept(.comma)
        return clauses
    }

    /// `.field` and `[subscript]` after a target column name, in order: the value assigned is
    /// typed by them, and the subscripts' parameters need types.
    private func parseIndirection() throws(ParseError) -> [AssignmentIndirection] {
        var steps: [AssignmentIndirection] = []
        while true {
            if at(.dot) {
                advance()
                steps.append(.field(try parseLabel("field name")))
            } else if accept(.leftBracket) {
                var lower: Expression?
                var upper: Expression?
                if !at(.colon) { lower = try expressionParser.parseExpression() }
                let isSlice = accept(.colon)
                if isSlice, !at(.rightBracket) { upper = try expressionParser.parseExpression() }
                try expect(.rightBracket, "']'")
                steps.append(.index(AssignmentSubscript(lower: lower, upper: upper, isSlice: isSlice)))
            } else {
                return steps
            }
        }
    }
}
