// FROM lists: table references and their joins (CROSS, INNER, LEFT/RIGHT/FULL, NATURAL, ON, USING),
// LATERAL and parenthesized items, subqueries, functions, ROWS FROM and value functions as FROM
// items, TABLESAMPLE, and aliases with their column lists.

/// FROM lists: table references, joins, subqueries and functions as FROM items, aliases.
struct FromClauseParser: GrammarParser {
    let cursor: TokenCursor

    // MARK: - FROM

    func parseFromList(aliasExclusions: Set<String> = []) throws(ParseError) -> [TableReference] {
        var items: [TableReference] = []
        repeat {
            items.append(try parseTableReference())
        } while accept(.comma)
        return items
    }

    /// A FROM item with its joins (left associative).
    func parseTableReference() throws(ParseError) -> TableReference {
        try enter()
        defer { leave() }
        let start = current.location
        var left = try parseTablePrimary()
        while true {
            let natural = acceptWord("natural")
            let kind: JoinKind
            if acceptWord("cross") {
                kind = .cross
                try expectWord("join")
            } else if acceptWord("inner") {
                kind = .inner
                try expectWord("join")
            } else if atWord("left") || atWord("right") || atWord("full") {
                let word = advance().value
                kind = word == "left" ? .left : word == "right" ? .right : .full
                _ = acceptWord("outer")
                try expectWord("join")
            } else if acceptWord("join") {
                kind = .inner
            } else {
                if natural { throw error(expected: "JOIN") }
                break
            }
            let right = try parseTablePrimary()
            let condition: JoinCondition
            var usingAlias: Identifier?
            if natural {
                condition = .natural
            } else if kind == .cross {
                condition = .none
            } else if acceptWord("on") {
                condition = .on(try expressionParser.parseExpression())
            } else if acceptWord("using") {
                condition = .using(try parseParenthesizedIdentifiers())
                if acceptWord("as") { usingAlias = try parseColumnId("alias") }
            } else {
                throw error(expected: "ON or USING")
            }
            left = .join(Join(kind: kind, left: left, right: right, condition: condition, location: start, usingAlias: usingAlias))
        }
        return left
    }

    private func parseTablePrimary() throws(ParseError) -> TableReference {
        let start = current
        if acceptWord("lateral") {
            if let query = try primaryParser.parseParenthesizedQueryIfPresent() {
                return .subquery(query, alias: try parseTableAlias(), lateral: true, location: start.location)
            }
            if atWord("rows"), peek().isWord("from") { return try parseRowsFrom(lateral: true, at: start.location) }
            return try parseFunctionItem(name: try parseQualifiedName("function name"), lateral: true, at: start.location)
        }
        if at(.leftParen) {
            if let query = try primaryParser.parseParenthesizedQueryIfPresent() {
                return .subquery(query, alias: try parseTableAlias(), lateral: false, location: start.location)
            }
            advance()
            let inner = try parseTableReference()
            // Only a join may stand in parentheses (`(a)`, `(a AS p)`: PostgreSQL's syntax error at `)`).
            if at(.rightParen), !Self.isJoinedTable(inner) { throw syntaxError(at: current) }
            try expect(.rightParen, "')'")
            return .parenthesized(inner, alias: try parseTableAlias())
        }
        if atWord("rows"), peek().isWord("from") { return try parseRowsFrom(lateral: false, at: start.location) }
        if let valueFunction = try primaryParser.parseValueFunctionItemIfPresent() {
            return .valueFunction(valueFunction, alias: try parseTableAlias())
        }
        let only = acceptWord("only")
        let name = try parseQualifiedName("table name")
        if !only, at(.leftParen) { return try parseFunctionItem(name: name, lateral: false, at: start.location) }
        if atOp("*") { advance() }
        let alias = try parseTableAlias()
        if acceptWord("tablesample") {
            _ = try primaryParser.parseFunctionCall(name: try parseQualifiedName("sampling method"))
            if acceptWord("repeatable") {
                try expect(.leftParen, "'('")
                _ = try expressionParser.parseExpression()
                try expect(.rightParen, "')'")
            }
        }
        return .table(name, alias: alias)
    }

    /// PostgreSQL's `joined_table`: a join, or one in parentheses without an alias.
    static func isJoinedTable(_ item: TableReference) -> Bool {
        switch item {
        case .join: true
        case .parenthesized(let inner, alias: nil): isJoinedTable(inner)
        default: false
        }
    }

    /// `[AS] alias [(col, ...)]`, or a column definition list (`AS x(a int, b text)`) with its types.
    /// `excluding` lists unreserved words that end the item in this context (`SET` after UPDATE's table).
    func parseTableAlias(excluding: Set<String> = []) throws(ParseError) -> TableAlias? {
        let name: Identifier
        if acceptWord("as") {
            name = try parseColumnId("alias")
        } else if atColumnId, !(current.kind == .word && excluding.contains(current.value)) {
            name = identifier(advance())
        } else {
            return nil
        }
        guard at(.leftParen) else { return TableAlias(name: name, columns: []) }
        return try parseAliasColumns(name: name)
    }
}
