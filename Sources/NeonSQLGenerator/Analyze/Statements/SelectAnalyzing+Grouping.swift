// GROUP BY and ORDER BY items that name output columns (PostgreSQL's SQL92 rules,
// findTargetlistEntrySQL92): a bare name in GROUP BY is an input column first, then an output
// column; in ORDER BY an output column first, then an input column; a number is an output
// column's position, in GROUP BY also inside GROUPING SETS, ROLLUP and CUBE. Any other
// expression sees input columns only.
extension SelectAnalyzing where Self: GroupingChecking & ExpressionTyping & FromClauseAnalyzing & NameResolving & ModificationAnalyzing & ParameterConflictReporting {
    /// The integer a GROUP BY or ORDER BY item is, when it is a bare integer constant (a position).
    func outputPosition(_ expression: Expression) -> Int? {
        switch expression.kind {
        case .literal(.integer(let digits)): return Int(digits)
        case .parenthesized(let inner): return outputPosition(inner)
        default: return nil
        }
    }

    /// The unqualified name a GROUP BY or ORDER BY item is, when it is a bare column name.
    private func bareName(_ expression: Expression) -> String? {
        switch expression.kind {
        case .column(let name) where name.qualifier.isEmpty: return name.name?.name
        case .parenthesized(let inner): return bareName(inner)
        default: return nil
        }
    }

    /// Whether a column of this query level's FROM items has this name.
    private func isInputColumn(_ name: String, _ scope: Scope) -> Bool {
        scope.mergedColumns.contains { $0.name == name } || scope.entries.contains { $0.columns.contains { $0.name == name } }
    }

    /// The select-list expression a GROUP BY item stands for when it is a position or names an
    /// output alias that is no input column; the item itself otherwise. Read before the select
    /// list is typed (a grouping set's NULLs must be known first): a position counts select-list
    /// items, so a `*` before it leaves the item as written.
    func groupedExpression(_ item: Expression, _ targets: [SelectTarget], _ scope: Scope) -> Expression {
        if let position = outputPosition(item) {
            guard position >= 1, position <= targets.count,
                  !targets.prefix(position).contains(where: { if case .expression = $0 { false } else { true } }),
                  case .expression(let expression, _) = targets[position - 1] else { return item }
            return expression
        }
        guard let name = bareName(item), !isInputColumn(name, scope) else { return item }
        for target in targets {
            if case .expression(let expression, let alias) = target, alias?.name == name { return expression }
        }
        return item
    }

    /// Whether select-list item `position` is grouped by a GROUP BY item outside GROUPING SETS,
    /// ROLLUP and CUBE (so in every grouping set): named by its alias or position, or written the
    /// same way.
    func isGroupedInEverySet(_ position: Int, _ targets: [SelectTarget], _ everySetItems: [Expression], _ scope: Scope) -> Bool {
        guard case .expression(let target, _) = targets[position] else { return false }
        let targetText = collapsedText(target)
        return everySetItems.contains { item in
            let grouped = groupedExpression(item, targets, scope)
            return grouped.range == target.range || collapsedText(grouped) == targetText
        }
    }

    /// The ORDER BY items' expressions as the SQL sent has them: `ORDER BY @order` of a
    /// `-- @sort` stands for each key's items (every key is one variant of the query).
    func orderingExpressions(_ items: [OrderItem]) -> [Expression] {
        items.flatMap { item -> [Expression] in
            guard case .parameter(let node) = item.expression.kind, let sort = sortSlots[node.range.start.offset] else { return [item.expression] }
            return sort.keys.flatMap { $0.items.map(\.expression) }
        }
    }

    /// Whether an ORDER BY or DISTINCT ON item is an output column of `scope`: a position, or a
    /// bare name of one.
    func isOutputReference(_ item: Expression, _ scope: Scope) -> Bool {
        outputPosition(item) != nil || bareName(item).map { name in scope.outputColumns.contains { $0.name == name } } ?? false
    }

    /// An expression's source text with runs of white space made one space.
    private func collapsedText(_ expression: Expression) -> String {
        source.text(from: expression.range.start.offset, to: expression.range.endOffset)
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// A scope with the same FROM items, windows and CTEs as `scope`, at the same level: the
    /// inputs as they are before grouping sets NULL-fill them.
    func copyOfInputs(_ scope: Scope) -> Scope {
        let copy = Scope(parent: scope.parent)
        copy.copiedLevel = scope.level
        copy.entries = scope.entries
        copy.mergedColumns = scope.mergedColumns
        copy.mergedColumnSources = scope.mergedColumnSources
        copy.mergedColumnInputs = scope.mergedColumnInputs
        copy.commonTables = scope.commonTables
        copy.hasFromClause = scope.hasFromClause
        copy.isGrouped = scope.isGrouped
        copy.windows = scope.windows
        return copy
    }

    /// Types the GROUP BY items once the select list is known (`scope.outputColumns`).
    mutating func analyzeGroupBy(_ items: [Expression], _ scope: Scope) {
        for item in items {
            if checkedConstantReference(item, clause: "GROUP BY", scope) { continue }
            if let name = bareName(item), !isInputColumn(name, scope), scope.outputColumns.contains(where: { $0.name == name }) {
                continue
            }
            _ = infer(item, scope)
        }
    }

    /// Types the ORDER BY items. `scope` holds the output columns; `isPlainSelect` when it also
    /// holds a SELECT's FROM items (then only a bare name may be an output column; over a set
    /// operation or VALUES, the output columns are all there is).
    mutating func analyzeOrderBy(_ items: [OrderItem], _ scope: Scope, isPlainSelect: Bool) {
        for item in items {
            let expression = item.expression
            // `ORDER BY @order` of a `-- @sort`: each key is analyzed in its place.
            if case .parameter(let node) = expression.kind {
                if let sort = sortSlots.consume(node.range.start.offset) {
                    let errorsBefore = diagnostics.errorCount
                    for key in sort.keys { analyzeOrderBy(key.items, scope, isPlainSelect: isPlainSelect) }
                    if diagnostics.errorCount == errorsBefore { checkSortKeysAreOrderable(sort, scope, isPlainSelect: isPlainSelect) }
                    continue
                }
                if case .positional = node.reference {} else {
                    error("ORDER BY a parameter sorts by a constant; to choose the order per call, add "
                          + "'-- @sort \(node.reference.writtenName ?? "order"): key, key DESC, ...' under the annotation", at: node.location)
                    continue
                }
            }
            if checkedConstantReference(expression, clause: "ORDER BY", scope) { continue }
            if let name = bareName(expression), scope.outputColumns.contains(where: { $0.name == name }) { continue }
            scope.allowOutputAliases = !isPlainSelect
            _ = infer(expression, scope)
            scope.allowOutputAliases = false
        }
    }

    /// `SELECT DISTINCT`'s ORDER BY items not in its select list (``DistinctOrdering``).
    mutating func checkDistinctOrderBy(_ items: [OrderItem], _ core: SelectCore, _ scope: Scope) {
        let unlisted = DistinctOrdering.unlisted(
            items.map(\.expression), targets: core.targets,
            isOutputReference: { isOutputReference($0, scope) },
            entryNamed: { name in name.parts.count == 1 ? scope.entries.lastIndex { $0.name == name.name?.name } : nil },
            resolve: { name in localColumn(name, scope).map { DistinctOrdering.InputColumn(entry: $0.entry, column: $0.column) } },
            key: { [source] expression in
                ExpressionKey(expression, resolve: { scope.level.columnReferences[$0.location.offset] }) {
                    source.text(from: $0.range.start.offset, to: $0.range.endOffset)
                }
            })
        for item in unlisted { error("for SELECT DISTINCT, ORDER BY expressions must appear in select list", at: item.location) }
    }

    /// A `-- @sort` key must be orderable: each of its items' types has an ordering operator.
    private mutating func checkSortKeysAreOrderable(_ sort: SortDirective, _ scope: Scope, isPlainSelect: Bool) {
        for key in sort.keys {
            for item in key.items where outputPosition(item.expression) == nil {
                let type: SQLType
                // As analyzeOrderBy reads it: a bare name of an output column is that column.
                if let name = bareName(item.expression), let output = scope.outputColumns.first(where: { $0.name == name }) {
                    type = output.value.type
                } else {
                    scope.allowOutputAliases = !isPlainSelect
                    type = infer(item.expression, scope).type
                    scope.allowOutputAliases = false
                }
                var element = type
                while case .array(let inner) = element { element = inner }
                if let name = element.typname, unorderableTypes.contains(name) {
                    error("could not identify an ordering operator for type \(type.formatName): the '-- @sort \(sort.name)' key "
                          + "'\(key.text)' cannot sort", at: item.expression.location)
                }
            }
        }
    }
}

/// Types PostgreSQL has no default ordering operator for (`ORDER BY` a json value fails with
/// "could not identify an ordering operator for type json").
private let unorderableTypes: Set<String> = ["json", "xml", "point", "line", "lseg", "box", "path", "polygon", "circle"]
