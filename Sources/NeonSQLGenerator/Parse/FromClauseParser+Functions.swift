// Functions as FROM items: `f(args) [WITH ORDINALITY] [AS] alias[(cols)]`, column definition lists
// (`AS t(a int, b text)`, `AS (a int)`), and `ROWS FROM (f(...) [AS (...)], g(...))`.

extension FromClauseParser {
    /// A function call in FROM, after its (qualified) name.
    func parseFunctionItem(name: QualifiedName, lateral: Bool, at location: SourceLocation) throws(ParseError) -> TableReference {
        let call = try primaryParser.parseFunctionCall(name: name)
        let ordinality = acceptWords("with", "ordinality")
        let alias = try parseFunctionAlias(functionName: name)
        return .function(call, alias: alias, lateral: lateral, withOrdinality: ordinality, location: location)
    }

    /// `ROWS FROM (f(...) [AS (c type, ...)], ...) [WITH ORDINALITY] [alias]`, at `ROWS`.
    func parseRowsFrom(lateral: Bool, at location: SourceLocation) throws(ParseError) -> TableReference {
        try expectWord("rows")
        try expectWord("from")
        try expect(.leftParen, "'('")
        var functions: [RowsFromFunction] = []
        repeat {
            let start = current.location
            let name = try parseQualifiedName("function name")
            let call = try primaryParser.parseFunctionCall(name: name)
            var definitions: TableAlias?
            if acceptWord("as") {
                guard at(.leftParen), let functionName = name.name else { throw error(expected: "'(' and a column definition list") }
                definitions = try parseAliasColumns(name: functionName)
            }
            functions.append(RowsFromFunction(call: call, columnDefinitions: definitions, location: start))
        } while accept(.comma)
        try expect(.rightParen, "')'")
        let ordinality = acceptWords("with", "ordinality")
        return .rowsFrom(functions, alias: try parseTableAlias(), lateral: lateral, withOrdinality: ordinality, location: location)
    }

    /// A function item's alias: `[AS] alias[(cols)]`, or `AS (c type, ...)`, which keeps the
    /// function's name as the item's name.
    private func parseFunctionAlias(functionName: QualifiedName) throws(ParseError) -> TableAlias? {
        if atWord("as"), peek().kind == .leftParen, let name = functionName.name {
            advance()
            return try parseAliasColumns(name: name)
        }
        return try parseTableAlias()
    }

    /// `(c1, c2)` or `(c1 type, c2 type)`, at `(`.
    func parseAliasColumns(name: Identifier) throws(ParseError) -> TableAlias {
        try expect(.leftParen, "'('")
        var columns: [Identifier] = []
        var types: [TypeName] = []
        repeat {
            columns.append(try parseColumnId("column alias"))
            if !at(.comma), !at(.rightParen) {
                types.append(try typeNameParser.parseTypeName())
                if acceptWord("collate") { _ = try parseQualifiedName("collation") }
            }
        } while accept(.comma)
        try expect(.rightParen, "')'")
        if !types.isEmpty, types.count != columns.count {
            throw ParseError(message: "a column definition list needs a type for every column", location: columns[0].location)
        }
        return TableAlias(name: name, columns: columns, columnTypes: types)
    }
}
