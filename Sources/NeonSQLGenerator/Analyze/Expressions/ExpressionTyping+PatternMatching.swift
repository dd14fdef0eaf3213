// LIKE, ILIKE and SIMILAR TO as PostgreSQL's grammar rewrites them: `a LIKE b` is the operator
// `a ~~ b` (ILIKE `~~*`, NOT LIKE `!~~`), `a LIKE b ESCAPE c` is `a ~~ like_escape(b, c)`, and
// `a SIMILAR TO b [ESCAPE c]` is `a ~ similar_to_escape(b[, c])` (NOT SIMILAR TO `!~`). The left
// operand is read first, then the pattern (the function call, resolved before the operator), and
// every error of the construct is placed at its operator (`LIKE`, `NOT` of NOT LIKE).
extension ExpressionTyping where Self: CallTyping & RowComparing & NameResolving & SelectAnalyzing & GroupingChecking & ParameterConflictReporting {
    mutating func inferPatternMatch(_ value: Expression, pattern: Expression, escape: Expression?, caseInsensitive: Bool,
                                    similar: Bool, negated: Bool, _ scope: Scope) -> TypedValue {
        let location = operatorLocation(after: value)
        let op = similar ? (negated ? "!~" : "~") : (negated ? "!" : "") + (caseInsensitive ? "~~*" : "~~")
        var right = pattern
        if similar || escape != nil {
            let function = Identifier(name: similar ? "similar_to_escape" : "like_escape", quoted: false, location: location)
            let name = QualifiedName(parts: [Identifier(name: "pg_catalog", quoted: false, location: location), function])
            let call = FunctionCall(name: name, arguments: [pattern] + (escape.map { [$0] } ?? []), isStar: false, isDistinct: false,
                                    orderBy: [], withinGroup: [], filter: nil, over: nil, hasVariadicArgument: false)
            right = Expression(.function(call), location: location,
                               range: SourceRange(start: pattern.range.start, endOffset: (escape ?? pattern).range.endOffset))
        }
        let call = inferOperatorCall(op, value, right, scope, at: location)
        return TypedValue(type: .bool, nullable: call.operands.contains { $0.nullable })
    }
}
