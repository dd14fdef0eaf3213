// System columns (`ctid`, `xmin`, `xmax`, `cmin`, `cmax`, `tableoid`): every table and
// materialized view has them, user and system ones alike; a query selects them by name
// (`SELECT xmin FROM t`, `t.ctid`), never through `*`.
extension NameResolving where Self: ExpressionTyping & CallTyping & FromClauseAnalyzing {
    /// The value of system column `name` of `entry`, when `entry` is a table or materialized view
    /// that has it: NOT NULL, unless an outer join NULL-extends the entry.
    func systemColumnValue(_ name: String, of entry: RangeEntry) -> TypedValue? {
        guard SystemRelations.systemColumns.contains(where: { $0.name == name }),
              let key = entry.relationKey, let relation = catalog.relation(key: key),
              let column = SystemRelations.systemColumn(name, of: relation) else { return nil }
        return TypedValue(type: column.type, nullable: entry.nullabilityBeforeExtension != nil, name: name,
                          origin: ColumnOrigin(relationKey: key, column: name, isUnique: false))
    }
}
