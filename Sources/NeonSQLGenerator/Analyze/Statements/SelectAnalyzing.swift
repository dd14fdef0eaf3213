// SELECT: WITH, FROM items and joins, select lists, set operations, ORDER BY and LIMIT.

/// Analyzes SELECT: WITH, set operations, VALUES, select lists, GROUP BY, ORDER BY, windows,
/// `sqlc.embed`. Owns `sortSlots` (consumed by ORDER BY) and `targetTyping` (the insert targets
/// of a select list, its deferred untyped parameters, the numbering of assignment lists, which
/// `ModificationAnalyzing` reaches through ``analyzeSelect(_:outer:insertingInto:)``,
/// ``beginAssignmentList()`` and ``currentAssignmentList()``); records alias markers and embeds
/// in the shared ``StatementAnalysisContext/sentSQL``. Calls `ExpressionTyping`,
/// `FromClauseAnalyzing`, `NameResolving`, `ModificationAnalyzing` and
/// `ParameterConflictReporting` (its extension's `where` clause).
protocol SelectAnalyzing: StatementAnalysisContext {
    /// The statement's `-- @sort` slots and the ones ORDER BY met.
    var sortSlots: SortSlots { get set }
    /// How values written to a target are typed: insert targets, deferred select-list parameters,
    /// assignment lists.
    var targetTyping: TargetTyping { get set }

    /// The output columns of a full query expression; `outer` is the scope it is nested in.
    mutating func analyzeSelect(_ query: SelectStatement, outer: Scope?) -> [OutputColumn]
    mutating func analyzeWith(_ with: WithClause, _ scope: Scope)
    /// The output columns of one select-list or RETURNING item.
    mutating func analyzeTarget(_ target: SelectTarget, _ scope: Scope, context: OperandContext?) -> [OutputColumn]
    mutating func analyzeWindow(_ window: WindowSpecification, _ scope: Scope)
    func seesAtLeastOneRow(_ call: FunctionCall, _ scope: Scope) -> Bool
    func returnsExactlyOneRow(_ query: SelectStatement) -> Bool
}

extension SelectAnalyzing {
    /// `analyzeTarget` where the place expects nothing of an untyped output.
    mutating func analyzeTarget(_ target: SelectTarget, _ scope: Scope) -> [OutputColumn] {
        analyzeTarget(target, scope, context: nil)
    }

    /// The output columns of `query` (`INSERT ... SELECT`'s), whose own select list is typed for
    /// `targets` (the inserted columns' contexts, in order) when there are any.
    mutating func analyzeSelect(_ query: SelectStatement, outer: Scope?, insertingInto targets: [OperandContext]?) -> [OutputColumn] {
        if let targets { targetTyping.expectInsertTargets(targets) }
        let columns = analyzeSelect(query, outer: outer)
        targetTyping.clearInsertTargets()
        return columns
    }

    /// Starts typing the next INSERT value list or UPDATE SET list.
    mutating func beginAssignmentList() {
        targetTyping.beginAssignmentList()
    }

    /// The number of the assignment list being typed (``ParameterCoercion/assignment(list:)``).
    func currentAssignmentList() -> Int {
        targetTyping.assignmentList
    }
}

extension SelectAnalyzing where Self: GroupingChecking & ExpressionTyping & FromClauseAnalyzing & NameResolving & ModificationAnalyzing & ParameterConflictReporting {
    /// The output columns of a full query expression.
    mutating func analyzeSelect(_ query: SelectStatement, outer: Scope?) -> [OutputColumn] {
        let withScope = Scope(parent: outer)
        if let with = query.with { analyzeWith(with, withScope) }
        let (columns, coreScope) = analyzeSetExpression(query.body, withScope)
        // ORDER BY sees the output columns by name and, for a plain SELECT, its FROM items too.
        let orderScope = coreScope ?? Scope(parent: withScope)
        orderScope.outputColumns = columns.map { ScopeColumn(name: $0.name, value: $0.value) }
        analyzeOrderBy(query.orderBy, orderScope, isPlainSelect: coreScope != nil)
        if case .select(let core) = query.body, let coreScope {
            if case .distinct = core.distinct { checkDistinctOrderBy(query.orderBy, core, orderScope) }
            checkUngroupedColumns(core, coreScope, orderBy: query.orderBy)
        }
        if let limit = query.limit { _ = infer(limit, withScope, OperandContext(type: .int8, name: "limit")) }
        if let offset = query.offset { _ = infer(offset, withScope, OperandContext(type: .int8, name: "offset")) }
        return columns
    }

    mutating func analyzeWith(_ with: WithClause, _ scope: Scope) {
        for table in with.tables {
            var columns: [OutputColumn]
            switch table.statement {
            case .select(let select):
                if with.recursive, case .setOperation(_, _, let left, _, _) = select.body {
                    // The non-recursive term defines the columns the recursive term can see.
                    let (seed, _) = analyzeSetExpression(left, Scope(parent: scope))
                    scope.commonTables[table.name.name] = renamed(seed, table.columns, table.name).map {
                        ScopeColumn(name: $0.name, value: $0.value.withNullable($0.nullable).renamed($0.name))
                    }
                }
                columns = analyzeSelect(select, outer: scope)
            case .insert(let insert):
                columns = analyzeInsert(insert, outer: scope)
            case .update(let update):
                columns = analyzeUpdate(update, outer: scope)
            case .delete(let delete):
                columns = analyzeDelete(delete, outer: scope)
            default:
                columns = []
            }
            columns = renamed(columns, table.columns, table.name)
            let markTypes = [table.cycle?.markValue, table.cycle?.markDefault].compactMap { $0 }.map { infer($0, scope).type }
            scope.commonTables[table.name.name] = columns.map {
                var value = $0.value.withNullable($0.nullable)
                value.origin = nil
                value.name = $0.name
                return ScopeColumn(name: $0.name, value: value)
            } + RecursiveSearchColumns.columns(table, markTypes: markTypes)
        }
    }

    private mutating func renamed(_ columns: [OutputColumn], _ names: [Identifier], _ table: Identifier) -> [OutputColumn] {
        guard !names.isEmpty else { return columns }
        if names.count > columns.count {
            error("WITH query \"\(table.name)\" has \(columns.count) columns available but \(names.count) columns specified", at: table.location)
        }
        return columns.enumerated().map { index, column in
            var copy = column
            if index < names.count { copy.name = names[index].name }
            return copy
        }
    }

    /// Columns of a set expression, and the scope of its FROM items when it is a plain SELECT.
    mutating func analyzeSetExpression(_ expression: SetExpression, _ outer: Scope) -> ([OutputColumn], Scope?) {
        switch expression {
        case .select(let core):
            return analyzeSelectCore(core, outer, asSetOperationBranch: false)
        case .values(let rows, let location):
            return (analyzeValues(rows, location, outer), nil)
        case .nested(let query):
            return (analyzeSelect(query, outer: outer), nil)
        case .setOperation(let op, _, let left, let right, let location):
            if isNestedTooDeeply(at: location) { return ([], nil) }
            let leftColumns = analyzeSetOperationBranch(left, outer)
            let rightColumns = analyzeSetOperationBranch(right, outer)
            if leftColumns.count != rightColumns.count {
                error("each UNION/INTERSECT/EXCEPT query must have the same number of columns", at: location)
                return (leftColumns, nil)
            }
            let merged = zip(leftColumns, rightColumns).map { left, right -> OutputColumn in
                let merged = SetOperationColumns.merge(left, right, userCasts: catalog.userTypes.casts)
                if let (first, other, at) = merged.mismatch {
                    error("\(op.rawValue.uppercased()) types \(first.formatName) and \(other.formatName) cannot be matched", at: at)
                }
                // An untyped parameter of a branch takes the column's type (text when both were untyped).
                for node in [left.untypedParameter, right.untypedParameter].compactMap({ $0 }) {
                    resolveUntypedTargets([(node, left.name)], as: merged.column.value.type)
                }
                return merged.column
            }
            return (merged, nil)
        }
    }

    /// The columns of a branch of a set operation: a SELECT's untyped outputs still untyped
    /// (``SetOperationColumns``), also under its own ORDER BY or LIMIT; VALUES types its own.
    private mutating func analyzeSetOperationBranch(_ expression: SetExpression, _ outer: Scope) -> [OutputColumn] {
        if case .select(let core) = expression {
            let (columns, scope) = analyzeSelectCore(core, outer, asSetOperationBranch: true)
            checkUngroupedColumns(core, scope, orderBy: [])
            return columns
        }
        var body = expression
        while case .nested(let query) = body { body = query.body }
        guard case .values = body else { return analyzeSetExpression(expression, outer).0 }
        return analyzeSetExpression(expression, outer).0.map { var column = $0; column.isUnknownAsText = false; return column }
    }

    private mutating func analyzeValues(_ rows: [[Expression]], _ location: SourceLocation, _ scope: Scope) -> [OutputColumn] {
        guard let width = rows.first?.count else { return [] }
        if rows.contains(where: { $0.count != width }) {
            error("VALUES lists must all be the same length", at: location)
            return []
        }
        return (0..<width).map { column in
            let values = inferCommon(rows.map { $0[column] }, scope)
            let type = TypeRules.commonType(values.map(\.type), userCasts: catalog.userTypes.casts)
            let value = TypedValue(type: type, nullable: values.contains { $0.nullable },
                                   elementNullable: values.contains { $0.elementNullable }, name: "column\(column + 1)")
            var output = OutputColumn(name: "column\(column + 1)", value: value, nullabilityOverride: nil,
                                      location: rows[0][column].location)
            output.isUnknownAsText = values.allSatisfy { $0.type == .unknown }
            return output
        }
    }

    private mutating func analyzeSelectCore(_ core: SelectCore, _ outer: Scope, asSetOperationBranch: Bool) -> ([OutputColumn], Scope) {
        let insertTargets = targetTyping.takeInsertTargets()
        let scope = Scope(parent: outer)
        scope.hasFromClause = !core.from.isEmpty
        let usesGroupingSets = core.groupsBySets
        // A GROUP BY item outside GROUPING SETS/ROLLUP/CUBE is in every grouping set: no set is
        // then empty, so every group holds a row, and a column it names is never NULL-filled.
        let everySetItems = core.groupBy.indices.filter { !core.groupingSetItems.contains($0) }.map { core.groupBy[$0] }
        scope.isGrouped = !core.groupBy.isEmpty && (!usesGroupingSets || !everySetItems.isEmpty)
        for window in core.windows { scope.windows[window.name.name] = window.specification }
        var joinsAreToOne = true
        addFromList(core.from, scope, at: core.location, joinsAreToOne: &joinsAreToOne)
        if let whereClause = core.whereClause {
            // A row passing WHERE has no NULL in a column a strict comparison or IS NOT NULL tests.
            for name in whereClause.columnsProvedNotNull { markNotNull(name, scope) }
        }
        // A select-list item grouped in every set is never NULL-filled: typed over the inputs as they are.
        let everySetScope = usesGroupingSets && !everySetItems.isEmpty ? copyOfInputs(scope) : nil
        if usesGroupingSets {
            // A grouping set's rows hold NULL in every column it does not group by.
            let entries = scope.entries
            let mergedColumns = scope.mergedColumns
            for index in scope.entries.indices { scope.entries[index].makeNullable() }
            for index in scope.mergedColumns.indices { scope.mergedColumns[index].value.nullable = true }
            for item in everySetItems {
                guard let name = groupedExpression(item, core.targets, scope).groupedColumn, let local = localColumn(name, scope) else { continue }
                if let entry = local.entry {
                    scope.entries[entry].columns[local.column].value.nullable = entries[entry].columns[local.column].value.nullable
                } else {
                    scope.mergedColumns[local.column].value.nullable = mergedColumns[local.column].value.nullable
                }
            }
        }
        var columns: [OutputColumn] = []
        let selectList = targetTyping.beginSelectList()
        for (position, target) in core.targets.enumerated() {
            var context: OperandContext?
            if let insertTargets, columns.count < insertTargets.count, case .expression(let expression, _) = target {
                if isUntyped(expression) {
                    context = insertTargets[columns.count]
                } else if case .parameter(let node) = expression.kind, let index = parameters.index(of: node) {
                    reportConflictingParameterType(index, node, insertTargets[columns.count])
                }
            }
            let targetScope = everySetScope.flatMap { isGroupedInEverySet(position, core.targets, everySetItems, scope) ? $0 : nil }
            columns += analyzeTarget(target, targetScope ?? scope, context: context)
        }
        let untypedTargets = targetTyping.endSelectList(selectList)
        if let whereClause = core.whereClause { inferCondition(whereClause, scope, clause: "WHERE") }
        scope.outputColumns = columns.map { ScopeColumn(name: $0.name, value: $0.value) }
        analyzeGroupBy(core.groupBy, scope)
        if let having = core.having { inferCondition(having, scope, clause: "HAVING") }
        if case .distinctOn(let expressions) = core.distinct {
            for expression in expressions where !checkedConstantReference(expression, clause: "DISTINCT ON", scope) {
                _ = infer(expression, scope)
            }
        }
        for window in core.windows { analyzeWindow(window.specification, scope) }
        // A set operation types a branch's untyped parameters (PostgreSQL's leaf select lists keep them unknown).
        func isWaiting(_ node: ParameterNode) -> Bool {
            asSetOperationBranch && [nil, .unknown].contains(parameters.index(of: node).flatMap(parameters.type))
        }
        resolveUntypedTargets(untypedTargets.filter { !isWaiting($0.node) })
        for index in columns.indices where columns[index].untypedParameter.map(isWaiting) == false { columns[index].untypedParameter = nil }

        // A key column of the only row source (or of the first, when every join is to-one) is
        // unique per result row, unless grouping or aggregation collapses rows.
        let root = scope.entries.first
        let grouped = !core.groupBy.isEmpty || core.having != nil
        for index in columns.indices {
            guard let origin = columns[index].value.origin, let root, !grouped, joinsAreToOne else { continue }
            columns[index].isUnique = origin.isUnique && origin.relationKey == root.relationKey
                && root.columns.contains { $0.value.origin == origin }
        }
        return (columns, scope)
    }

    /// Makes a column of this query level NOT NULL (WHERE proved it is not NULL in every row).
    private func markNotNull(_ name: QualifiedName, _ scope: Scope) {
        guard let local = localColumn(name, scope) else { return }
        if let entry = local.entry {
            scope.entries[entry].columns[local.column].value.nullable = false
        } else {
            scope.mergedColumns[local.column].value.nullable = false
        }
    }

    /// Where an input column of this query level is: an entry's column, or (entry nil) a merged
    /// USING column; nil when ambiguous or not of this level (an outer reference).
    func localColumn(_ name: QualifiedName, _ scope: Scope) -> (entry: Int?, column: Int)? {
        guard let column = name.name?.name else { return nil }
        if let table = name.qualifier.last?.name {
            guard name.qualifier.count == 1,
                  let entryIndex = scope.entries.lastIndex(where: { $0.name == table }),
                  let columnIndex = scope.entries[entryIndex].columns.firstIndex(where: { $0.name == column }) else { return nil }
            return (entryIndex, columnIndex)
        }
        var matches: [(entry: Int?, column: Int)] = []
        for (index, merged) in scope.mergedColumns.enumerated() where merged.name == column { matches.append((nil, index)) }
        for (entryIndex, entry) in scope.entries.enumerated() where !entry.hiddenUnqualified.contains(column) {
            for (columnIndex, candidate) in entry.columns.enumerated() where candidate.name == column {
                matches.append((entryIndex, columnIndex))
            }
        }
        guard matches.count == 1, let match = matches.first else { return nil }
        return match
    }

    /// Expands one select-list item into output columns.
    mutating func analyzeTarget(_ target: SelectTarget, _ scope: Scope, context: OperandContext?) -> [OutputColumn] {
        switch target {
        case .star(let location):
            if scope.entries.isEmpty {
                if !scope.hasFromClause { error("SELECT * with no tables specified is not valid", at: location) }
                return []
            }
            var columns = scope.mergedColumns.map { OutputColumn(name: $0.name, value: $0.value, nullabilityOverride: nil, location: location) }
            for entry in scope.entries {
                for column in entry.columns where !entry.hiddenUnqualified.contains(column.name) {
                    columns.append(OutputColumn(name: column.name, value: column.value, nullabilityOverride: nil, location: location))
                }
            }
            recordStarExpansion(at: location, scope)
            return columns
        case .qualifiedStar(let name, let location):
            guard let tableName = name.name?.name, let entry = findEntry(named: tableName, scope) else {
                error("missing FROM-clause entry for table \"\(name.name?.name ?? "")\"", at: name.location)
                return []
            }
            recordQualifiedStarExpansion(at: location, entry)
            return entry.columns.map { OutputColumn(name: $0.name, value: $0.value, nullabilityOverride: nil, location: location) }
        case .embed(let name, let range):
            return analyzeEmbed(name, range, scope)
        case .expression(let expression, let alias):
            if case .fieldStar(let base) = expression.kind { return expandFieldStar(base, scope, at: expression.location) }
            var value = infer(expression, scope, context)
            let isUnknown = value.type == .unknown
            var untypedParameter: ParameterNode?
            if isUnknown {
                // PostgreSQL resolves an untyped output as text.
                if targetTyping.defersTextParameters, let node = parameterNode(of: expression) {
                    targetTyping.deferTextParameter(node, alias: alias?.name)
                    untypedParameter = node
                } else if let index = parameterIndex(of: expression) {
                    parameters.note(index, type: .text, name: alias?.name)
                    parameters.markTextByDefault(index)
                }
                value.type = .text
            }
            var name = alias?.name ?? value.name ?? "?column?"
            var override: Bool?
            if let alias, alias.quoted, let marker = name.last, marker == "!" || marker == "?", name.count > 1 {
                override = marker == "?"
                name.removeLast()
                recordAliasEdit(alias)
            }
            var column = OutputColumn(name: name, value: value, nullabilityOverride: override,
                                      location: alias?.location ?? expression.location)
            column.isUnknownAsText = isUnknown
            column.untypedParameter = untypedParameter
            let valueLocation = expression.withoutParentheses.location
            if valueLocation != column.location { column.valueLocation = valueLocation }
            return [column]
        }
    }

    /// Remembers where the `!`/`?` of a quoted alias is, so the SQL sent names the column plainly.
    private mutating func recordAliasEdit(_ alias: Identifier) {
        let bytes = source.bytes
        var index = alias.location.offset + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\"") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") { index += 2; continue }
                break
            }
            index += 1
        }
        guard index < bytes.count, index > alias.location.offset + 1 else { return }
        sentSQL.removeAliasMarker(offset: index - 1, length: 1)
    }
}
