/// The analyzer's part that rejects what PostgreSQL's `check_ungrouped_columns` rejects: a column
/// of a grouped query level (GROUP BY, HAVING or an aggregate of its own) used outside GROUP BY
/// and aggregates of that level. It owns no state: it reads the level's recorded column
/// references (`NameResolving`) and the grouping (`SelectAnalyzing+Grouping.swift`), and the
/// walk itself is ``UngroupedColumns``.
protocol GroupingChecking: StatementAnalysisContext {}

extension GroupingChecking where Self: SelectAnalyzing & ExpressionTyping & FromClauseAnalyzing & NameResolving & ModificationAnalyzing & ParameterConflictReporting {
    /// Reports the columns of a grouped query level used outside GROUP BY and aggregates
    /// (``UngroupedColumns``). `scope` is the level's scope once its select list, HAVING and
    /// ORDER BY (`orderBy`, empty for a branch of a set operation; a `-- @sort` slot stands for
    /// every key of its directive) were analyzed.
    mutating func checkUngroupedColumns(_ core: SelectCore, _ scope: Scope, orderBy: [OrderItem]) {
        let level = scope.level
        var expressions: [Expression] = []
        for target in core.targets { if case .expression(let expression, _) = target { expressions.append(expression) } }
        var windows = core.windows.map(\.specification)
        let ordering = orderingExpressions(orderBy).filter { !isOutputReference($0, scope) }
        var distinctOn: [Expression] = []
        if case .distinctOn(let items) = core.distinct { distinctOn = items.filter { !isOutputReference($0, scope) } }
        let levelItems = expressions + [core.having].compactMap { $0 } + ordering + distinctOn
        windows += levelItems.flatMap(\.functionCalls).compactMap(\.over)
        let windowItems = windows.flatMap { $0.partitionBy + $0.orderBy.map(\.expression) }
        // An aggregate in a subquery over columns of the level only is the level's (agglevelsup).
        func hasAggregates() -> Bool {
            var subqueries: [Expression] = []
            var stack = levelItems + windowItems
            while let next = stack.popLast() {
                if case .function(let call) = next.kind, isAggregateOfLevel(call, level) { return true }
                if next.subquery != nil { subqueries.append(next) }
                stack += next.children
            }
            return subqueries.contains { UngroupedColumns.hasAggregateInSubquery(of: $0, of: level, isAggregate: isCertainlyAggregate) }
        }
        guard !core.groupBy.isEmpty || core.having != nil || hasAggregates(), let grouped = groupedReferences(core, scope) else { return }
        var check = UngroupedColumns(level: level, grouped: grouped, castTypes: UngroupedColumns.castTypes(at: level, catalog: catalog), text: { [source] in
            source.text(from: $0.range.start.offset, to: $0.range.endOffset)
        }, mayAggregate: { BuiltinFunctionBehavior.mayAggregate($0) })
        for target in core.targets {
            switch target {
            case .star(let location):
                for entry in level.entries.indices { check.checkStar(entry: entry, at: location) }
            case .qualifiedStar(let name, _):
                guard name.parts.count == 1, let entry = level.entries.lastIndex(where: { $0.name == name.name?.name }) else { continue }
                check.checkStar(entry: entry, at: name.location)
            case .expression(let expression, _):
                check.check(expression)
            case .embed:
                continue
            }
        }
        for expression in ordering + distinctOn { check.check(expression) }
        for window in core.windows { check.checkWindow(window.specification) }
        if let having = core.having { check.check(having) }
        for problem in check.problems { error(problem.message, at: problem.location) }
    }

    /// Whether `call` (of the level, outside subqueries) is certainly an aggregate of the level:
    /// one by its syntax or every overload of its name, whose arguments reference the level or
    /// no enclosing level (an aggregate over outer columns only is the outer level's).
    private func isAggregateOfLevel(_ call: FunctionCall, _ level: Scope) -> Bool {
        guard call.over == nil, isCertainlyAggregate(call) else { return false }
        let start = call.name.location.offset
        // The call's arguments end before the next thing of the level; their references are
        // those at offsets after the name within the call (found by the recorded references).
        guard let end = callEnd(call) else { return true }
        func within(_ offsets: Dictionary<Int, ReferencedColumn>.Keys) -> Bool { offsets.contains { start <= $0 && $0 < end } }
        if within(level.columnReferences.keys) { return true }
        var outer = level.parent
        while let enclosing = outer {
            if within(enclosing.level.columnReferences.keys) { return false }
            outer = enclosing.parent
        }
        return true
    }

    /// The end offset of a call's arguments, ORDER BY and FILTER (nil when it has none).
    private func callEnd(_ call: FunctionCall) -> Int? {
        let parts = call.arguments + call.orderBy.map(\.expression) + call.withinGroup.map(\.expression) + [call.filter].compactMap { $0 }
        return parts.map(\.range.endOffset).max()
    }

    /// An aggregate by its syntax (`*`, DISTINCT, ORDER BY, WITHIN GROUP, FILTER), or a call of a
    /// built-in whose every overload is an aggregate and that no function of the schema shadows.
    private func isCertainlyAggregate(_ call: FunctionCall) -> Bool {
        if call.isStar || call.isDistinct || !call.orderBy.isEmpty || !call.withinGroup.isEmpty || call.filter != nil { return true }
        if let name = call.name.name?.name, catalog.isUserAggregate(name, schema: call.name.qualifier.last?.name) { return true }
        guard let name = call.name.name?.name, [nil, "pg_catalog"].contains(call.name.qualifier.last?.name),
              let overloads = BuiltinCatalog.shared.functions[name], !overloads.isEmpty,
              overloads.allSatisfy({ $0.kind == .aggregate }) else { return false }
        return catalog.userCallOverloads(named: name, schema: nil, procedures: false).isEmpty
    }

    /// The grouping of a level; nil when a GROUP BY item cannot be followed (a position past a
    /// `*`, a USING column, a whole row): then nothing is checked.
    private func groupedReferences(_ core: SelectCore, _ scope: Scope) -> GroupedReferences? {
        let level = scope.level
        var columns: [GroupedReferences.Column] = []
        var columnsByItem: [Int: GroupedReferences.Column] = [:]
        var expressions: [GroupedReferences.GroupingExpression] = []
        var mergedColumns: Set<String> = []
        let castTypes = UngroupedColumns.castTypes(at: level, catalog: catalog)
        func column(_ name: QualifiedName) -> GroupedReferences.Column? {
            guard let reference = UngroupedColumns.reference(name, at: level), let entry = reference.entry else { return nil }
            return .init(entry: entry, name: reference.column)
        }
        for (index, item) in core.groupBy.enumerated() {
            let grouped = groupedExpression(item, core.targets, scope).withoutParentheses
            // An invalid position or another constant was reported; PostgreSQL stops there.
            if TargetListConstant.of(grouped) != nil { return nil }
            if case .column(let name) = grouped.kind {
                if let inputs = UngroupedColumns.mergedInputs(name, at: level) {
                    mergedColumns.insert(name.name?.name ?? "")
                    expressions.append(.init(key: ExpressionKey(mergedColumn: name.name?.name ?? "", inputs: inputs), castColumn: nil))
                    continue
                }
                guard let groupedColumn = column(name) else { return nil }
                // `USING (...) AS j`'s `j.id` is the merged column.
                if let entry = level.entries.indices.contains(groupedColumn.entry) ? level.entries[groupedColumn.entry] : nil,
                   entry.isJoinAlias, entry.hiddenUnqualified.contains(groupedColumn.name) { mergedColumns.insert(groupedColumn.name) }
                columns.append(groupedColumn)
                columnsByItem[index] = groupedColumn
                continue
            }
            let key = ExpressionKey(grouped, resolve: { UngroupedColumns.reference($0, at: level) }, types: castTypes) { [source] in
                source.text(from: $0.range.start.offset, to: $0.range.endOffset)
            }
            let underlying = grouped.underlyingColumn.flatMap(column)
            if key.columns == [key.text], let underlying {
                // Casts to the type the column has: PostgreSQL groups by the column itself.
                columns.append(underlying)
                columnsByItem[index] = underlying
                continue
            }
            // A cast told apart exactly groups that cast only; one that may vanish, maybe the column.
            expressions.append(.init(key: key, castColumn: key.isExact ? nil : underlying))
        }
        // A column grouped outside GROUPING SETS, ROLLUP and CUBE, or in each set of one of them.
        var everySet = Set(columnsByItem.filter { !core.groupingSetItems.contains($0.key) }.values)
        for construct in core.groupingSetAlternatives {
            guard let first = construct.first else { continue }
            var common = Set(first.compactMap { columnsByItem[$0] })
            for set in construct.dropFirst() { common.formIntersection(set.compactMap { columnsByItem[$0] }) }
            everySet.formUnion(common)
        }
        return GroupedReferences(grouped: columns, everySet: everySet, expressions: expressions, mergedColumns: mergedColumns) { entry in
            guard let key = level.entries[entry].relationKey, let relation = catalog.relation(key: key), relation.kind == .table else { return [] }
            return relation.primaryKey
        }
    }
}
