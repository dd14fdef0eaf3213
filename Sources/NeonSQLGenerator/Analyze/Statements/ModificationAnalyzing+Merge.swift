// MERGE: the target joined with the source by ON, and each WHEN clause's condition and action in
// the scope PostgreSQL gives it, values typed by the column they go into. Follows PostgreSQL's
// transformMergeStmt (src/backend/parser/parse_merge.c): the WITH clause, the WHEN clauses'
// reachability, the target, the source, ON, then each clause's condition and action in order
// (the order in which parameters meet their first type).
extension ModificationAnalyzing where Self: ExpressionTyping & FromClauseAnalyzing & SelectAnalyzing & GroupingChecking & CallTyping {
    mutating func analyzeMerge(_ merge: MergeStatement, outer: Scope?) -> [OutputColumn] {
        isReadOnly = false
        let scope = Scope(parent: outer)
        if let with = merge.with {
            if with.recursive { error("WITH RECURSIVE is not supported for MERGE statement", at: merge.location) }
            analyzeWith(with, scope)
        }
        reportPostgres17Syntax(merge)
        reportUnreachableClauses(merge.clauses)
        guard let (target, relation) = mergeTarget(merge, scope) else { return [] }
        let source = Scope(parent: scope)
        var joinsAreToOne = true
        addFromItem(merge.source, source, joinsAreToOne: &joinsAreToOne)
        // PostgreSQL compares the target's name with the source item's (a join has none).
        if let name = target.name, !merge.source.isJoin, source.entries.first?.name == name {
            error("name \"\(name)\" specified more than once; the name is used both as MERGE target table and data source", at: merge.sourceLocation)
            return []
        }
        let joined = Scope(parent: scope)
        joined.entries = [target] + source.entries
        joined.mergedColumns = source.mergedColumns
        _ = infer(merge.condition, joined, .type(.bool))
        for clause in merge.clauses {
            let clauseScope = Scope(parent: scope)
            switch clause.match {
            case .matched:
                clauseScope.entries = joined.entries
                clauseScope.mergedColumns = joined.mergedColumns
            case .notMatched:
                clauseScope.entries = source.entries
                clauseScope.mergedColumns = source.mergedColumns
                clauseScope.unreferenceableEntries = [target]
            case .notMatchedBySource:
                clauseScope.entries = [target]
                clauseScope.unreferenceableEntries = source.entries
            }
            if let condition = clause.condition { inferCondition(condition, clauseScope, clause: "WHEN") }
            switch clause.action {
            case .update(let set):
                analyzeSet(set, relation, clauseScope)
            case .insert(let columns, let steps, let values, let overriding, let location):
                analyzeMergeInsert(columns: columns, through: steps, values: values, relation, clauseScope)
                let targets = columns.isEmpty ? relation.columns : columns.compactMap { relation.column(named: $0.name) }
                if let values, columns.isEmpty || (targets.count == columns.count && columns.count == values.count) {
                    for refusal in RestrictedColumnWrites.insert(into: targets, names: columns, through: steps, rows: [values],
                                                                 overriding: overriding, at: location) {
                        error(refusal.message, at: refusal.location)
                    }
                }
            case .delete, .doNothing:
                break
            }
        }
        guard !merge.returning.isEmpty else { return [] }
        // RETURNING (PostgreSQL 17) sees the row inserted, updated or deleted and the source row,
        // which is all NULL for a NOT MATCHED BY SOURCE action.
        let returning = Scope(parent: scope)
        returning.isMergeReturning = true
        returning.entries = joined.entries
        returning.mergedColumns = joined.mergedColumns
        if merge.clauses.contains(where: { $0.match == .notMatchedBySource && $0.action != .doNothing }) {
            for index in returning.entries.indices.dropFirst() { returning.entries[index].makeNullable() }
            for index in returning.mergedColumns.indices { returning.mergedColumns[index].value.nullable = true }
        }
        return analyzeReturning(merge.returning, returning)
    }

    /// Whether the project's PostgreSQL has MERGE's PostgreSQL 17 syntax (no `postgresVersion`:
    /// every version's syntax is known, as every version's functions are).
    private var targetsPostgres17: Bool { catalog.postgresVersion.map { $0 >= 17 } ?? true }

    /// `RETURNING` and `NOT MATCHED BY SOURCE|TARGET` for a project targeting PostgreSQL 15 or 16:
    /// the syntax error that version gives, saying which version has it.
    private mutating func reportPostgres17Syntax(_ merge: MergeStatement) {
        guard !targetsPostgres17, let target = catalog.postgresVersion else { return }
        let requirement = "requires PostgreSQL 17 or later; this project targets \(target) (postgresVersion in neon-sql.json)"
        for clause in merge.clauses {
            if let by = clause.byLocation {
                error("syntax error at or near \"BY\": WHEN NOT MATCHED BY SOURCE|TARGET " + requirement, at: by)
            }
        }
        if let returning = merge.returningLocation {
            error("syntax error at or near \"RETURNING\": MERGE ... RETURNING " + requirement, at: returning)
        }
    }

    /// A WHEN clause after one of the same kind without a condition never runs: PostgreSQL refuses it.
    private mutating func reportUnreachableClauses(_ clauses: [MergeWhenClause]) {
        var unconditional: Set<MergeMatchKind> = []
        for clause in clauses {
            if unconditional.contains(clause.match) {
                error("unreachable WHEN clause specified after unconditional WHEN clause", at: clause.location)
                return
            }
            if clause.condition == nil { unconditional.insert(clause.match) }
        }
    }

    /// The target table as a scope entry; PostgreSQL 15 and 16 merge into tables only (17 also into
    /// views, which the generator does not know as targets: `targetEntry` says so).
    private mutating func mergeTarget(_ merge: MergeStatement, _ scope: Scope) -> (RangeEntry, CatalogRelation)? {
        if let name = merge.table.name, let relation = catalog.relation(name.name, schema: merge.table.qualifier.last?.name),
           relation.kind == .materializedView || relation.kind == .view && !targetsPostgres17 {
            let kind = relation.kind == .view ? "views" : "materialized views"
            error("cannot execute MERGE on relation \"\(relation.name)\"; this operation is not supported for \(kind)", at: merge.table.location)
            return nil
        }
        return targetEntry(merge.table, alias: merge.alias, scope, change: nil)
    }

    /// `INSERT [(columns)] VALUES (...)` of a NOT MATCHED clause: PostgreSQL's checkInsertTargets,
    /// then transformInsertRow (the values' count, each value coerced to its column's type).
    private mutating func analyzeMergeInsert(columns: [Identifier], through steps: [[AssignmentIndirection]], values: [Expression]?,
                                             _ relation: CatalogRelation, _ scope: Scope) {
        beginAssignmentList()
        let targetColumns = columns.isEmpty ? relation.columns : columns.compactMap { requireColumn($0, in: relation) }
        guard targetColumns.count == columns.count || columns.isEmpty, let values else { return }
        if values.count > targetColumns.count {
            error("INSERT has more expressions than target columns", at: values[targetColumns.count].location)
        } else if values.count < targetColumns.count, !columns.isEmpty {
            error("INSERT has more target columns than expressions", at: columns[values.count].location)
        }
        assignRows([values], to: targetColumns, through: steps, in: relation, scope)
    }
}

private extension TableReference {
    var isJoin: Bool {
        if case .join = self { return true }
        return false
    }
}
