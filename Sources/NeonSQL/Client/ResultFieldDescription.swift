/// One column of a result as the server describes it: an entry of the `fields` of Neon's
/// response (`{"name": "id", "dataTypeID": 23, "tableID": 16390, "columnID": 1, ...}`).
///
/// Tools read these with ``Statement/fieldDescriptions(name:sql:bindings:readOnly:tables:cacheMaxAge:)``; generated
/// code never needs them (it checks the OIDs while decoding).
public struct ResultFieldDescription: Sendable, Hashable {
    /// The column's name as the result labels it.
    public var name: String
    /// The OID of the column's type (`dataTypeID`).
    public var typeOID: UInt32
    /// The OID of the table the column comes straight from (`tableID`), 0 for an expression.
    public var tableOID: UInt32
    /// The column's number in that table (`columnID`, `pg_attribute.attnum`), 0 for an expression.
    public var columnNumber: Int

    /// Creates a description.
    public init(name: String, typeOID: UInt32, tableOID: UInt32 = 0, columnNumber: Int = 0) {
        self.name = name
        self.typeOID = typeOID
        self.tableOID = tableOID
        self.columnNumber = columnNumber
    }
}

extension Statement {
    /// A statement whose result is the description of its result's columns, not its rows (which
    /// it skips): what a schema checker asks of a `LIMIT 0` run.
    public static func fieldDescriptions(
        name: String, sql: String, bindings: Bindings, readOnly: Bool, tables: TableEffects? = nil, cacheMaxAge: Duration? = nil
    ) -> Statement<[ResultFieldDescription]> {
        Statement<[ResultFieldDescription]>(name: name, kind: .many, sql: sql, bindings: bindings, readOnly: readOnly,
                                            tables: tables, cacheMaxAge: cacheMaxAge) { reader in
            try reader.decodeFieldDescriptions()
        }
    }
}
