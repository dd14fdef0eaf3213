// Queries: WITH, set operations, SELECT cores (select lists, GROUP BY), ORDER BY / LIMIT / OFFSET
// and locking clauses. FROM items and joins are in FromClauseParser.swift.

/// Queries: WITH, set operations, SELECT cores, VALUES, ORDER BY, LIMIT and window specifications.
struct SelectParser: GrammarParser {
    let cursor: TokenCursor

    /// `[WITH ...] body [ORDER BY] [LIMIT] [OFFSET] [FETCH] [FOR UPDATE ...]`.
    func parseSelectStatement() throws(ParseError) -> SelectStatement {
        let start = current
        var with: WithClause?
        if atWord("with") {
            with = try parseWithClause()
        }
        return try parseSelectStatement(with: with, start: start)
    }

    /// The rest of a query after its WITH clause (already parsed, starting at `start`).
    func parseSelectStatement(with: WithClause?, start: Token) throws(ParseError) -> SelectStatement {
        try enter()
        defer { leave() }
        let body = try parseSetExpression()
        var orderBy: [OrderItem] = []
        var limit: Expression?
        var offset: Expression?
        while true {
            if atWord("order"), peek().isWord("by") {
                orderBy = try parseOrderBy()
            } else if acceptWord("limit") {
                if !acceptWord("all") { limit = try expressionParser.parseExpression() }
            } else if acceptWord("offset") {
                offset = try expressionParser.parseExpression()
                if !acceptWord("rows") { _ = acceptWord("row") }
            } else if atWord("fetch") {
                let fetch = advance()
                if !acceptWord("first") { try expectWord("next") }
                if atWord("row") || atWord("rows") {
                    limit = make(.literal(.integer("1")), at: fetch.location)
                } else {
                    limit = try expressionParser.parseExpression(minimum: Precedence.additive)
                }
                if !acceptWord("rows") { try expectWord("row") }
                if !acceptWord("only") {
                    try expectWord("with")
                    try expectWord("ties")
                }
            } else if atWord("for"), ["update", "no", "share", "key"].contains(peek().value) {
                try parseLockingClause()
            } else {
                break
            }
        }
        return SelectStatement(
            with: with, body: body, orderBy: orderBy, limit: limit, offset: offset,
            location: start.location, range: SourceRange(start: start.location, endOffset: cursor.lastEnd)
        )
    }

    /// `FOR UPDATE | NO KEY UPDATE | SHARE | KEY SHARE [OF t, ...] [NOWAIT | SKIP LOCKED]`: dropped.
    private func parseLockingClause() throws(ParseError) {
        try expectWord("for")
        if acceptWord("no") {
            try expectWord("key")
            try expectWord("update")
        } else if acceptWord("key") {
            try expectWord("share")
        } else if !acceptWord("update") {
            try expectWord("share")
        }
        if acceptWord("of") {
            repeat { _ = try parseQualifiedName("table name") } while accept(.comma)
        }
        if !acceptWord("nowait"), acceptWord("skip") {
            try expectWord("locked")
        }
    }

    /// `WITH [RECURSIVE] name [(cols)] AS [NOT] [MATERIALIZED] (statement) [SEARCH ...] [CYCLE ...], ...`
    func parseWithClause() throws(ParseError) -> WithClause {
        try expectWord("with")
        let recursive = acceptWord("recursive")
        var tables: [CommonTableExpression] = []
        repeat {
            let name = try parseColumnId("query name")
            var columns: [Identifier] = []
            if at(.leftParen) { columns = try parseParenthesizedIdentifiers() }
            try expectWord("as")
            if acceptWord("not") {
                try expectWord("materialized")
            } else {
                _ = acceptWord("materialized")
            }
            try expect(.leftParen, "'('")
            // A data-modifying CTE is INSERT, UPDATE or DELETE; PostgreSQL 15 has no MERGE there.
            if atWord("merge") { throw error(expected: "SELECT, VALUES, INSERT, UPDATE or DELETE") }
            try enter()
            let statement = try statementParser.parseQueryStatement()
            leave()
            try expect(.rightParen, "')'")
            var table = CommonTableExpression(name: name, columns: columns, statement: statement)
            if acceptWord("search") {
                let breadthFirst = acceptWord("breadth")
                if !breadthFirst { try expectWord("depth") }
                try expectWord("first")
                try expectWord("by")
                repeat { _ = try parseColumnId() } while accept(.comma)
                try expectWord("set")
                table.search = RecursiveSearchClause(breadthFirst: breadthFirst, sequenceColumn: try parseColumnId())
            }
            if acceptWord("cycle") {
                repeat { _ = try parseColumnId() } while accept(.comma)
                try expectWord("set")
                let mark = try parseColumnId()
                var markValue: Expression?
                var markDefault: Expression?
                if acceptWord("to") {
                    markValue = try expressionParser.parseExpression(minimum: Precedence.additive)
                    try expectWord("default")
                    markDefault = try expressionParser.parseExpression(minimum: Precedence.additive)
                }
                try expectWord("using")
                table.cycle = RecursiveCycleClause(markColumn: mark, markValue: markValue, markDefault: markDefault, pathColumn: try parseColumnId())
            }
            tables.append(table)
        } while accept(.comma)
        return WithClause(recursive: recursive, tables: tables)
    }

    // MARK: - Set operations

    /// UNION and EXCEPT (left associative) over INTERSECT terms.
    func parseSetExpression() throws(ParseError) -> SetExpression {
        let start = current.location
        var left = try parseIntersectTerm()
        while atWord("union") || atWord("except") {
            let op: SetOperator = advance().value == "union" ? .union : .except
            let all = acceptWord("all")
            if !all { _ = acceptWord("distinct") }
            let right = try parseIntersectTerm()
            left = .setOperation(op, all: all, left, right, location: start)
        }
        return left
    }

    private func parseIntersectTerm() throws(ParseError) -> SetExpression {
        let start = current.location
        var left = try parseSetPrimary()
        while acceptWord("intersect") {
            let all = acceptWord("all")
            if !all { _ = acceptWord("distinct") }
            let right = try parseSetPrimary()
            left = .setOperation(.intersect, all: all, left, right, location: start)
        }
        return left
    }

    private func parseSetPrimary() throws(ParseError) -> SetExpression {
        let start = current
        if atWord("select") {
            return .select(try parseSelectCore())
        }
        if atWord("values") {
            return .values(try parseValuesRows(), location: start.location)
        }
        if acceptWord("table") {
            _ = acceptWord("only")
            let name = try parseQualifiedName("table name")
            if atOp("*") { advance() }
            return .select(SelectCore(
                distinct: .none, targets: [.star(start.location)], from: [.table(name, alias: nil)],
                whereClause: nil, groupBy: [], having: nil, windows: [], location: start.location
            ))
        }
        if at(.leftParen) {
            advance()
            let query = try parseSelectStatement()
            try expect(.rightParen, "')'")
            if query.with == nil, query.orderBy.isEmpty, query.limit == nil, query.offset == nil {
                return query.body
            }
            return .nested(query)
        }
        throw error(expected: "SELECT")
    }

    /// `VALUES (a, b), (c, d)`
    func parseValuesRows() throws(ParseError) -> [[Expression]] {
        try expectWord("values")
        var rows: [[Expression]] = []
        repeat {
            try expect(.leftParen, "'('")
            rows.append(try expressionParser.parseExpressionList())
            try expect(.rightParen, "')'")
        } while accept(.comma)
        return rows
    }

    // MARK: - SELECT core

    /// Words that end a select list (so `SELECT FROM t` has no targets).
    private static let selectListTerminators: Set<String> = [
        "from", "where", "group", "having", "window", "order", "limit", "offset", "fetch", "for",
        "union", "intersect", "except", "into", "on", "returning",
    ]

    private func parseSelectCore() throws(ParseError) -> SelectCore {
        let start = current
        try expectWord("select")
        var distinct = Distinct.none
        if acceptWord("distinct") {
            if acceptWord("on") {
                try expect(.leftParen, "'('")
                distinct = .distinctOn(try expressionParser.parseExpressionList())
                try expect(.rightParen, "')'")
            } else {
                distinct = .distinct
            }
        } else {
            _ = acceptWord("all")
        }
        var targets: [SelectTarget] = []
        let endsList = atEnd || at(.rightParen) || (current.kind == .word && Self.selectListTerminators.contains(current.value))
        if !endsList {
            targets = try parseTargetList()
        }
        var into: IntoClause?
        if acceptWord("into") {
            var temporary = false
            while atWord("temp") || atWord("temporary") || atWord("unlogged") || atWord("local") || atWord("global") {
                if advance().value.hasPrefix("temp") { temporary = true }
            }
            _ = acceptWord("table")
            into = IntoClause(name: try parseQualifiedName("table name"), isTemporary: temporary)
        }
        var from: [TableReference] = []
        if acceptWord("from") {
            from = try fromClauseParser.parseFromList()
        }
        var whereClause: Expression?
        if acceptWord("where") {
            whereClause = try expressionParser.parseExpression()
        }
        var groupBy: [Expression] = []
        var groupsBySets = false
        var groupingSetItems: Set<Int> = []
        var groupingSetAlternatives: [[[Int]]] = []
        if atWord("group"), peek().isWord("by") {
            advance()
            advance()
            if !acceptWord("all") { _ = acceptWord("distinct") }
            var sets = GroupingSetsBeingParsed()
            for (index, item) in try parseGroupingItems(usesSets: &groupsBySets, sets: &sets).enumerated() {
                groupBy.append(item.expression)
                if item.insideSet { groupingSetItems.insert(index) }
            }
            groupingSetAlternatives = sets.constructs
        }
        var having: Expression?
        if acceptWord("having") {
            having = try expressionParser.parseExpression()
        }
        var windows: [NamedWindow] = []
        if acceptWord("window") {
            repeat {
                let name = try parseColumnId("window name")
                try expectWord("as")
                windows.append(NamedWindow(name: name, specification: try parseWindowSpecification()))
            } while accept(.comma)
        }
        var core = SelectCore(
            distinct: distinct, targets: targets, from: from, whereClause: whereClause, groupBy: groupBy,
            having: having, windows: windows, location: start.location
        )
        core.groupsBySets = groupsBySets
        core.groupingSetItems = groupingSetItems
        core.groupingSetAlternatives = groupingSetAlternatives
        core.into = into
        return core
    }

    /// GROUP BY items; `()` is dropped, `GROUPING SETS (...)`, `ROLLUP (...)` and `CUBE (...)` are
    /// flattened to the expressions they group by (setting `usesSets`), and a parenthesized list
    /// `(a, b)`, inside them or not, is a set of columns, not a row value (PostgreSQL's
    /// flatten_grouping_sets). `ROLLUP`/`CUBE` followed by `(` is always the grouping construct,
    /// never a function call, as in PostgreSQL's grammar. Each item says whether it was written
    /// inside one of those constructs.
    /// `sets` collects each top-level construct's grouping sets (``SelectCore/groupingSetAlternatives``);
    /// `base` is the index in GROUP BY of the first item this call parses.
    private func parseGroupingItems(usesSets: inout Bool, sets: inout GroupingSetsBeingParsed, insideSet: Bool = false, base: Int = 0)
        throws(ParseError) -> [(expression: Expression, insideSet: Bool)] {
        var items: [(expression: Expression, insideSet: Bool)] = []
        repeat {
            if at(.leftParen), peek().kind == .rightParen {
                advance()
                advance()
                usesSets = true
                if insideSet { sets.alternatives.append([]) }
            } else if atWord("grouping"), peek().isWord("sets") {
                advance()
                advance()
                usesSets = true
                try expect(.leftParen, "'('")
                // A GROUPING SETS inside GROUPING SETS adds its sets to the enclosing one's.
                items.append(contentsOf: try parseGroupingItems(usesSets: &usesSets, sets: &sets, insideSet: true, base: base + items.count))
                if !insideSet {
                    sets.constructs.append(sets.alternatives)
                    sets.alternatives = []
                }
                try expect(.rightParen, "')'")
            } else if atWord("rollup") || atWord("cube"), peek().kind == .leftParen {
                // ROLLUP/CUBE take a plain expression list: no `()`, no nested grouping sets.
                advance()
                advance()
                usesSets = true
                repeat {
                    items += try parseGroupingSetElement().map { ($0, true) }
                } while accept(.comma)
                try expect(.rightParen, "')'")
                // Their sets include the empty one: no item of theirs is in every set.
                if insideSet { sets.alternatives.append([]) } else { sets.constructs.append([[]]) }
            } else if insideSet {
                let first = base + items.count
                items += try parseGroupingSetElement().map { ($0, true) }
                sets.alternatives.append(Array(first..<base + items.count))
            } else {
                // At the top too, `GROUP BY (a, b)` is `GROUP BY a, b`.
                items += try parseGroupingSetElement().map { ($0, false) }
            }
        } while accept(.comma)
        return items
    }

    /// One element of a grouping set: `(a, b)` is the columns a and b (`ROW(a, b)` stays a row).
    private func parseGroupingSetElement() throws(ParseError) -> [Expression] {
        let startsWithParen = at(.leftParen)
        let expression = try expressionParser.parseExpression()
        if startsWithParen, case .row(let elements) = expression.kind { return elements }
        return [expression]
    }

    /// A select list or RETURNING list.
    func parseTargetList() throws(ParseError) -> [SelectTarget] {
        var targets: [SelectTarget] = []
        repeat {
            if atOp("*") {
                targets.append(.star(advance().location))
                continue
            }
            if let embed = try parseSqlcEmbedIfPresent() {
                targets.append(embed)
                continue
            }
            let expression = try expressionParser.parseExpression()
            if case .qualifiedStar(let name) = expression.kind {
                targets.append(.qualifiedStar(name, expression.location))
                continue
            }
            var alias: Identifier?
            if acceptWord("as") {
                alias = try parseLabel("column alias")
            } else if atColumnId {
                if current.kind == .word, Keywords.notBareLabels.contains(current.value) { throw syntaxError(at: current) }
                alias = identifier(advance())
            }
            targets.append(.expression(expression, alias: alias))
        } while accept(.comma)
        return targets
    }

    /// `sqlc.embed(name)` as a whole select-list item (anywhere else it is an error).
    private func parseSqlcEmbedIfPresent() throws(ParseError) -> SelectTarget? {
        guard current.isWord("sqlc"), peek().kind == .dot, peek(2).isWord("embed"), peek(3).kind == .leftParen else { return nil }
        let start = advance()
        advance()
        advance()
        try expect(.leftParen, "'('")
        let nameToken = current
        guard nameToken.kind == .word || nameToken.kind == .quotedIdentifier else { throw error(expected: "table name") }
        let name = identifier(advance())
        let close = current
        try expect(.rightParen, "')'")
        let followers: Set<TokenKind> = [.op, .dot, .doubleColon, .leftBracket, .quotedIdentifier, .string]
        if followers.contains(current.kind) || atWord("as") || atColumnId {
            throw ParseError(message: "sqlc.embed(\(name.name)) is a whole select-list item: it takes no operators or alias",
                             location: current.location)
        }
        return .embed(name, SourceRange(start: start.location, endOffset: close.end))
    }
}

/// The grouping sets of GROUP BY's constructs while they are parsed: the sets of the GROUPING SETS
/// being read (each as the GROUP BY indices of its items), and each finished top-level construct's.
private struct GroupingSetsBeingParsed {
    var alternatives: [[Int]] = []
    var constructs: [[[Int]]] = []
}
