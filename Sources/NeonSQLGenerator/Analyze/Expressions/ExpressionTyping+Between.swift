// BETWEEN as PostgreSQL reads it (transformAExprBetween): `a BETWEEN b AND c` is
// `a >= b AND a <= c`, `a NOT BETWEEN b AND c` is `a < b OR a > c`, each comparison resolved
// in that order. A parameter is typed at its first comparison, and a later use sees that type:
// `at BETWEEN @from AND @from + interval '1 hour'` types @from by `at`, and the upper bound is then
// `time + interval`.
extension ExpressionTyping where Self: CallTyping & RowComparing & NameResolving & SelectAnalyzing & GroupingChecking & ParameterConflictReporting {
    mutating func inferBetween(_ value: Expression, low: Expression, high: Expression, negated: Bool, _ scope: Scope) -> TypedValue {
        // `a` is read once per comparison; typed on its own, it is inferred only once.
        let subject: TypedValue? = isUnknownInput(value) ? nil : infer(value, scope)
        // Both comparisons' errors are placed at BETWEEN (NOT BETWEEN at NOT).
        let location = operatorLocation(after: value)
        let lower = inferOperatorCall(negated ? "<" : ">=", value, low, scope, at: location, known: [subject, nil])
        // PostgreSQL stops at a lower comparison without an operator: the upper bound is only read.
        guard lower.result != nil else {
            _ = infer(high, scope)
            return TypedValue(type: .bool, nullable: true)
        }
        let upper = inferOperatorCall(negated ? ">" : "<=", value, high, scope, at: location, known: [subject, nil])
        let nullable = (lower.operands + upper.operands).contains { $0.nullable } || !lower.isStrict || !upper.isStrict
        return TypedValue(type: .bool, nullable: nullable)
    }
}
