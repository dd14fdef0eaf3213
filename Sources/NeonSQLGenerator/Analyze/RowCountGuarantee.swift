/// Statements PostgreSQL answers with exactly one row whatever the data, so a `:one` query of
/// such a statement returns its row, not an optional:
/// - a SELECT with an aggregate in its select list and no GROUP BY (not even `()`), HAVING, LIMIT,
///   OFFSET, set operation or set-returning function (`count(*)` over no rows is one row of 0);
/// - a SELECT without FROM, WHERE, LIMIT or OFFSET and without a set-returning function
///   (`SELECT now()`);
/// - `INSERT ... VALUES (one row) | DEFAULT VALUES ... RETURNING` without ON CONFLICT, WITH, or a
///   trigger on the table (a BEFORE trigger returning NULL skips the row).
/// Everything else stays optional. `Tests/NeonSQLGeneratorTests/Differential/ExactlyOneRowDifferentialTests.swift`
/// runs every such query of the corpus on PostgreSQL and counts the rows.
enum RowCountGuarantee {
    /// Whether `statement` always returns exactly one row.
    static func returnsExactlyOneRow(_ statement: Statement, catalog: Catalog) -> Bool {
        switch statement {
        case .select(let query):
            return query.with == nil && (aggregatesWithoutGrouping(query, catalog: catalog) || selectsWithoutFrom(query, catalog: catalog))
        case .insert(let insert):
            guard insert.with == nil, insert.onConflict == nil, !insert.returning.isEmpty else { return false }
            switch insert.source {
            case .values(let rows) where rows.count == 1: break
            case .defaultValues: break
            default: return false
            }
            guard let name = insert.table.name?.name,
                  let table = catalog.relation(name, schema: insert.table.qualifier.last?.name), table.kind == .table else { return false }
            let ancestry = catalog.tableEffects.partitionAncestry(of: Catalog.key(schema: table.schema, name: table.name))
            return !catalog.tableEffects.hasUnresolvedTriggers
                && !catalog.tableEffects.triggers.contains { ancestry.contains($0.table) && $0.events.contains(.insert) }
        default:
            return false
        }
    }

    /// A single SELECT with an aggregate in its select list and no GROUP BY (not even `()`, which
    /// GROUPING SETS can repeat), HAVING, LIMIT, OFFSET or set-returning function.
    static func aggregatesWithoutGrouping(_ query: SelectStatement, catalog: Catalog) -> Bool {
        guard query.limit == nil, query.offset == nil, case .select(let core) = query.body,
              core.groupBy.isEmpty, !core.groupsBySets, core.having == nil else { return false }
        var hasAggregate = false
        for target in core.targets {
            guard case .expression(let expression, _) = target else { return false }
            let calls = expression.functionCalls
            if calls.contains(where: { isSetReturning($0, catalog: catalog) }) { return false }
            if calls.contains(where: { $0.over == nil && FunctionCatalog.kind(of: $0.name.name?.name ?? "") == .aggregate }) {
                hasAggregate = true
            }
        }
        return hasAggregate
    }

    /// `SELECT expressions` without FROM, WHERE, GROUP BY, HAVING, LIMIT, OFFSET or a set-returning function.
    private static func selectsWithoutFrom(_ query: SelectStatement, catalog: Catalog) -> Bool {
        guard query.limit == nil, query.offset == nil, case .select(let core) = query.body, core.from.isEmpty,
              core.whereClause == nil, core.groupBy.isEmpty, !core.groupsBySets, core.having == nil, core.into == nil else { return false }
        for target in core.targets {
            guard case .expression(let expression, _) = target else { return false }
            if expression.functionCalls.contains(where: { isSetReturning($0, catalog: catalog) }) { return false }
        }
        return !core.targets.isEmpty
    }

    /// A call that may return any number of rows: a built-in or user function returning a set.
    private static func isSetReturning(_ call: FunctionCall, catalog: Catalog) -> Bool {
        let name = call.name.name?.name ?? ""
        if FunctionCatalog.isSetReturning(name) { return true }
        return catalog.userFunctions(name, schema: call.name.qualifier.last?.name).contains(where: \.returnsSet)
    }
}
