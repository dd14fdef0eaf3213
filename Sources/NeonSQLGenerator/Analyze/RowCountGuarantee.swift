/// Statements PostgreSQL answers with exactly one row whatever the data, so a `:one` query of
/// such a statement returns its row, not an optional:
/// - a SELECT with an aggregate in its select list and no GROUP BY (not even `()`), HAVING, LIMIT,
///   OFFSET, set operation or set-returning function (`count(*)` over no rows is one row of 0);
/// - a SELECT without FROM, WHERE, LIMIT or OFFSET and without a set-returning function
///   (`SELECT now()`);
/// - `INSERT ... VALUES (one row) | DEFAULT VALUES ... RETURNING` without ON CONFLICT, WITH, or a
///   trigger or rule on the table, its ancestors or partitions (a BEFORE trigger returning NULL
///   skips the row; a DO INSTEAD rule returns what it likes).
/// A set-returning function anywhere in the select list, ORDER BY or DISTINCT ON voids the
/// guarantee; an aggregate is a built-in one only when no user function takes its name.
/// Everything else stays optional. `Tests/NeonSQLGeneratorTests/Differential/ExactlyOneRowDifferentialTests.swift`
/// runs every such query of the corpus on PostgreSQL and counts the rows.
enum RowCountGuarantee {
    /// Whether `statement` always returns exactly one row.
    static func returnsExactlyOneRow(_ statement: Statement, catalog: Catalog) -> Bool {
        switch statement {
        case .select(let query):
            guard query.with == nil, !orderingMultipliesRows(query, catalog: catalog) else { return false }
            return aggregatesWithoutGrouping(query, catalog: catalog) || selectsWithoutFrom(query, catalog: catalog)
        case .insert(let insert):
            guard insert.with == nil, insert.onConflict == nil, !insert.returning.isEmpty else { return false }
            switch insert.source {
            case .values(let rows) where rows.count == 1: break
            case .defaultValues: break
            default: return false
            }
            guard let name = insert.table.name?.name,
                  let table = catalog.relation(name, schema: insert.table.qualifier.last?.name), table.kind == .table else { return false }
            // A trigger on the table, an ancestor or a partition (a BEFORE trigger returning NULL
            // skips the row), or a rule (DO INSTEAD may return any number of rows), voids it.
            let effects = catalog.tableEffects
            let key = Catalog.key(schema: table.schema, name: table.name)
            return !effects.hasUnresolvedTriggers && !effects.hasUnresolvedRules
                && !effects.triggers.contains { effects.isSamePartitionTree($0.table, key) && $0.events.contains(.insert) }
                && !effects.rules.contains { effects.isSamePartitionTree($0.table, key) }
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
            if calls.contains(where: { $0.over == nil && isAggregate($0, catalog: catalog) }) {
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

    /// A built-in aggregate: not a call a user function of the same name may take instead
    /// (`max(a, b)` of one's own is evaluated per row), nor one qualified with another schema
    /// than `pg_catalog`.
    static func isAggregate(_ call: FunctionCall, catalog: Catalog) -> Bool {
        let name = call.name.name?.name ?? ""
        if catalog.isUserAggregate(name, schema: call.name.qualifier.last?.name) { return true }
        // rank(), dense_rank(), percent_rank() and cume_dist() are window functions first and
        // hypothetical-set aggregates with WITHIN GROUP.
        let isHypotheticalSet = call.over == nil && !call.withinGroup.isEmpty
            && BuiltinCatalog.shared.functions[name]?.contains(where: \.isHypothetical) == true
        guard BuiltinFunctionBehavior.kind(of: name) == .aggregate || isHypotheticalSet else { return false }
        if let schema = call.name.qualifier.last?.name { return schema == "pg_catalog" }
        let arity = call.arguments.count
        let registered = catalog.userFunctions(name, schema: nil)
        let userMayTakeIt = registered.contains { function in
            let inputs = function.inputArguments
            let required = inputs.filter { !$0.hasDefault && $0.mode != .variadic }.count
            return inputs.last?.mode == .variadic ? arity >= required : (required...inputs.count).contains(arity)
        }
        // A function whose signature the catalog could not register may take any call.
        let unregistered = registered.isEmpty && catalog.tableEffects.functionBodyKey(name, schema: nil, searchPath: catalog.searchPath) != nil
        return !userMayTakeIt && !unregistered
    }

    /// A set-returning function in ORDER BY or DISTINCT ON adds rows as one in the select list does.
    private static func orderingMultipliesRows(_ query: SelectStatement, catalog: Catalog) -> Bool {
        var expressions = query.orderBy.map(\.expression)
        if case .select(let core) = query.body, case .distinctOn(let keys) = core.distinct { expressions += keys }
        return expressions.contains { $0.functionCalls.contains { isSetReturning($0, catalog: catalog) } }
    }

    /// A call that may return any number of rows: a built-in or user function returning a set.
    static func isSetReturning(_ call: FunctionCall, catalog: Catalog) -> Bool {
        let name = call.name.name?.name ?? ""
        if BuiltinFunctionBehavior.isSetReturning(name) { return true }
        return catalog.userFunctions(name, schema: call.name.qualifier.last?.name).contains(where: \.returnsSet)
    }
}
