/// PostgreSQL's check_ungrouped_columns over one grouped query level (GROUP BY, HAVING or an
/// aggregate of its own): a column of the level used in its select list, HAVING, ORDER BY,
/// DISTINCT ON or windows must be grouped (``GroupedReferences``), inside an aggregate, or
/// inside an expression that is a GROUP BY item; in a subquery there, a column of the level must
/// be grouped or inside an aggregate of the level. Column references are placed by the levels
/// name resolution recorded them at (``Scope/columnReferences``).
///
/// Where PostgreSQL's decision cannot be known for certain here, nothing is reported: a
/// reference to a USING column or an aliased join's column, an aggregate whose level is unclear
/// (a user's function), an expression that may equal a GROUP BY item (``ExpressionKey``).
struct UngroupedColumns {
    let level: Scope
    let grouped: GroupedReferences
    /// An expression's source text.
    let text: (Expression) -> String
    /// Whether a call without OVER may be an aggregate.
    let mayAggregate: (FunctionCall) -> Bool
    private(set) var problems: [(message: String, location: SourceLocation)] = []

    init(level: Scope, grouped: GroupedReferences, text: @escaping (Expression) -> String, mayAggregate: @escaping (FunctionCall) -> Bool) {
        self.level = level
        self.grouped = grouped
        self.text = text
        self.mayAggregate = mayAggregate
    }

    /// The key of an expression of the level.
    func key(_ expression: Expression) -> ExpressionKey {
        ExpressionKey(expression, resolve: { level.columnReferences[$0.location.offset] }, text: text)
    }

    /// The column of the level a reference names, when PostgreSQL's check would look at it.
    private func checkedColumn(_ name: QualifiedName) -> (table: String, column: String)? {
        guard let reference = level.columnReferences[name.location.offset], let entry = reference.entry,
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
            guard let (table, column) = checkedColumn(name) else { return }
            if !grouped.expressions.isEmpty, ([expression] + enclosing).contains(where: { grouped.mayBeGrouped(key($0)) }) { return }
            report(table, column, at: name.location)
            return
        case .function(let call) where call.over == nil && mayAggregate(call):
            // Its arguments are aggregated (or it is an outer level's aggregate, of no column here).
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
        for table in query.with?.tables ?? [] {
            if case .select(let select) = table.statement { checkSubquery(select) }
        }
        checkSubquery(query.body)
        for item in query.orderBy { checkOuter(item.expression) }
        for expression in [query.limit, query.offset].compactMap({ $0 }) { checkOuter(expression) }
    }

    private mutating func checkSubquery(_ body: SetExpression) {
        switch body {
        case .select(let core):
            for target in core.targets { if case .expression(let expression, _) = target { checkOuter(expression) } }
            for item in core.from { checkOuter(item) }
            var expressions = core.groupBy + [core.whereClause, core.having].compactMap { $0 }
            if case .distinctOn(let items) = core.distinct { expressions += items }
            for window in core.windows { expressions += window.specification.partitionBy + window.specification.orderBy.map(\.expression) }
            for expression in expressions { checkOuter(expression) }
        case .values(let rows, _):
            for expression in rows.joined() { checkOuter(expression) }
        case .setOperation(_, _, let left, let right, _):
            checkSubquery(left)
            checkSubquery(right)
        case .nested(let query):
            checkSubquery(query)
        }
    }

    private mutating func checkOuter(_ item: TableReference) {
        switch item {
        case .table, .valueFunction:
            break
        case .subquery(let query, _, _, _):
            checkSubquery(query)
        case .function(let call, _, _, _, _):
            for argument in call.arguments { checkOuter(argument) }
        case .rowsFrom(let functions, _, _, _, _):
            for argument in functions.flatMap(\.call.arguments) { checkOuter(argument) }
        case .join(let join):
            checkOuter(join.left)
            checkOuter(join.right)
            if case .on(let condition) = join.condition { checkOuter(condition) }
        case .parenthesized(let inner, _):
            checkOuter(inner)
        }
    }

    /// An expression of a subquery: a column of the level must be grouped there.
    private mutating func checkOuter(_ expression: Expression) {
        switch expression.kind {
        case .column(let name):
            guard let (table, column) = checkedColumn(name) else { return }
            problems.append(("subquery uses ungrouped column \"\(table).\(column)\" from outer query", name.location))
            return
        case .function(let call) where call.over == nil && mayAggregate(call):
            // An aggregate over a column of the level is the level's own (PostgreSQL's
            // agglevelsup), its arguments aggregated, unless its arguments also name a column of
            // a level below (the subquery's, whose aggregate it then is).
            if referencesLevel(expression.range), !namesLowerLevel(call) { return }
        case .function(let call):
            if let window = call.over {
                for item in window.partitionBy + window.orderBy.map(\.expression) { checkOuter(item) }
            }
        default:
            if let query = expression.subquery { checkSubquery(query) }
        }
        for child in expression.children { checkOuter(child) }
    }

    /// Whether the arguments of `call` (outside subqueries) name a column of no level from the
    /// checked one outward.
    private func namesLowerLevel(_ call: FunctionCall) -> Bool {
        var stack = call.arguments + call.orderBy.map(\.expression) + call.withinGroup.map(\.expression) + [call.filter].compactMap { $0 }
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

    /// Whether a column reference of the level is within `range`.
    private func referencesLevel(_ range: SourceRange) -> Bool {
        level.columnReferences.keys.contains { range.start.offset <= $0 && $0 < range.endOffset }
    }
}

private extension Expression {
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
