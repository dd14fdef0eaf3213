// sqlc's macros in expressions: `sqlc.arg(name)`, `sqlc.narg(name)` and `x IN (sqlc.slice(name))`.

extension ExpressionParser {
    /// `left [NOT] IN (sqlc.slice(name))`, after IN: an array parameter compared with `= ANY` (`<> ALL`
    /// for NOT IN). The parameter's occurrence spans from `IN` (or `NOT`) to the closing `)`, so the
    /// SQL sent reads `left = ANY($n)`.
    func parseSqlcSlice(_ left: Expression, negated: Bool) throws(ParseError) -> Expression {
        let keyword = cursor.tokens[max(0, cursor.index - (negated ? 2 : 1))]
        try expect(.leftParen, "'('")
        advance()
        advance()
        advance()
        let (name, nameToken) = try macroArgumentName()
        try expect(.rightParen, "')'")
        let range = SourceRange(start: keyword.location, endOffset: cursor.lastEnd)
        var node = ParameterNode(reference: .named(name), location: nameToken.location, range: range)
        node.template = negated ? "<> ALL($n)" : "= ANY($n)"
        cursor.parameters.append(node)
        let array = Expression(.parameter(node), location: nameToken.location, range: range)
        return make(.quantified(op: negated ? "<>" : "=", left, negated ? .all : .any, array), at: left.location)
    }

    /// `sqlc.arg(name)`, `sqlc.arg('name')`, `sqlc.narg(name)`, and `sqlc.slice(name)` outside
    /// `IN (...)`: one parameter spanning the call.
    func parseSqlcParameter() throws(ParseError) -> Expression {
        let start = advance()
        advance()
        let nullable = advance().value == "narg"
        let (name, _) = try macroArgumentName()
        return parameter(nullable ? .nullableNamed(name) : .named(name), from: start)
    }

    /// `(name)`, `("Name")` or `('name')` of a sqlc macro: the name and its token.
    private func macroArgumentName() throws(ParseError) -> (String, Token) {
        try expect(.leftParen, "'('")
        let nameToken = current
        let name: String
        switch nameToken.kind {
        case .word: name = cursor.source.text(from: nameToken.start, to: nameToken.end)
        case .quotedIdentifier, .string: name = nameToken.value
        default: throw error(expected: "parameter name")
        }
        advance()
        try expect(.rightParen, "')'")
        return (name, nameToken)
    }
}
