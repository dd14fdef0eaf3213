// FROM items and joins: tables, subqueries, functions and ROWS FROM as range entries, aliases and
// column lists, the NULL-extended side of outer joins, and whether joins keep rows unique (to-one
// joins on a key, which lets a row stay Identifiable).

/// Builds a scope's FROM items: tables, views, CTEs, subqueries, joins and function calls, with
/// the nullability joins give their columns. Owns `hasUnresolvedRelation`, which other parts
/// read and set through ``relationFailedToResolve()`` and ``noteUnresolvedRelation()``. Calls
/// `ExpressionTyping`, `CallTyping` (``CallTyping/recordedCallShape(at:)``), `NameResolving` and
/// `SelectAnalyzing` (its extension's `where` clause).
protocol FromClauseAnalyzing: StatementAnalysisContext {
    /// A FROM item or target failed to resolve (reported): unresolved columns are then its
    /// consequence and not reported again, as PostgreSQL stops at the first error.
    var hasUnresolvedRelation: Bool { get set }

    /// Adds a FROM item to `scope`; clears `joinsAreToOne` when it may multiply the rows.
    mutating func addFromItem(_ item: TableReference, _ scope: Scope, joinsAreToOne: inout Bool)
    /// Adds the items of a FROM list after `scope`'s entries (FromClauseAnalyzing+NameConflicts.swift).
    mutating func addFromList(_ items: [TableReference], _ scope: Scope, at location: SourceLocation, joinsAreToOne: inout Bool)
    /// The entry of a table or view named in FROM or as a DML target; nil (reported) when unknown.
    mutating func tableEntry(_ name: QualifiedName, _ alias: TableAlias?, _ scope: Scope) -> RangeEntry?
    func builtinCallShape(_ signature: FunctionSignature, declared: [SQLType], resultType: SQLType) -> CallShape
    func userCallShape(_ call: UserFunctionCall) -> CallShape
    /// The result shape of a resolved call expression.
    func callShape(of expression: Expression) -> CallShape?
}

extension FromClauseAnalyzing {
    /// True once a relation of the statement failed to resolve (and was reported).
    func relationFailedToResolve() -> Bool {
        hasUnresolvedRelation
    }

    /// Records that a relation failed to resolve (the caller reported it).
    mutating func noteUnresolvedRelation() {
        hasUnresolvedRelation = true
    }
}

extension FromClauseAnalyzing where Self: ExpressionTyping & CallTyping & NameResolving & SelectAnalyzing & GroupingChecking {
    /// Adds the entries of one FROM item to `scope`; `joinsAreToOne` turns false when a join can
    /// repeat rows of the first entry.
    mutating func addFromItem(_ item: TableReference, _ scope: Scope, joinsAreToOne: inout Bool) {
        switch item {
        case .table(let name, let alias):
            guard let entry = tableEntry(name, alias, scope) else { return }
            scope.entries.append(entry)
        case .subquery(let query, let alias, _, let location):
            let columns = analyzeSelect(query, outer: scope)
            var scopeColumns = columns.map { column -> ScopeColumn in
                var value = column.value.withNullable(column.nullable)
                value.origin = nil
                value.name = column.name
                return ScopeColumn(name: column.name, value: value)
            }
            if let alias { scopeColumns = rename(scopeColumns, alias, at: location) }
            scope.entries.append(RangeEntry(name: alias?.name.name, columns: scopeColumns, relationKey: nil, uniqueColumns: [],
                                            nameLocation: alias?.name.location ?? location))
        case .function(let call, let alias, _, let withOrdinality, let location):
            addFunctionItem(call, alias: alias, withOrdinality: withOrdinality, location: location, scope)
        case .rowsFrom(let functions, let alias, _, let withOrdinality, let location):
            addRowsFromItem(functions, alias: alias, withOrdinality: withOrdinality, location: location, scope)
        case .parenthesized(let inner, let alias):
            let nested = Scope(parent: scope)
            var nestedToOne = true
            addFromItem(inner, nested, joinsAreToOne: &nestedToOne)
            if let alias {
                let columns = nested.mergedColumns + nested.entries.flatMap { entry in
                    entry.columns.filter { !entry.hiddenUnqualified.contains($0.name) }
                }
                scope.entries.append(RangeEntry(name: alias.name.name, columns: rename(columns, alias, at: alias.name.location),
                                                relationKey: nil, uniqueColumns: [], nameLocation: alias.name.location))
                scope.entries[scope.entries.count - 1].isJoinAlias = true
            } else {
                let offset = scope.entries.count
                scope.entries += nested.entries
                scope.mergedColumns += nested.mergedColumns
                for (name, entry) in nested.mergedColumnSources { scope.mergedColumnSources[name] = entry + offset }
                for (name, inputs) in nested.mergedColumnInputs {
                    scope.mergedColumnInputs[name] = inputs.map { ReferencedColumn(entry: $0.entry.map { $0 + offset }, column: $0.column) }
                }
            }
            joinsAreToOne = joinsAreToOne && nestedToOne
        case .join(let join):
            if isNestedTooDeeply(at: join.location) { return }
            addJoin(join, scope, joinsAreToOne: &joinsAreToOne)
        case .valueFunction(let expression, let alias):
            let value = infer(expression, scope)
            let name = value.name ?? "value"
            var columns = [ScopeColumn(name: name, value: value)]
            if let alias {
                if alias.columns.isEmpty {
                    columns[0] = ScopeColumn(name: alias.name.name, value: value.renamed(alias.name.name))
                } else {
                    columns = rename(columns, alias, at: alias.name.location)
                }
            }
            scope.entries.append(RangeEntry(name: alias?.name.name ?? name, columns: columns, relationKey: nil, uniqueColumns: [],
                                            nameLocation: alias?.name.location ?? expression.location))
        }
    }

    mutating func rename(_ columns: [ScopeColumn], _ alias: TableAlias, at location: SourceLocation) -> [ScopeColumn] {
        guard !alias.columns.isEmpty else { return columns }
        if alias.columns.count > columns.count {
            error("table \"\(alias.name.name)\" has \(columns.count) columns available but \(alias.columns.count) columns specified", at: location)
        }
        return columns.enumerated().map { index, column in
            guard index < alias.columns.count else { return column }
            let name = alias.columns[index].name
            return ScopeColumn(name: name, value: column.value.renamed(name))
        }
    }

    /// A table, view or CTE reference as a scope entry.
    mutating func tableEntry(_ name: QualifiedName, _ alias: TableAlias?, _ scope: Scope) -> RangeEntry? {
        guard let tableName = name.name else { return nil }
        let schema = name.qualifier.last?.name
        if schema == nil, let cte = scope.commonTable(named: tableName.name) {
            let columns = alias.map { rename(cte, $0, at: name.location) } ?? cte
            return RangeEntry(name: alias?.name.name ?? tableName.name, columns: columns, relationKey: nil, uniqueColumns: [],
                              nameLocation: alias?.name.location ?? name.location)
        }
        guard let relation = catalog.relation(tableName.name, schema: schema) else {
            let written = name.parts.map(\.name).joined(separator: ".")
            error("relation \"\(written)\" does not exist" + NameSuggestions.suffix(for: written, among: relationNames(scope)), at: name.location)
            hasUnresolvedRelation = true
            return nil
        }
        let key = Catalog.key(schema: relation.schema, name: relation.name)
        // Built once per catalog state, not at every reference: every query naming the table reads
        // the same columns (issue 28: about 20k instructions per reference).
        let scope = catalog.derivedValue(RelationScopeKey(relationKey: key)) { Self.scopeColumns(of: relation, key: key) }
        var columns = scope.columns
        if let alias { columns = rename(columns, alias, at: name.location) }
        return RangeEntry(name: alias?.name.name ?? relation.name, columns: columns, relationKey: key, uniqueColumns: scope.unique,
                          isUnaliasedRelation: alias == nil, nameLocation: alias?.name.location ?? name.location)
    }

    /// The columns of `relation` (key `key`) as a scope entry has them, and the columns that are
    /// a unique key alone (`relation.isUniqueColumn`, found once for all columns).
    private static func scopeColumns(of relation: CatalogRelation, key: String) -> (columns: [ScopeColumn], unique: Set<String>) {
        let unique = Set(relation.uniqueKeys.filter { $0.count == 1 }.map { $0[0] })
        let columns = relation.columns.map { column in
            ScopeColumn(name: column.name, value: TypedValue(
                type: column.type, nullable: !column.isNotNull, elementNullable: column.elementNullable, name: column.name,
                origin: ColumnOrigin(relationKey: key, column: column.name, isUnique: unique.contains(column.name))))
        }
        return (columns, unique)
    }

    mutating func addJoin(_ join: Join, _ scope: Scope, joinsAreToOne: inout Bool) {
        let leftStart = scope.entries.count
        let leftMergedStart = scope.mergedColumns.count
        addFromItem(join.left, scope, joinsAreToOne: &joinsAreToOne)
        let rightStart = scope.entries.count
        let rightMergedStart = scope.mergedColumns.count
        var rightToOne = true
        addFromItem(join.right, scope, joinsAreToOne: &rightToOne)
        let rightEnd = scope.entries.count
        let rightMergedEnd = scope.mergedColumns.count
        let leftRange = leftStart..<rightStart
        let rightRange = rightStart..<rightEnd
        checkNameConflicts(leftRange, rightRange, scope, at: join.location)

        // Outer joins make the other side's columns nullable, unless that side surely meets
        // every row of this one.
        if join.kind == .left || join.kind == .full, !rightAlwaysMatches(join) {
            for index in rightRange { scope.entries[index].makeNullable() }
        }
        if join.kind == .right || join.kind == .full {
            for index in leftRange { scope.entries[index].makeNullable() }
            for index in leftMergedStart..<scope.mergedColumns.count { scope.mergedColumns[index].value.nullable = true }
        }

        var usingColumns: [Identifier] = []
        switch join.condition {
        case .on(let condition):
            inferCondition(condition, scope, clause: "JOIN/ON")
            if !isToOne(condition, joined: rightRange, scope) { joinsAreToOne = false }
        case .using(let columns):
            usingColumns = columns
            joinsAreToOne = false
        case .natural:
            // The left input's columns the right one has, in the left's order (PostgreSQL's).
            let rightNames = Set(joinInputColumnNames(rightRange, merged: rightMergedStart..<rightMergedEnd, scope))
            let common = joinInputColumnNames(leftRange, merged: leftMergedStart..<rightMergedStart, scope).filter { rightNames.contains($0) }
            usingColumns = common.map { Identifier(name: $0, quoted: false, location: join.location) }
            joinsAreToOne = false
        case .none:
            joinsAreToOne = false
        }
        if !rightToOne { joinsAreToOne = false }
        // This join's merged columns come first among its columns (PostgreSQL's order), and
        // replace those of the inputs' own joins it merges again (the join lists a column once).
        var merged: [ScopeColumn] = []
        var remerged: [Int] = []
        defer {
            for index in remerged.sorted(by: >) { scope.mergedColumns.remove(at: index) }
            scope.mergedColumns.insert(contentsOf: merged, at: leftMergedStart)
            if let alias = join.usingAlias {
                addUsingAlias(alias, merged, scope)
                checkNameConflicts(leftStart..<rightEnd, rightEnd..<scope.entries.count, scope, at: alias.location)
            }
        }
        let leftNames = joinInputColumnNames(leftRange, merged: leftMergedStart..<rightMergedStart, scope)
        let rightNames = joinInputColumnNames(rightRange, merged: rightMergedStart..<rightMergedEnd, scope)
        var seen: Set<String> = []
        for column in usingColumns {
            // PostgreSQL's transformFromClauseItem: each USING name once, naming one column of each input.
            if !seen.insert(column.name).inserted {
                error("column name \"\(column.name)\" appears more than once in USING clause", at: column.location)
                break
            }
            let leftMerged = (leftMergedStart..<rightMergedStart).last { scope.mergedColumns[$0].name == column.name }
            let rightMerged = (rightMergedStart..<rightMergedEnd).last { scope.mergedColumns[$0].name == column.name }
            let left = leftMerged.map { scope.mergedColumns[$0] }
                ?? leftRange.lazy.compactMap { scope.entries[$0].columns.first { $0.name == column.name } }.first
            let right = rightMerged.map { scope.mergedColumns[$0] }
                ?? rightRange.lazy.compactMap { scope.entries[$0].columns.first { $0.name == column.name } }.first
            if let problem = usingColumnProblem(column.name, left: (left != nil, leftNames), right: (right != nil, rightNames)) {
                error(problem, at: column.location)
                break
            }
            guard let left, let right else { continue }
            let nullable: Bool
            switch join.kind {
            case .inner, .cross: nullable = false  // NULL never matches an equality
            case .left: nullable = left.value.nullable
            case .right: nullable = right.value.nullable
            case .full: nullable = left.value.nullable && right.value.nullable
            }
            let type = TypeRules.commonType([left.value.type, right.value.type], userCasts: catalog.userTypes.casts)
            // The input column the merged one is (a FULL join's is COALESCE of both; a type the
            // inputs do not share, or may differ in by a type modifier, casts one of them).
            let mergedAlike = (leftMergedStart..<rightMergedEnd).count { scope.mergedColumns[$0].name == column.name }
            let source: Int? = switch join.kind {
            case _ where left.value.type != right.value.type || !typesWithoutModifier.contains(left.value.type) || mergedAlike > 1: nil
            case .inner, .cross, .left: mergedColumnSource(column.name, leftRange, leftMergedStart..<rightMergedStart, scope)
            case .right: mergedColumnSource(column.name, rightRange, rightMergedStart..<rightMergedEnd, scope)
            case .full: nil
            }
            scope.mergedColumnSources[column.name] = source
            let leftInputs = mergedColumnInputs(column.name, leftMerged, leftRange, scope)
            let rightInputs = mergedColumnInputs(column.name, rightMerged, rightRange, scope)
            scope.mergedColumnInputs[column.name] = switch join.kind {
            case .inner, .cross, .left: leftInputs
            case .right: rightInputs
            case .full: leftInputs + rightInputs
            }
            remerged += [leftMerged, rightMerged].compactMap { $0 }
            merged.append(ScopeColumn(name: column.name, value: TypedValue(type: type, nullable: nullable, name: column.name)))
            for index in leftRange.lowerBound..<rightRange.upperBound {
                scope.entries[index].hiddenUnqualified.insert(column.name)
            }
        }
    }

    /// The FROM-item columns one input of a join gives as its column `name`: its merged column's
    /// inputs (`merged`, its index in `scope.mergedColumns`), or its first item with the column.
    private func mergedColumnInputs(_ name: String, _ merged: Int?, _ entries: Range<Int>, _ scope: Scope) -> [ReferencedColumn] {
        if merged != nil { return scope.mergedColumnInputs[name] ?? [] }
        return entries.first { scope.entries[$0].columns.contains { $0.name == name } }.map { [ReferencedColumn(entry: $0, column: name)] } ?? []
    }

    /// PostgreSQL's error for a USING (or NATURAL) column `name` the left or right input of the
    /// join (whether it has the column, and its column names) does not have exactly once.
    private func usingColumnProblem(_ name: String, left: (found: Bool, names: [String]), right: (found: Bool, names: [String])) -> String? {
        for (side, input) in [("left", left), ("right", right)] {
            if input.names.count(where: { $0 == name }) > 1 { return "common column name \"\(name)\" appears more than once in \(side) table" }
            if !input.found { return "column \"\(name)\" specified in USING clause does not exist in \(side) table" }
        }
        return nil
    }

    /// The column names of one input of a join as PostgreSQL's join lists them (the names USING
    /// and NATURAL look up): the merged columns of its own joins (`merged`), then its items'
    /// columns those did not merge away.
    private func joinInputColumnNames(_ entries: Range<Int>, merged: Range<Int>, _ scope: Scope) -> [String] {
        merged.map { scope.mergedColumns[$0].name } + entries.flatMap { index in
            let entry = scope.entries[index]
            return entry.columns.lazy.map(\.name).filter { !entry.hiddenUnqualified.contains($0) }
        }
    }

    /// `USING (...) AS alias`: a FROM item of the join's merged columns, reachable only qualified
    /// (PostgreSQL's alias namespace item shows no column unqualified and none to `*`), read as
    /// the join's own columns (no table of the grouping check).
    private func addUsingAlias(_ alias: Identifier, _ merged: [ScopeColumn], _ scope: Scope) {
        var entry = RangeEntry(name: alias.name, columns: merged, relationKey: nil, uniqueColumns: [], nameLocation: alias.location)
        entry.hiddenUnqualified = Set(merged.map(\.name))
        entry.isJoinAlias = true
        for column in merged { entry.usingAliasSources[column.name] = scope.mergedColumnSources[column.name] }
        scope.entries.append(entry)
    }

    /// The FROM item whose column `name` one input of a join gives (its entries `entries`, the
    /// merged columns its own joins made `merged`): a merged column's source, or the first entry
    /// with the column; nil when unknown.
    private func mergedColumnSource(_ name: String, _ entries: Range<Int>, _ merged: Range<Int>, _ scope: Scope) -> Int? {
        if merged.contains(where: { scope.mergedColumns[$0].name == name }) { return scope.mergedColumnSources[name] }
        return entries.first { scope.entries[$0].columns.contains { $0.name == name } }
    }

    /// Whether every row on the left of `join` meets a row on its right: the right is a subquery
    /// that returns exactly one row (for each left row, when LATERAL) and the condition is
    /// `ON true`. Any other condition can be false, and the right side is then null-extended.
    func rightAlwaysMatches(_ join: Join) -> Bool {
        guard case .on(let condition) = join.condition, condition.isTrueLiteral,
              case .subquery(let query, _, _, _) = join.right else { return false }
        return returnsExactlyOneRow(query)
    }

    /// Whether an ON condition joins the new entries on one of their single-column keys
    /// (`c.id = d.category_id`): each row on the left then meets at most one row on the right.
    func isToOne(_ condition: Expression, joined: Range<Int>, _ scope: Scope) -> Bool {
        switch condition.kind {
        case .parenthesized(let inner):
            return isToOne(inner, joined: joined, scope)
        case .binary("and", let lhs, let rhs):
            return isToOne(lhs, joined: joined, scope) || isToOne(rhs, joined: joined, scope)
        case .binary("=", let lhs, let rhs):
            return isKeyColumn(lhs, of: joined, scope) || isKeyColumn(rhs, of: joined, scope)
        default:
            return false
        }
    }

    func isKeyColumn(_ expression: Expression, of entries: Range<Int>, _ scope: Scope) -> Bool {
        guard case .column(let name) = expression.kind, let column = name.name?.name, entries.count == 1 else { return false }
        let entry = scope.entries[entries.lowerBound]
        if let qualifier = name.qualifier.last?.name, qualifier != entry.name { return false }
        guard entry.uniqueColumns.contains(column) else { return false }
        return entry.columns.contains { $0.name == column }
    }
}

/// The key of a relation's scope columns among a catalog's derived values (``Catalog/derivedValue(_:build:)``).
private struct RelationScopeKey: Hashable {
    let relationKey: String
}

/// Column types that carry no type modifier (unlike `varchar(n)`, `numeric(p, s)`, `timestamptz(p)`):
/// two columns of one of them join USING without a cast.
private let typesWithoutModifier: Set<SQLType> = [.int2, .int4, .int8, .text, .bool, .float8, .builtin(.float4), .builtin(.oid),
                                                  .builtin(.uuid), .builtin(.date), .builtin(.jsonb)]
