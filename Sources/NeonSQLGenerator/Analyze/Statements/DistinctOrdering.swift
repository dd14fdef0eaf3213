/// `SELECT DISTINCT ... ORDER BY x`: the rows are made distinct by the select list, so PostgreSQL
/// sorts only by what it holds and rejects any other ORDER BY expression ("for SELECT DISTINCT,
/// ORDER BY expressions must appear in select list", transformDistinctClause). PostgreSQL
/// compares the analyzed expressions; here an item is rejected only when that is certain: a
/// column reference that no select-list item is (nor a `*` covers), an expression using a
/// column that the select list does not use at all, or an expression no select-list item can
/// be equal to (``ExpressionKey``: `lower(b)` is not `lower(b) || 'x'`).
enum DistinctOrdering {
    /// A column of a FROM item of the query level: the item's index (nil for a USING column) and
    /// the column's.
    struct InputColumn: Hashable {
        let entry: Int?
        let column: Int
    }

    /// The items of `items` that are certainly not in the select list `targets`.
    /// `isOutputReference` is true for an item PostgreSQL takes as an output column (a position,
    /// an output name); `entryNamed` gives the FROM item `t` of a `t.*`; `resolve` the input
    /// column a column reference names at this level (nil for any other: outer, whole row);
    /// `key` an expression's ``ExpressionKey``.
    static func unlisted(_ items: [Expression], targets: [SelectTarget], isOutputReference: (Expression) -> Bool,
                         entryNamed: (QualifiedName) -> Int?, resolve: (QualifiedName) -> InputColumn?,
                         key: (Expression) -> ExpressionKey) -> [Expression] {
        var used: Set<InputColumn> = []
        var alone: Set<InputColumn> = []
        var keys: [ExpressionKey] = []
        var everyEntry = false
        var wholeEntries: Set<Int> = []
        for target in targets {
            switch target {
            case .star:
                everyEntry = true
            case .qualifiedStar(let name, _):
                guard let entry = entryNamed(name) else { return [] }
                wholeEntries.insert(entry)
            case .embed:
                return []
            case .expression(let expression, _):
                keys.append(key(expression))
                if case .column(let name) = expression.withoutParentheses.kind, let column = resolve(name) { alone.insert(column) }
                used.formUnion(columns(of: expression, resolve).compactMap { $0 })
            }
        }
        func isCovered(_ column: InputColumn) -> Bool {
            everyEntry || column.entry.map(wholeEntries.contains) ?? false
        }
        return items.filter { item in
            if isOutputReference(item) { return false }
            let itemKey = key(item)
            if keys.contains(where: { $0.text == itemKey.text }) { return false }
            if case .column(let name) = item.withoutParentheses.kind {
                guard let column = resolve(name) else { return false }
                return !alone.contains(column) && !isCovered(column)
            }
            let referenced = columns(of: item, resolve)
            guard !referenced.contains(nil) else { return false }
            if referenced.contains(where: { $0.map { !used.contains($0) && !isCovered($0) } ?? false }) { return true }
            // Every column is in the select list: the item is unlisted when no select-list item
            // may be equal to it (PostgreSQL's equal() on the analyzed expressions).
            if !itemKey.isExact, referenced.contains(where: { $0.map(isCovered) ?? false }) { return false }
            return !keys.contains { $0.columns == itemKey.columns && !($0.isExact && itemKey.isExact) }
        }
    }

    /// The input columns `expression` references at its level (not in subqueries); nil for a
    /// reference `resolve` cannot place.
    private static func columns(of expression: Expression, _ resolve: (QualifiedName) -> InputColumn?) -> [InputColumn?] {
        var result: [InputColumn?] = []
        var stack = [expression]
        while let next = stack.popLast() {
            if case .column(let name) = next.kind { result.append(resolve(name)) }
            stack.append(contentsOf: next.children)
        }
        return result
    }
}
