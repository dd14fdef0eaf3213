// The columns a recursive query's SEARCH and CYCLE clauses add to its output.

/// The columns SEARCH and CYCLE add after a recursive query's own (parse_cte.c's analyzeCTE):
/// the search sequence (record breadth first, record[] depth first), the cycle mark (boolean, or
/// the common type of `TO value DEFAULT value`) and the cycle path (record[]); never NULL. The
/// recursive term does not see them.
enum RecursiveSearchColumns {
    /// `markTypes`: the types of the cycle mark's `TO` and `DEFAULT` values, when written.
    static func columns(_ table: CommonTableExpression, markTypes: [SQLType]) -> [ScopeColumn] {
        var added: [ScopeColumn] = []
        func column(_ name: Identifier, _ type: SQLType) -> ScopeColumn {
            ScopeColumn(name: name.name, value: TypedValue(type: type, nullable: false, name: name.name))
        }
        if let search = table.search {
            added.append(column(search.sequenceColumn, search.breadthFirst ? .builtin(.record) : .array(.builtin(.record))))
        }
        if let cycle = table.cycle {
            added.append(column(cycle.markColumn, markTypes.isEmpty ? .builtin(.bool) : TypeRules.commonType(markTypes)))
            added.append(column(cycle.pathColumn, .array(.builtin(.record))))
        }
        return added
    }
}
