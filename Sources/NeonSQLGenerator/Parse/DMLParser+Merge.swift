// MERGE (PostgreSQL 15's grammar, gram.y MergeStmt; the WITH clause in front is parsed by the
// caller). PostgreSQL 17's additions, `WHEN NOT MATCHED BY SOURCE|TARGET` and `RETURNING`, are
// parsed too: whether the targeted version has them is the analyzer's to say
// (Statements/ModificationAnalyzing+Merge.swift).

extension DMLParser {
    /// `MERGE INTO [ONLY] t [[AS] a] USING source ON condition WHEN ... [WHEN ...] [RETURNING ...]`
    func parseMerge(with: WithClause?, start: Token) throws(ParseError) -> MergeStatement {
        try expectWord("merge")
        try expectWord("into")
        let (table, alias) = try parseModificationTarget(aliasExcluding: ["using"])
        try expectWord("using")
        let sourceLocation = current.location
        let source = try fromClauseParser.parseTableReference()
        try expectWord("on")
        let condition = try expressionParser.parseExpression()
        var clauses: [MergeWhenClause] = []
        repeat {
            clauses.append(try parseMergeWhenClause())
        } while atWord("when")
        var returning: [SelectTarget] = []
        var returningLocation: SourceLocation?
        if atWord("returning") {
            returningLocation = advance().location
            returning = try selectParser.parseTargetList()
        }
        return MergeStatement(
            with: with, table: table, alias: alias, source: source, sourceLocation: sourceLocation, condition: condition,
            clauses: clauses, returning: returning, returningLocation: returningLocation, location: start.location
        )
    }

    /// `WHEN [NOT] MATCHED [BY SOURCE|TARGET] [AND condition] THEN action`
    private func parseMergeWhenClause() throws(ParseError) -> MergeWhenClause {
        let start = current.location
        try expectWord("when")
        let negated = acceptWord("not")
        try expectWord("matched")
        var match: MergeMatchKind = negated ? .notMatched : .matched
        var byLocation: SourceLocation?
        if negated, atWord("by") {
            byLocation = advance().location
            if acceptWord("source") {
                match = .notMatchedBySource
            } else {
                try expectWord("target")
            }
        }
        var condition: Expression?
        if acceptWord("and") { condition = try expressionParser.parseExpression() }
        try expectWord("then")
        let action = try parseMergeAction(inserts: match == .notMatched)
        return MergeWhenClause(match: match, condition: condition, action: action, location: start, byLocation: byLocation)
    }

    /// `UPDATE SET ... | DELETE | DO NOTHING` after MATCHED (and NOT MATCHED BY SOURCE);
    /// `INSERT ... | DO NOTHING` after NOT MATCHED.
    private func parseMergeAction(inserts: Bool) throws(ParseError) -> MergeAction {
        if acceptWords("do", "nothing") { return .doNothing }
        if inserts {
            guard atWord("insert") else { throw error(expected: "INSERT or DO NOTHING") }
            return try parseMergeInsert()
        }
        if acceptWord("delete") { return .delete }
        guard acceptWord("update") else { throw error(expected: "UPDATE, DELETE or DO NOTHING") }
        try expectWord("set")
        return .update(try parseSetClauses())
    }

    /// `INSERT [(columns)] [OVERRIDING {SYSTEM|USER} VALUE] {VALUES (expressions) | DEFAULT VALUES}`
    private func parseMergeInsert() throws(ParseError) -> MergeAction {
        let location = advance().location
        let (columns, indirections, overriding) = try parseInsertColumns()
        if acceptWords("default", "values") {
            return .insert(columns: columns, indirections: indirections, values: nil, overriding: overriding, location: location)
        }
        try expectWord("values")
        try expect(.leftParen, "'('")
        var values: [Expression] = []
        repeat { values.append(try expressionParser.parseExpression()) } while accept(.comma)
        try expect(.rightParen, "')'")
        return .insert(columns: columns, indirections: indirections, values: values, overriding: overriding, location: location)
    }
}
