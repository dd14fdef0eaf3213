// Window specifications: their PARTITION BY and ORDER BY expressions in the query's scope, and
// their frame's offsets (ExpressionTyping+WindowFrames.swift).

extension SelectAnalyzing where Self: GroupingChecking & ExpressionTyping & FromClauseAnalyzing & NameResolving & ModificationAnalyzing & ParameterConflictReporting {
    mutating func analyzeWindow(_ window: WindowSpecification, _ scope: Scope) {
        for expression in window.partitionBy { _ = infer(expression, scope) }
        var sortType: SQLType?
        for item in window.orderBy {
            let type = infer(item.expression, scope).type
            if sortType == nil { sortType = type }
        }
        if let frame = window.frame { analyzeFrameOffsets(frame, of: window, sortType: sortType, scope) }
    }
}
