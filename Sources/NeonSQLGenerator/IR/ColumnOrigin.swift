/// Where a value comes from when it is a plain column of a table: recorded by the analyzer on
/// parameters and result columns, read by translation (type overrides by column, table models).
struct ColumnOrigin: Sendable, Hashable {
    let relationKey: String
    let column: String
    /// The column alone is a primary or unique key of its table.
    let isUnique: Bool
}
