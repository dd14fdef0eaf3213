// What the analyzer can prove about how many rows a call or a query sees: an aggregate over at
// least one row is not NULL (count is never), a subquery of exactly one row keeps NOT NULL.

extension StatementAnalyzer {
    /// Whether an aggregate (or first_value/last_value) call sees at least one row: a window
    /// whose frame holds the current row, or a plain aggregate at a level with GROUP BY.
    func seesAtLeastOneRow(_ call: FunctionCall, _ scope: Scope) -> Bool {
        guard let over = call.over else {
            return FunctionCatalog.kind(of: call.name.name?.name ?? "") == .aggregate && scope.isGrouped
        }
        guard over.frameIncludesCurrentRow else { return false }
        guard let base = over.name?.name else { return true }
        // `OVER w` / `OVER (w ...)`: a frame not given here is w's.
        var current: Scope? = scope
        while let level = current {
            if let named = level.windows[base] { return named.frameIncludesCurrentRow }
            current = level.parent
        }
        return false
    }

    /// Whether a query surely returns exactly one row: a single SELECT with an aggregate in its
    /// select list and no GROUP BY (not even `()`, which GROUPING SETS can repeat), HAVING, LIMIT,
    /// OFFSET or set-returning function.
    func returnsExactlyOneRow(_ query: SelectStatement) -> Bool {
        guard query.limit == nil, query.offset == nil, case .select(let core) = query.body,
              core.groupBy.isEmpty, !core.groupsBySets, core.having == nil else { return false }
        var hasAggregate = false
        for target in core.targets {
            guard case .expression(let expression, _) = target else { return false }
            let calls = expression.functionCalls
            if calls.contains(where: { FunctionCatalog.isSetReturning($0.name.name?.name ?? "") }) { return false }
            if calls.contains(where: { $0.over == nil && FunctionCatalog.kind(of: $0.name.name?.name ?? "") == .aggregate }) {
                hasAggregate = true
            }
        }
        return hasAggregate
    }
}
