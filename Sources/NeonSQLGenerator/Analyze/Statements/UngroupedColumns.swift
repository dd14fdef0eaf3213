/// PostgreSQL's check_ungrouped_columns over one grouped query level (GROUP BY, HAVING or an
/// aggregate of its own): a column of the level used in its select list, HAVING, ORDER BY,
/// DISTINCT ON or windows must be grouped (``GroupedReferences``), inside an aggregate, or
/// inside an expression that is a GROUP BY item; in a subquery there, a column of the level must
/// be grouped or inside an aggregate of the level. Column references are placed by the levels
/// name resolution recorded them at (``Scope/columnReferences``).
///
/// Where PostgreSQL's decision cannot be known for certain here, nothing is reported: a
/// reference to a FULL join's USING column or an aliased join's column, an aggregate whose level is unclear
/// (a user's function), an expression that may equal a GROUP BY item (``ExpressionKey``).
struct UngroupedColumns {
    let level: Scope
    let grouped: GroupedReferences
    /// An expression's source text.
    let text: (Expression) -> String
    /// Whether a call without OVER may be an aggregate.
    let mayAggregate: (FunctionCall) -> Bool
    /// The types that tell casts of the level's columns apart.
    let castTypes: ExpressionKey.CastTypes
    private(set) var problems: [(message: String, location: SourceLocation)] = []

    init(level: Scope, grouped: GroupedReferences, castTypes: ExpressionKey.CastTypes, text: @escaping (Expression) -> String,
         mayAggregate: @escaping (FunctionCall) -> Bool) {
        self.level = level
        self.grouped = grouped
        self.castTypes = castTypes
        self.text = text
        self.mayAggregate = mayAggregate
    }

    /// The key of an expression of the level.
    func key(_ expression: Expression) -> ExpressionKey {
        ExpressionKey(expression, resolve: { Self.reference($0, at: level) }, types: castTypes, text: text)
    }

    /// The types of `level`'s columns and of the types casts name.
    static func castTypes(at level: Scope, catalog: Catalog) -> ExpressionKey.CastTypes {
        ExpressionKey.CastTypes(column: { name in
            guard let reference = level.columnReferences[name.location.offset] else { return nil }
            guard let entry = reference.entry else {
                let merged = level.mergedColumns.filter { $0.name == reference.column }
                return merged.count == 1 ? merged.first?.value.type : nil
            }
            guard level.entries.indices.contains(entry) else { return nil }
            return level.entries[entry].columns.first { $0.name == reference.column }?.value.type
        }, target: { TypeResolver.resolve($0, in: catalog)?.type })
    }

    /// The FROM item column a reference of `level` is to PostgreSQL's grouping check, which
    /// flattens a USING or NATURAL join's merged column to the input column it is
    /// (``Scope/mergedColumnSources``), also when named through a `USING (...) AS j` alias
    /// (``RangeEntry/usingAliasSources``); nil for a reference to no column of `level`.
    static func reference(_ name: QualifiedName, at level: Scope) -> ReferencedColumn? {
        guard let reference = level.columnReferences[name.location.offset] else { return nil }
        if let entry = reference.entry, level.entries.indices.contains(entry),
           let source = level.entries[entry].usingAliasSources[reference.column] {
            return ReferencedColumn(entry: source, column: reference.column)
        }
        guard reference.entry == nil, let source = level.mergedColumnSources[reference.column],
              level.mergedColumns.count(where: { $0.name == reference.column }) == 1 else { return reference }
        return ReferencedColumn(entry: source, column: reference.column)
    }

    /// The input columns of the merged join column an unqualified reference names, when it is
    /// no single one of them (a FULL join's): PostgreSQL's check reads their COALESCE.
    static func mergedInputs(_ name: QualifiedName, at level: Scope) -> [ReferencedColumn]? {
        guard let reference = level.columnReferences[name.location.offset], reference.entry == nil,
              level.mergedColumnSources[reference.column] == nil, level.mergedColumns.count(where: { $0.name == reference.column }) == 1,
              let inputs = level.mergedColumnInputs[reference.column], !inputs.isEmpty else { return nil }
        return inputs
    }

    /// The first input column of a merged column (`inputs`, referenced as `name` within
    /// `chain`, the reference and the expressions around it) that is not grouped, when nothing
    /// grouped may make it so: the merged column, or an expression over exactly its inputs.
    private func ungroupedInput(_ name: QualifiedName, _ inputs: [ReferencedColumn], _ chain: [Expression]) -> (table: String, column: String)? {
        if grouped.mergedColumns.contains(name.name?.name ?? "") { return nil }
        let keys = inputs.map(ExpressionKey.column).sorted()
        if grouped.expressions.contains(where: { $0.key.columns == keys }) || chain.contains(where: { grouped.mayBeGrouped(key($0)) }) { return nil }
        for input in inputs {
            guard let entry = input.entry, level.entries.indices.contains(entry), !level.entries[entry].isJoinAlias,
                  let table = level.entries[entry].name else { return nil }
            if !grouped.allows(entry: entry, column: input.column) { return (table, input.column) }
        }
        return nil
    }

    /// The column of the level a reference names, when PostgreSQL's check would look at it.
    private func checkedColumn(_ name: QualifiedName) -> (table: String, column: String)? {
        guard let reference = Self.reference(name, at: level), let entry = reference.entry,
              level.entries.indices.contains(entry), !level.entries[entry].isJoinAlias,
              let table = level.entries[entry].name,
              !grouped.allows(entry: entry, column: reference.column) else { return nil }
        return (table, reference.column)
    }

    /// The columns of FROM item `entry` a `*` or `t.*` of the select list gives, checked at `location`.
    mutating func checkStar(entry: Int, at location: SourceLocation) {
        guard level.entries.indices.contains(entry), !level.entries[entry].isJoinAlias, let table = level.entries[entry].name else { return }
        let item = level.entries[entry]
        for column in item.columns where !item.hiddenUnqualified.contains(column.name) {
            if !grouped.allows(entry: entry, column: column.name) {
                report(table, column.name, at: location)
                return
            }
        }
    }

    /// An expression of the level itself (select list, HAVING, ORDER BY, DISTINCT ON, window).
    mutating func check(_ expression: Expression) {
        var enclosing: [Expression] = []
        check(expression, &enclosing)
    }

    private mutating func check(_ expression: Expression, _ enclosing: inout [Expression]) {
        if !grouped.expressions.isEmpty, grouped.isGrouped(key(expression)) { return }
        switch expression.kind {
        case .column(let name):
            if let inputs = Self.mergedInputs(name, at: level) {
                if let (table, column) = ungroupedInput(name, inputs, [expression] + enclosing) { report(table, column, at: name.location) }
                return
            }
            guard let (table, column) = checkedColumn(name) else { return }
            if !grouped.expressions.isEmpty, ([expression] + enclosing).contains(where: { grouped.mayBeGrouped(key($0)) }) { return }
            report(table, column, at: name.location)
            return
        case .function(let call) where call.over == nil && mayAggregate(call):
            // Its arguments are aggregated (or it is an outer level's aggregate, of no column here),
            // but an ordered-set aggregate's direct arguments are evaluated once per group.
            if !call.withinGroup.isEmpty, !Self.isOuterAggregate(call, of: level) {
                for argument in call.arguments { check(argument, &enclosing) }
            }
            return
        case .function(let call):
            enclosing.append(expression)
            for child in expression.children { check(child, &enclosing) }
            if let window = call.over { checkWindow(window, &enclosing) }
            enclosing.removeLast()
            return
        default:
            if let query = expression.subquery { checkSubquery(query) }
        }
        enclosing.append(expression)
        for child in expression.children { check(child, &enclosing) }
        enclosing.removeLast()
    }

    /// A window definition's PARTITION BY and ORDER BY, at the level.
    mutating func checkWindow(_ window: WindowSpecification) {
        var enclosing: [Expression] = []
        checkWindow(window, &enclosing)
    }

    private mutating func checkWindow(_ window: WindowSpecification, _ enclosing: inout [Expression]) {
        for item in window.partitionBy { check(item, &enclosing) }
        for item in window.orderBy { check(item.expression, &enclosing) }
    }

    private mutating func report(_ table: String, _ column: String, at location: SourceLocation) {
        problems.append(("column \"\(table).\(column)\" must appear in the GROUP BY clause or be used in an aggregate function", location))
    }

    // MARK: Subqueries: the level's columns are outer references there.

    private mutating func checkSubquery(_ query: SelectStatement) {
        for expression in query.clauseExpressions { checkOuter(expression) }
    }

    /// An expression of a subquery: a column of the level must be grouped there.
    private mutating func checkOuter(_ expression: Expression) {
        switch expression.kind {
        case .column(let name):
            let merged = Self.mergedInputs(name, at: level).map { ungroupedInput(name, $0, []) }
            guard let (table, column) = merged ?? checkedColumn(name) else { return }
            problems.append(("subquery uses ungrouped column \"\(table).\(column)\" from outer query", name.location))
            return
        case .function(let call) where call.over == nil && mayAggregate(call):
            // An aggregate over a column of the level is the level's own (PostgreSQL's
            // agglevelsup), its arguments aggregated (an ordered-set aggregate's direct arguments
            // aside), unless its arguments also name a column of a level below (the subquery's,
            // whose aggregate it then is).
            // When that is open, the level's: nothing is reported inside it.
            if Self.isAggregate(call, of: level) != false {
                if !call.withinGroup.isEmpty { for argument in call.arguments { checkOuter(argument) } }
                return
            }
        case .function(let call):
            if let window = call.over {
                for item in window.partitionBy + window.orderBy.map(\.expression) { checkOuter(item) }
            }
        default:
            if let query = expression.subquery { checkSubquery(query) }
        }
        for child in expression.children { checkOuter(child) }
    }

    // MARK: Aggregates and their levels (PostgreSQL's check_agg_arguments)

    /// What decides an aggregate's level: its arguments, ORDER BY and FILTER; for an ordered-set
    /// aggregate its WITHIN GROUP and FILTER (not its direct arguments).
    private static func aggregatedParts(_ call: FunctionCall) -> [Expression] {
        (call.withinGroup.isEmpty ? call.arguments + call.orderBy.map(\.expression) : call.withinGroup.map(\.expression))
            + [call.filter].compactMap { $0 }
    }

    /// Whether a column reference recorded at `scope` lies within one of `parts`.
    private static func references(_ scope: Scope, within parts: [Expression]) -> Bool {
        scope.columnReferences.keys.contains { offset in parts.contains { $0.range.start.offset <= offset && offset < $0.range.endOffset } }
    }

    /// Whether `call`, an aggregate written in a subquery of `level`, is `level`'s own: its
    /// aggregated parts name a column of `level` and none of a level below it. Nil when a
    /// subquery inside those parts leaves it open (a column there may be of a level between,
    /// or of the subquery itself, which PostgreSQL does not count).
    private static func isAggregate(_ call: FunctionCall, of level: Scope) -> Bool? {
        let parts = aggregatedParts(call)
        guard references(level, within: parts), !namesLowerLevel(parts, than: level) else { return false }
        var stack = parts
        while let next = stack.popLast() {
            if next.subquery != nil { return nil }
            stack += next.children
        }
        return true
    }

    /// Whether `call`, an aggregate written at `level` itself, belongs to an enclosing level:
    /// its aggregated parts name columns of an enclosing level and none of `level`.
    private static func isOuterAggregate(_ call: FunctionCall, of level: Scope) -> Bool {
        let parts = aggregatedParts(call)
        if references(level, within: parts) { return false }
        var outer = level.parent
        while let enclosing = outer {
            if references(enclosing.level, within: parts) { return true }
            outer = enclosing.parent
        }
        return false
    }

    /// Whether `parts` (outside subqueries) name a column of no level from `level` outward.
    private static func namesLowerLevel(_ parts: [Expression], than level: Scope) -> Bool {
        var stack = parts
        while let next = stack.popLast() {
            if case .column(let name) = next.kind {
                var current: Scope? = level
                var isAtOrAbove = false
                while let scope = current, !isAtOrAbove {
                    isAtOrAbove = scope.level.columnReferences[name.location.offset] != nil
                    current = scope.parent
                }
                if !isAtOrAbove { return true }
            }
            stack += next.children
        }
        return false
    }

    /// Whether `expression`'s own subquery (nested ones included) holds an aggregate of `level`
    /// (one over its columns, ``isAggregate(_:of:)``; `isAggregate` tells the calls that certainly
    /// are aggregates): it makes `level` a grouped query, as one of its own would.
    static func hasAggregateInSubquery(of expression: Expression, of level: Scope, isAggregate: (FunctionCall) -> Bool) -> Bool {
        guard let query = expression.subquery else { return false }
        var stack = query.clauseExpressions
        while let next = stack.popLast() {
            if case .function(let call) = next.kind, call.over == nil, isAggregate(call), Self.isAggregate(call, of: level) == true {
                return true
            }
            if let nested = next.subquery { stack += nested.clauseExpressions }
            stack += next.children
        }
        return false
    }
}

private extension SelectStatement {
    /// The expressions of every clause of the query (its CTEs', its branches', its FROM items'
    /// and its ORDER BY, LIMIT and OFFSET), not those of subqueries inside them.
    var clauseExpressions: [Expression] {
        var expressions: [Expression] = []
        for table in with?.tables ?? [] {
            if case .select(let select) = table.statement { expressions += select.clauseExpressions }
        }
        expressions += body.clauseExpressions
        expressions += orderBy.map(\.expression) + [limit, offset].compactMap { $0 }
        return expressions
    }
}

private extension SetExpression {
    var clauseExpressions: [Expression] {
        switch self {
        case .select(let core):
            var expressions: [Expression] = []
            for target in core.targets { if case .expression(let expression, _) = target { expressions.append(expression) } }
            for item in core.from { expressions += item.clauseExpressions }
            expressions += core.groupBy + [core.whereClause, core.having].compactMap { $0 }
            if case .distinctOn(let items) = core.distinct { expressions += items }
            for window in core.windows { expressions += window.specification.partitionBy + window.specification.orderBy.map(\.expression) }
            return expressions
        case .values(let rows, _):
            return Array(rows.joined())
        case .setOperation(_, _, let left, let right, _):
            return left.clauseExpressions + right.clauseExpressions
        case .nested(let query):
            return query.clauseExpressions
        }
    }
}

private extension TableReference {
    var clauseExpressions: [Expression] {
        switch self {
        case .table, .valueFunction:
            return []
        case .subquery(let query, _, _, _):
            return query.clauseExpressions
        case .function(let call, _, _, _, _):
            return call.arguments
        case .rowsFrom(let functions, _, _, _, _):
            return functions.flatMap(\.call.arguments)
        case .join(let join):
            var expressions = join.left.clauseExpressions + join.right.clauseExpressions
            if case .on(let condition) = join.condition { expressions.append(condition) }
            return expressions
        case .parenthesized(let inner, _):
            return inner.clauseExpressions
        }
    }
}

extension Expression {
    /// The subquery this node holds (its other operands are its ``children``).
    var subquery: SelectStatement? {
        switch kind {
        case .scalarSubquery(let query), .exists(let query), .arraySubquery(let query),
             .inSubquery(_, let query, _), .quantifiedSubquery(_, _, _, let query):
            query
        default:
            nil
        }
    }
}
