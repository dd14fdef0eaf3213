/// Where a value comes from when it is a plain column of a table: recorded by the analyzer on
/// parameters and result columns, read by translation (type overrides by column, table models).
package struct ColumnOrigin: Sendable, Hashable {
    package let relationKey: String
    package let column: String
    /// The column alone is a primary or unique key of its table.
    package let isUnique: Bool

    /// Every stored property, as the memberwise initializer takes them.
    package init(relationKey: String, column: String, isUnique: Bool) {
        self.relationKey = relationKey
        self.column = column
        self.isUnique = isUnique
    }
}
