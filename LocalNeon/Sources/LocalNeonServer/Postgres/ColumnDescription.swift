import PostgresNIO

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

extension ColumnDescription {
    init(_ column: PostgresColumn) {
        self.init(
            name: column.name,
            dataTypeID: column.dataType.rawValue,
            tableID: UInt32(bitPattern: column.tableOID),
            columnID: column.columnAttributeNumber,
            dataTypeSize: column.dataTypeSize,
            dataTypeModifier: column.dataTypeModifier
        )
    }

    /// The columns of a row returned by postgres-nio's future-based query API.
    ///
    /// That API exposes the full RowDescription (table OID, attribute number, size, modifier) only
    /// through the deprecated `PostgresRow.rowDescription`; the async API exposes the columns but
    /// not the command tag, which Neon's `command` and `rowCount` need.
    static func columns(of row: PostgresRow) -> [ColumnDescription] {
        row.rowDescription.fields.map { field in
            ColumnDescription(
                name: field.name,
                dataTypeID: field.dataType.rawValue,
                tableID: field.tableOID,
                columnID: field.columnAttributeNumber,
                dataTypeSize: field.dataTypeSize,
                dataTypeModifier: field.dataTypeModifier
            )
        }
    }
}
