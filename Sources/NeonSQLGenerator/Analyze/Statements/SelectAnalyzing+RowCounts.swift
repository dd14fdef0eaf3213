// What the analyzer can prove about how many rows a call or a query sees: an aggregate over at
// least one row is not NULL (count is never), a subquery of exactly one row keeps NOT NULL.

extension SelectAnalyzing where Self: GroupingChecking & ExpressionTyping & FromClauseAnalyzing & NameResolving & ModificationAnalyzing & ParameterConflictReporting {
    /// Whether an aggregate (or first_value/last_value) call sees at least one row: a window
    /// whose frame holds the current row, or a plain aggregate at a level with GROUP BY.
    func seesAtLeastOneRow(_ call: FunctionCall, _ scope: Scope) -> Bool {
        guard let over = call.over else {
            return BuiltinFunctionBehavior.kind(of: call.name.name?.name ?? "") == .aggregate && scope.isGrouped
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
    /// select list and no GROUP BY, HAVING, LIMIT, OFFSET or set-returning function (the rule is
    /// `RowCountGuarantee`'s).
    func returnsExactlyOneRow(_ query: SelectStatement) -> Bool {
        RowCountGuarantee.aggregatesWithoutGrouping(query, catalog: catalog)
    }
}
