// Warnings about queries that are valid but fragile (`:one` on a query that can return many
// rows), and notes where inferred nullability may surprise (an outer join).
extension StatementAnalyzer {
    /// A note on each optional result column whose source column is NOT NULL in its table: it is
    /// optional because an outer join can leave its table's side empty (the join's line is named).
    mutating func noteOuterJoinNullability(_ statement: Statement, columns: [OutputColumn]) {
        guard case .select(let query) = statement, case .select(let core) = query.body else { return }
        var outerJoins: [(relationKey: String, join: Join, line: Int)] = []
        for item in core.from { collectOuterJoinedTables(item, into: &outerJoins) }
        guard !outerJoins.isEmpty else { return }
        // An embedded table's columns keep their own nullability: its value as a whole is optional.
        for column in columns where column.nullable && column.nullabilityOverride == nil && column.embed == nil {
            guard let origin = column.value.origin,
                  let relation = catalog.relation(key: origin.relationKey),
                  relation.column(named: origin.column)?.isNotNull == true,
                  let outer = outerJoins.first(where: { $0.relationKey == origin.relationKey }) else { continue }
            let kind = outer.join.kind.rawValue.uppercased()
            diagnostics.append(Diagnostic(.note, "'\(column.name)' is optional because of the \(kind) JOIN at line \(outer.line)",
                                          in: source, at: column.location))
        }
    }

    /// The tables on the side of an outer join that may be missing (right of LEFT, left of RIGHT,
    /// both of FULL), with the join that makes them so.
    private func collectOuterJoinedTables(_ item: TableReference, into result: inout [(relationKey: String, join: Join, line: Int)]) {
        guard case .join(let join) = item else { return }
        collectOuterJoinedTables(join.left, into: &result)
        collectOuterJoinedTables(join.right, into: &result)
        var nullable: [TableReference] = []
        switch join.kind {
        case .left: nullable = [join.right]
        case .right: nullable = [join.left]
        case .full: nullable = [join.left, join.right]
        case .inner, .cross: break
        }
        for side in nullable {
            for (key, location) in tableKeys(side) { result.append((key, join, location.line)) }
        }
    }

    /// The catalog keys of the tables in a FROM item, each with where its name is written.
    private func tableKeys(_ item: TableReference) -> [(String, SourceLocation)] {
        switch item {
        case .table(let name, _):
            guard let tableName = name.name,
                  let relation = catalog.relation(tableName.name, schema: name.qualifier.last?.name) else { return [] }
            return [(Catalog.key(schema: relation.schema, name: relation.name), name.location)]
        case .join(let join):
            return tableKeys(join.left) + tableKeys(join.right)
        case .parenthesized(let inner, _):
            return tableKeys(inner)
        default:
            return []
        }
    }

    /// Warnings for a query that analyzed without errors.
    mutating func warnAboutFragileShapes(_ statement: Statement, kind: QueryDescription.Kind, annotation: SourceLocation) {
        guard case .select(let query) = statement else { return }
        if kind == .one || kind == .batchone, mayReturnManyRows(query) {
            diagnostics.warning("':\(kind.rawValue)' returns only the first row, but this query can return many; "
                                + "add LIMIT 1, filter on a primary or unique key, or use ':\(kind == .one ? "many" : "batchmany")'", in: source, at: annotation)
        }
    }

    /// True for a plain single-table SELECT without LIMIT that neither aggregates into one row nor
    /// filters a unique key by equality. Joins, set operations and subqueries in FROM are given the
    /// benefit of the doubt: no warning.
    private func mayReturnManyRows(_ query: SelectStatement) -> Bool {
        guard query.limit == nil, !returnsExactlyOneRow(query), case .select(let core) = query.body,
              core.from.count == 1, case .table(let name, _) = core.from[0], let tableName = name.name,
              let relation = catalog.relation(tableName.name, schema: name.qualifier.last?.name) else { return false }
        guard core.groupBy.isEmpty, !core.groupsBySets else { return true }
        var equated: Set<String> = []
        var conjuncts: Set<String> = []
        core.whereClause.map { collectEquatedColumns($0, into: &equated, conjuncts: &conjuncts) }
        if relation.uniqueKeys.contains(where: { !$0.isEmpty && Set($0).isSubset(of: equated) }) { return false }
        // A unique index on expressions, or a partial one whose predicate the WHERE states as it is written.
        return !relation.indexes.contains { index in
            index.isUnique && !index.elementTexts.isEmpty && Set(index.elementTexts).isSubset(of: equated)
                && Set(index.predicateConjuncts).isSubset(of: conjuncts)
        }
    }

    /// The columns (by name) and expressions (``CreateIndexStatement/normalized(_:)``) compared
    /// with `=` in the top-level AND conjuncts of a WHERE clause, and those conjuncts' texts.
    private func collectEquatedColumns(_ expression: Expression, into columns: inout Set<String>, conjuncts: inout Set<String>) {
        switch expression.kind {
        case .parenthesized(let inner):
            collectEquatedColumns(inner, into: &columns, conjuncts: &conjuncts)
            return
        case .binary(let op, let lhs, let rhs) where op == "and":
            collectEquatedColumns(lhs, into: &columns, conjuncts: &conjuncts)
            collectEquatedColumns(rhs, into: &columns, conjuncts: &conjuncts)
            return
        case .binary("=", let lhs, let rhs):
            for side in [lhs, rhs] {
                if case .column(let name) = side.kind, let column = name.name { columns.insert(column.name) }
                columns.insert(normalizedText(side))
            }
        default:
            break
        }
        conjuncts.insert(normalizedText(expression))
    }

    private func normalizedText(_ expression: Expression) -> String {
        CreateIndexStatement.normalized(source.text(from: expression.range.start.offset, to: expression.range.endOffset))
    }
}
