// Window specifications: their PARTITION BY and ORDER BY expressions in the query's scope.

extension SelectAnalyzing where Self: GroupingChecking & ExpressionTyping & FromClauseAnalyzing & NameResolving & ModificationAnalyzing & ParameterConflictReporting {
    mutating func analyzeWindow(_ window: WindowSpecification, _ scope: Scope) {
        for expression in window.partitionBy { _ = infer(expression, scope) }
        for item in window.orderBy { _ = infer(item.expression, scope) }
    }
}
