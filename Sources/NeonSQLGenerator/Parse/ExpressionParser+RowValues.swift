// Row-value syntax beyond the row constructor itself.
extension ExpressionParser {
    /// `(s1, e1) OVERLAPS (s2, e2)`: the call `overlaps(s1, e1, s2, e2)` (gram.y's makeOverlaps).
    func parseOverlaps(_ left: Expression) throws(ParseError) -> Expression {
        let keyword = advance()
        let right = try primaryParser.parsePrimary()
        func bounds(_ row: Expression, _ side: String) throws(ParseError) -> [Expression] {
            guard case .row(let elements) = row.kind else {
                throw ParseError(message: "expected a row such as (start, end) after OVERLAPS", location: row.location)
            }
            guard elements.count == 2 else {
                throw ParseError(message: "wrong number of parameters on \(side) side of OVERLAPS expression", location: row.location)
            }
            return elements
        }
        let arguments = try bounds(left, "left") + bounds(right, "right")
        let name = QualifiedName(parts: [Identifier(name: "overlaps", quoted: false, location: keyword.location)])
        let call = FunctionCall(name: name, arguments: arguments, isStar: false, isDistinct: false, orderBy: [], withinGroup: [],
                                filter: nil, over: nil, hasVariadicArgument: false)
        return make(.function(call), at: left.location)
    }
}
