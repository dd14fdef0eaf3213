/// One column of a result's RowDescription, as Neon reports it in `fields`.
struct ColumnDescription: Sendable, Equatable {
    var name: String
    /// Type OID.
    var dataTypeID: UInt32
    /// OID of the table the column comes from, 0 when none.
    var tableID: UInt32
    /// Attribute number of the column in that table, 0 when none.
    var columnID: Int16
    /// `pg_type.typlen` (-1 for varlena).
    var dataTypeSize: Int16
    /// Type modifier, -1 when none.
    var dataTypeModifier: Int32
}
