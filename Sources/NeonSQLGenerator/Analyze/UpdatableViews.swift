/// Whether a view's defining query makes it automatically updatable, by PostgreSQL 15's rules
/// (`view_query_is_auto_updatable` in rewriteHandler.c, checked in its order so the DETAIL is the
/// one PostgreSQL gives): no WITH, DISTINCT, GROUP BY, HAVING, LIMIT, OFFSET or set operation; no
/// aggregate, window or set-returning function in the select list; exactly one FROM entry, a table
/// or a view. A column that is a plain reference to a base column is updatable.
///
/// When the query's shape cannot be judged (an unresolved FROM relation), the view counts as
/// updatable: refusing a change PostgreSQL accepts is worse than accepting one it refuses.
enum UpdatableViews {
    /// The view's updatability and, when it is updatable, its base relation's key (nil when that
    /// relation is not in the catalog).
    static func updatability(of query: SelectStatement, columnCount: Int, catalog: Catalog) -> (ViewUpdatability, base: String?) {
        func refused(_ detail: String) -> (ViewUpdatability, base: String?) {
            (ViewUpdatability(notUpdatableDetail: detail, baseColumns: Array(repeating: nil, count: columnCount)), nil)
        }
        let core: SelectCore
        switch query.body {
        case .select(let select):
            core = select
        case .nested(let inner) where query.with == nil && query.limit == nil && query.offset == nil:
            return updatability(of: inner, columnCount: columnCount, catalog: catalog)
        case .nested:
            return refused(limitOrWithDetail(query) ?? singleRelationDetail)
        case .setOperation:
            return refused("Views containing UNION, INTERSECT, or EXCEPT are not automatically updatable.")
        case .values:
            return refused(singleRelationDetail)
        }
        if core.distinct != .none { return refused("Views containing DISTINCT are not automatically updatable.") }
        if !core.groupBy.isEmpty || core.groupsBySets { return refused("Views containing GROUP BY are not automatically updatable.") }
        if core.having != nil { return refused("Views containing HAVING are not automatically updatable.") }
        if let detail = limitOrWithDetail(query) { return refused(detail) }
        let calls = core.targets.flatMap { target -> [FunctionCall] in
            if case .expression(let expression, _) = target { return expression.functionCalls }
            return []
        }
        if calls.contains(where: { $0.over == nil && RowCountGuarantee.isAggregate($0, catalog: catalog) }) {
            return refused("Views that return aggregate functions are not automatically updatable.")
        }
        if calls.contains(where: { $0.over != nil }) {
            return refused("Views that return window functions are not automatically updatable.")
        }
        if calls.contains(where: { RowCountGuarantee.isSetReturning($0, catalog: catalog) }) {
            return refused("Views that return set-returning functions are not automatically updatable.")
        }
        guard core.from.count == 1, case .table(let name, let alias) = core.from[0], let tableName = name.name?.name else {
            return refused(singleRelationDetail)
        }
        guard let base = catalog.relation(tableName, schema: name.qualifier.last?.name) else {
            // Not in the catalog (a system relation): accepted, every column assignable.
            return (ViewUpdatability(notUpdatableDetail: nil, baseColumns: Array(repeating: "", count: columnCount)), nil)
        }
        guard base.kind == .table || base.kind == .view else { return refused(singleRelationDetail) }
        let exposed = alias?.name.name ?? base.name
        let renamed = alias?.columns.map(\.name) ?? []
        let visibleColumns = base.columns.enumerated().map { index, column in
            (visible: index < renamed.count ? renamed[index] : column.name, column: column)
        }
        /// The base column a view column's expression is a plain reference to. A cast to the
        /// column's own type is no conversion (PostgreSQL drops it), so the column stays one; a
        /// cast to a type the catalog cannot resolve is taken as one too.
        func baseColumn(_ expression: Expression) -> String? {
            var current = expression.withoutParentheses
            var casts: [TypeName] = []
            while case .cast(let inner, let typeName) = current.kind {
                casts.append(typeName)
                current = inner.withoutParentheses
            }
            guard case .column(let reference) = current.kind, let column = reference.name?.name else { return nil }
            let qualifier = reference.qualifier.map(\.name)
            if !qualifier.isEmpty {
                guard qualifier.last == exposed, qualifier.count == 1 || alias == nil else { return nil }
            }
            guard let found = visibleColumns.first(where: { $0.visible == column })?.column else { return nil }
            for typeName in casts {
                if let resolved = TypeResolver.resolve(typeName, in: catalog), resolved.type != found.type { return nil }
            }
            return found.name
        }
        let starColumns = visibleColumns.map { Optional($0.column.name) }
        var columns: [String?] = []
        for target in core.targets {
            switch target {
            case .star, .qualifiedStar:
                columns += starColumns
            case .expression(let expression, _):
                columns.append(baseColumn(expression))
            case .embed:
                columns.append(nil)
            }
        }
        columns = Array(columns.prefix(columnCount))
        if columns.count < columnCount { columns += Array(repeating: nil, count: columnCount - columns.count) }
        return (ViewUpdatability(notUpdatableDetail: nil, baseColumns: columns), Catalog.key(schema: base.schema, name: base.name))
    }

    private static let singleRelationDetail = "Views that do not select from a single table or view are not automatically updatable."

    private static func limitOrWithDetail(_ query: SelectStatement) -> String? {
        if query.with != nil { return "Views containing WITH are not automatically updatable." }
        if query.limit != nil || query.offset != nil { return "Views containing LIMIT or OFFSET are not automatically updatable." }
        return nil
    }
}
