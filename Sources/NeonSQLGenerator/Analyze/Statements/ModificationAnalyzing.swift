// INSERT, UPDATE, DELETE: target columns, values typed by their column, ON CONFLICT, RETURNING.

/// Analyzes INSERT, UPDATE, DELETE, MERGE and CALL: targets, assigned values, updatable views,
/// RETURNING. Owns `isReadOnly`. Reaches what other parts own through their functions: an
/// unknown target through ``FromClauseAnalyzing/noteUnresolvedRelation()``, the insert targets
/// of `INSERT ... SELECT` and the numbering of assignment lists through `SelectAnalyzing`
/// (``SelectAnalyzing/analyzeSelect(_:outer:insertingInto:)``,
/// ``SelectAnalyzing/beginAssignmentList()``). Calls `ExpressionTyping`, `FromClauseAnalyzing`,
/// `SelectAnalyzing` and `CallTyping` (its extension's `where` clause).
protocol ModificationAnalyzing: StatementAnalysisContext {
    /// False once a data-modifying statement or CTE is seen.
    var isReadOnly: Bool { get set }

    mutating func analyzeInsert(_ insert: InsertStatement, outer: Scope?) -> [OutputColumn]
    mutating func analyzeUpdate(_ update: UpdateStatement, outer: Scope?) -> [OutputColumn]
    mutating func analyzeDelete(_ delete: DeleteStatement, outer: Scope?) -> [OutputColumn]
    mutating func analyzeMerge(_ merge: MergeStatement, outer: Scope?) -> [OutputColumn]
    mutating func analyzeCall(_ call: FunctionCall) -> [OutputColumn]
}

extension ModificationAnalyzing where Self: ExpressionTyping & FromClauseAnalyzing & SelectAnalyzing & GroupingChecking & CallTyping {
    /// The target table (or, for INSERT, UPDATE and DELETE, a view PostgreSQL changes rows through:
    /// Statements/ModificationAnalyzing+Views.swift) as a scope entry, or nil (reported) when it cannot be changed.
    /// `change` is nil for MERGE, whose target the generator knows only as a table.
    mutating func targetEntry(_ name: QualifiedName, alias: Identifier?, _ scope: Scope,
                              change: TableChange?) -> (RangeEntry, CatalogRelation)? {
        guard let tableName = name.name else { return nil }
        guard let relation = catalog.relation(tableName.name, schema: name.qualifier.last?.name) else {
            let written = name.parts.map(\.name).joined(separator: ".")
            error("relation \"\(written)\" does not exist" + NameSuggestions.suffix(for: written, among: catalog.relationNames), at: name.location)
            noteUnresolvedRelation()
            return nil
        }
        if relation.kind == .view, let change {
            guard acceptsViewChange(relation, change, at: name.location) else { return nil }
        } else if relation.kind != .table {
            error("cannot change rows of view \"\(relation.name)\": the generator only knows tables as targets", at: name.location)
            return nil
        }
        guard let entry = tableEntry(name, alias.map { TableAlias(name: $0, columns: []) }, scope) else { return nil }
        return (entry, relation)
    }

    /// Context for a value written into `column`: its type, its name for a `$n`, and whether
    /// NULL is a meaningful value (the column is nullable).
    private func valueContext(for column: CatalogColumn, in relation: CatalogRelation) -> OperandContext {
        let key = Catalog.key(schema: relation.schema, name: relation.name)
        return OperandContext(type: column.type, elementNullable: column.elementNullable, name: column.name, nullMeaningful: !column.isNotNull,
                              origin: ColumnOrigin(relationKey: key, column: column.name, isUnique: relation.isUniqueColumn(column.name)),
                              coercion: .assignment(list: currentAssignmentList()))
    }

    mutating func requireColumn(_ identifier: Identifier, in relation: CatalogRelation) -> CatalogColumn? {
        if let column = relation.column(named: identifier.name) { return column }
        error("column \"\(identifier.name)\" of relation \"\(relation.name)\" does not exist"
              + NameSuggestions.suffix(for: identifier.name, among: relation.columns.map(\.name)), at: identifier.location)
        return nil
    }

    /// Types a value written into a column and reports NULL written into a NOT NULL column and a
    /// value of a type the column cannot take.
    mutating func assign(_ expression: Expression, to column: CatalogColumn, in relation: CatalogRelation, _ scope: Scope) {
        if case .defaultValue = expression.kind { return }
        let isUntyped = isUntypedAssignedValue(expression)
        let errorsBefore = diagnostics.errorCount
        let value = infer(expression, scope, valueContext(for: column, in: relation))
        // A view's column may be NOT NULL by its query's filter alone: NULL written through it is
        // PostgreSQL's to judge, at the base table.
        if case .literal(.null) = expression.kind, column.isNotNull, relation.kind == .table {
            error("null value in column \"\(column.name)\" violates not-null constraint", at: expression.location)
        }
        // An error inside the value leaves its type a guess.
        if !isUntyped, diagnostics.errorCount == errorsBefore {
            reportUnassignableValue(value, to: column, at: expression.withoutParentheses.location)
        }
    }

    /// The context of a value assigned through the `.field`s and `[subscripts]` written after its
    /// column (PostgreSQL's transformAssignmentIndirection): a field takes the composite field's
    /// type, a run of subscripts the array's element type (the array's type when one is a slice),
    /// and jsonb stays jsonb. The subscripts are typed here: integers, or text in jsonb (where
    /// PostgreSQL gives a parameter text). Nil when the catalog cannot follow a step: the value is
    /// then typed by itself.
    mutating func assignmentContext(through steps: [AssignmentIndirection], of column: CatalogColumn,
                                    in relation: CatalogRelation, _ scope: Scope) -> OperandContext? {
        var context: OperandContext? = valueContext(for: column, in: relation)
        var index = steps.startIndex
        while index < steps.endIndex {
            if case .field(let name) = steps[index] {
                index += 1
                guard let type = context?.type?.baseType,
                      let field = catalog.compositeFields(of: type)?.first(where: { $0.name == name.name }) else {
                    context = nil
                    continue
                }
                context?.type = field.type
                context?.elementNullable = field.elementNullable
                context?.nullMeaningful = true
                context?.origin = nil
                continue
            }
            var run: [AssignmentSubscript] = []
            while index < steps.endIndex, case .index(let item) = steps[index] {
                run.append(item)
                index += 1
            }
            let base = context?.type?.baseType
            let isJSONB = base == .builtin(.jsonb)
            for bound in run.flatMap({ [$0.lower, $0.upper].compactMap { $0 } }) {
                _ = base == nil ? infer(bound, scope) : infer(bound, scope, .type(isJSONB ? .text : .int4))
            }
            if isJSONB || run.contains(where: \.isSlice) { continue }
            guard let element = base?.elementType else {
                context = nil
                continue
            }
            context?.type = element
            context?.nullMeaningful = true
            context?.origin = nil
        }
        return context
    }

    /// A value written into a column through `.field`s or `[subscripts]` (``assignmentContext(through:of:in:_:)``).
    private mutating func assign(_ expression: Expression, to column: CatalogColumn, through steps: [AssignmentIndirection],
                                 in relation: CatalogRelation, _ scope: Scope) {
        guard !steps.isEmpty else { return assign(expression, to: column, in: relation, scope) }
        let context = assignmentContext(through: steps, of: column, in: relation, scope)
        write(expression, into: context, scope)
    }

    /// Types a value by the context of the part of a column it is written into (nil: by itself).
    private mutating func write(_ expression: Expression, into context: OperandContext?, _ scope: Scope) {
        if case .defaultValue = expression.kind { return }
        if let context { _ = infer(expression, scope, context) } else { _ = infer(expression, scope) }
    }

    mutating func analyzeInsert(_ insert: InsertStatement, outer: Scope?) -> [OutputColumn] {
        isReadOnly = false
        let scope = Scope(parent: outer)
        if let with = insert.with { analyzeWith(with, scope) }
        guard let (entry, relation) = targetEntry(insert.table, alias: insert.alias, scope, change: .insert) else { return [] }
        beginAssignmentList()
        let targetColumns: [CatalogColumn]
        if insert.columns.isEmpty {
            targetColumns = relation.columns
        } else {
            targetColumns = insert.columns.compactMap { requireColumn($0, in: relation) }
            if targetColumns.count != insert.columns.count { return [] }
            checkAssignedViewColumns(insert.columns, of: relation, .insert)
        }
        let steps = insert.columnIndirections
        switch insert.source {
        case .values(let rows):
            if insert.columns.isEmpty, let first = rows.first {
                checkAssignedViewColumns(implicitTargets(relation, count: first.count, at: insert.table.location), of: relation, .insert)
            }
            for row in rows {
                if row.count > targetColumns.count {
                    error("INSERT has more expressions than target columns", at: row[targetColumns.count].location)
                } else if row.count < targetColumns.count, insert.columns.count > 0 {
                    error("INSERT has more target columns than expressions", at: row.first?.location ?? insert.location)
                }
            }
            assignRows(rows, to: targetColumns, through: steps, in: relation, scope)
            report(RestrictedColumnWrites.insert(into: targetColumns, names: insert.columns, through: steps, rows: rows,
                                                 overriding: insert.overriding, at: insert.table.location))
        case .select(let query):
            var insertTargets: [OperandContext]?
            let contexts = targetColumns.enumerated().map { index, column in
                index < steps.count && !steps[index].isEmpty
                    ? assignmentContext(through: steps[index], of: column, in: relation, scope) : valueContext(for: column, in: relation)
            }
            if query.with == nil, case .select = query.body, !contexts.contains(where: { $0 == nil }) {
                insertTargets = contexts.compactMap { $0 }
            }
            let errorsBefore = diagnostics.errorCount
            let columns = analyzeSelect(query, outer: scope, insertingInto: insertTargets)
            if insert.columns.isEmpty {
                checkAssignedViewColumns(implicitTargets(relation, count: columns.count, at: insert.table.location), of: relation, .insert)
            }
            if columns.count > targetColumns.count {
                error("INSERT has more expressions than target columns", at: query.location)
            } else if diagnostics.errorCount == errorsBefore {
                reportUnassignableOutputs(columns, to: targetColumns, through: steps)
            }
            // A VALUES list in parentheses is still one (PostgreSQL's grammar drops the parentheses).
            var valuesRows: [[Expression]]?
            if query.with == nil, query.orderBy.isEmpty, query.limit == nil, query.offset == nil,
               case .values(let rows, _) = query.body { valuesRows = rows }
            report(RestrictedColumnWrites.insert(into: Array(targetColumns.prefix(columns.count)), names: insert.columns,
                                                 through: steps, rows: valuesRows, overriding: insert.overriding, at: query.location))
        case .defaultValues:
            break
        }
        // ON CONFLICT and RETURNING see the target table (by its alias) and, in DO UPDATE, EXCLUDED.
        let rowScope = Scope(parent: scope)
        rowScope.entries.append(entry)
        if let conflict = insert.onConflict {
            switch conflict.target {
            case .columns(let expressions, let whereClause)?:
                for expression in expressions { _ = infer(expression, rowScope) }
                // transformOnConflictArbiter takes the index predicate as it is (no coerce_to_boolean).
                if let whereClause { _ = infer(whereClause, rowScope, .type(.bool)) }
            case .constraint, nil:
                break
            }
            if conflict.target == nil, case .update = conflict.action {
                // transformOnConflictClause: DO UPDATE needs to know which unique index conflicts.
                error("ON CONFLICT DO UPDATE requires inference specification or constraint name", at: conflict.location)
            }
            if case .update(let set, let whereClause) = conflict.action {
                var excluded = entry
                excluded = RangeEntry(name: "excluded", columns: entry.columns.map { column in
                    var value = column.value
                    value.origin = nil
                    return ScopeColumn(name: column.name, value: value)
                }, relationKey: nil, uniqueColumns: [])
                rowScope.entries.append(excluded)
                analyzeSet(set, relation, rowScope)
                if let whereClause { inferCondition(whereClause, rowScope, clause: "WHERE") }
                rowScope.entries.removeLast()
            }
        }
        return analyzeReturning(insert.returning, rowScope)
    }

    /// Writes refused into identity `GENERATED ALWAYS` or generated columns.
    private mutating func report(_ refusals: [RestrictedColumnWrites.Refusal]) {
        for refusal in refusals { error(refusal.message, at: refusal.location) }
    }

    /// Rows of values written into `columns`, each through its `.field`s and `[subscripts]`
    /// (`steps`, per column; the subscripts are typed once).
    mutating func assignRows(_ rows: [[Expression]], to columns: [CatalogColumn], through steps: [[AssignmentIndirection]],
                             in relation: CatalogRelation, _ scope: Scope) {
        let contexts = columns.enumerated().map { index, column in
            index < steps.count && !steps[index].isEmpty ? assignmentContext(through: steps[index], of: column, in: relation, scope) : nil
        }
        for row in rows {
            for (index, (expression, column)) in zip(row, columns).enumerated() {
                if index < steps.count, !steps[index].isEmpty {
                    write(expression, into: contexts[index], scope)
                } else {
                    assign(expression, to: column, in: relation, scope)
                }
            }
        }
    }

    mutating func analyzeSet(_ clauses: [SetClause], _ relation: CatalogRelation, _ scope: Scope) {
        beginAssignmentList()
        for clause in clauses {
            let columns = clause.columns.compactMap { requireColumn($0, in: relation) }
            guard columns.count == clause.columns.count else {
                _ = infer(clause.value, scope)
                continue
            }
            checkAssignedViewColumns(clause.columns, of: relation, .update)
            let steps = clause.indirections
            report(RestrictedColumnWrites.update(clause, columns: columns))
            if columns.count == 1 {
                assign(clause.value, to: columns[0], through: steps.first ?? [], in: relation, scope)
                continue
            }
            if let values = clause.rowValues(count: columns.count) {
                assignRows([values], to: columns, through: steps, in: relation, scope)
                continue
            }
            switch clause.value.kind {
            case .parenthesized:
                _ = infer(clause.value, scope)
            case .scalarSubquery(let query):
                let errorsBefore = diagnostics.errorCount
                let outputs = analyzeSelect(query, outer: scope)
                for (index, column) in columns.enumerated() where index < steps.count && !steps[index].isEmpty {
                    _ = assignmentContext(through: steps[index], of: column, in: relation, scope)
                }
                if outputs.count == columns.count, diagnostics.errorCount == errorsBefore {
                    reportUnassignableOutputs(outputs, to: columns, through: steps)
                }
            default:
                error("number of columns does not match number of values", at: clause.value.location)
            }
        }
    }

    /// The scope an UPDATE's or DELETE's WHERE and RETURNING see: its WITH clause, the target row,
    /// then the FROM (UPDATE) or USING (DELETE) items; nil (reported) when the target cannot be changed.
    private mutating func targetRowScope(_ table: QualifiedName, alias: Identifier?, with: WithClause?, joining items: [TableReference],
                                         outer: Scope?, change: TableChange) -> (Scope, CatalogRelation)? {
        isReadOnly = false
        let scope = Scope(parent: outer)
        if let with { analyzeWith(with, scope) }
        guard let (entry, relation) = targetEntry(table, alias: alias, scope, change: change) else { return nil }
        let rowScope = Scope(parent: scope)
        rowScope.entries.append(entry)
        var joinsAreToOne = true
        addFromList(items, rowScope, at: table.location, joinsAreToOne: &joinsAreToOne)
        return (rowScope, relation)
    }

    mutating func analyzeUpdate(_ update: UpdateStatement, outer: Scope?) -> [OutputColumn] {
        guard let (rowScope, relation) = targetRowScope(update.table, alias: update.alias, with: update.with, joining: update.from,
                                                        outer: outer, change: .update) else { return [] }
        // PostgreSQL's order: WHERE and RETURNING, then SET (a parameter takes its type from the first).
        if let whereClause = update.whereClause { inferCondition(whereClause, rowScope, clause: "WHERE") }
        let returning = analyzeReturning(update.returning, rowScope)
        analyzeSet(update.set, relation, rowScope)
        return returning
    }

    mutating func analyzeDelete(_ delete: DeleteStatement, outer: Scope?) -> [OutputColumn] {
        guard let (rowScope, _) = targetRowScope(delete.table, alias: delete.alias, with: delete.with, joining: delete.using,
                                                 outer: outer, change: .delete) else { return [] }
        if let whereClause = delete.whereClause { inferCondition(whereClause, rowScope, clause: "WHERE") }
        return analyzeReturning(delete.returning, rowScope)
    }

    /// RETURNING follows the table: its columns keep their declared nullability, and the target's
    /// keys stay unique per returned row.
    mutating func analyzeReturning(_ targets: [SelectTarget], _ scope: Scope) -> [OutputColumn] {
        var columns: [OutputColumn] = []
        for target in targets { columns += analyzeTarget(target, scope) }
        let target = scope.entries.first
        for index in columns.indices {
            if let origin = columns[index].value.origin, origin.isUnique, origin.relationKey == target?.relationKey {
                columns[index].isUnique = true
            }
        }
        return columns
    }

    /// The first `count` columns of `relation`, which an INSERT without a column list assigns, as
    /// identifiers at `location` (for a view's column errors).
    private func implicitTargets(_ relation: CatalogRelation, count: Int, at location: SourceLocation) -> [Identifier] {
        guard relation.kind == .view else { return [] }
        return relation.columns.prefix(count).map { Identifier(name: $0.name, quoted: false, location: location) }
    }
}
