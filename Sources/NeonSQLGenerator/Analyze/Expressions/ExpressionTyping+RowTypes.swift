// Whole-row references (`p`, `p.*`, `people.*` passed to a function): a table's, view's or
// materialized view's row has the relation's row type, so `f(p people)` resolves; so has the row
// of a user function returning a table or composite type; any other FROM item's row is a `record`.

extension ExpressionTyping where Self: CallTyping & RowComparing & NameResolving & SelectAnalyzing & GroupingChecking & ParameterConflictReporting {
    /// The value of a whole-row reference to `entry`: NULL on the nullable side of an outer join.
    func wholeRowValue(of entry: RangeEntry, name: String?) -> TypedValue {
        let nullable = entry.nullabilityBeforeExtension != nil
        if let rowType = entry.rowType { return TypedValue(type: rowType, nullable: nullable, name: name) }
        guard let key = entry.relationKey, let relation = catalog.relations[key] else {
            return TypedValue(type: .builtin(.record), nullable: nullable, name: name)
        }
        return TypedValue(type: .named(catalog.formatName(schema: relation.schema, name: relation.name)), nullable: nullable, name: name)
    }
}
