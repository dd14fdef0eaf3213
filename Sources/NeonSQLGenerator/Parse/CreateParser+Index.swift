// CREATE [UNIQUE] INDEX and ALTER INDEX ... RENAME TO: what makes a unique key (Catalog/CatalogBuilder+Indexes.swift).

extension CreateParser {
    /// At `INDEX` (after `CREATE [UNIQUE]`).
    func parseCreateIndex(start: Token, isUnique: Bool) throws(ParseError) -> Statement {
        try expectWord("index")
        _ = acceptWord("concurrently")
        let ifNotExists = acceptWords("if", "not", "exists")
        var name: Identifier?
        if !atWord("on") { name = try parseColumnId("index name") }
        try expectWord("on")
        _ = acceptWord("only")
        let table = try parseQualifiedName("table name")
        if acceptWord("using") { _ = try parseLabel("index method") }
        try expect(.leftParen, "'('")
        var elements: [CreateIndexStatement.Element] = []
        repeat {
            elements.append(try parseIndexElement())
        } while accept(.comma)
        try expect(.rightParen, "')'")
        var isPartial = false
        var predicateConjuncts: [String] = []
        while !atEnd {
            if atWord("include") || atWord("with"), peek().kind == .leftParen {
                advance()
                try skipParenthesized()
            } else if acceptWord("nulls") {
                _ = acceptWord("not")
                try expectWord("distinct")
            } else if acceptWord("tablespace") {
                _ = try parseLabel("tablespace name")
            } else if acceptWord("where") {
                predicateConjuncts = conjuncts(of: try expressionParser.parseExpression()).map(normalizedText)
                isPartial = true
            } else {
                throw error(expected: "end of CREATE INDEX")
            }
        }
        return .createIndex(CreateIndexStatement(name: name, ifNotExists: ifNotExists, table: table, isUnique: isUnique,
                                                 elements: elements, isPartial: isPartial, location: start.location,
                                                 predicateConjuncts: predicateConjuncts))
    }

    /// The top-level AND conjuncts of a predicate.
    private func conjuncts(of expression: Expression) -> [Expression] {
        switch expression.kind {
        case .parenthesized(let inner): conjuncts(of: inner)
        case .binary("and", let lhs, let rhs): conjuncts(of: lhs) + conjuncts(of: rhs)
        default: [expression]
        }
    }

    /// An expression's source text, ``CreateIndexStatement/normalized(_:)``.
    private func normalizedText(_ expression: Expression) -> String {
        CreateIndexStatement.normalized(cursor.source.text(from: expression.range.start.offset, to: expression.range.endOffset))
    }

    /// `column | (expression) | function(...)`, then `[COLLATE c] [opclass [(params)]] [ASC|DESC] [NULLS FIRST|LAST]`.
    private func parseIndexElement() throws(ParseError) -> CreateIndexStatement.Element {
        let element: CreateIndexStatement.Element
        if (current.kind == .word || current.kind == .quotedIdentifier), peek().kind != .leftParen, peek().kind != .dot {
            let column = try parseColumnId("column name")
            element = CreateIndexStatement.Element(column: column, nameForIndexName: column.name)
        } else {
            let isCall = current.kind == .word && peek().kind == .leftParen
            let expression = try expressionParser.parseExpression()
            var name = "expr"
            if isCall, case .function(let call) = expression.kind, let function = call.name.name { name = function.name }
            element = CreateIndexStatement.Element(column: nil, nameForIndexName: name, expressionText: normalizedText(expression))
        }
        // Collation, operator class and ordering change nothing a query's types depend on.
        while !at(.comma), !at(.rightParen), !atEnd {
            if at(.leftParen) {
                try skipParenthesized()
            } else {
                advance()
            }
        }
        return element
    }

    /// At `INDEX` after `ALTER`: `[IF EXISTS] name RENAME TO new`; other forms are ignored.
    func parseAlterIndex(start: Token) throws(ParseError) -> Statement {
        let saved = mark()
        try expectWord("index")
        let ifExists = acceptWords("if", "exists")
        if current.kind == .word || current.kind == .quotedIdentifier, !atWord("all") {
            let name = try parseQualifiedName("index name")
            if acceptWords("rename", "to") {
                let newName = try parseColumnId("index name")
                return .renameIndex(name, to: newName, ifExists: ifExists, location: start.location)
            }
        }
        reset(saved)
        skipToEnd()
        return .ignored(keyword: "alter index", location: start.location)
    }
}
