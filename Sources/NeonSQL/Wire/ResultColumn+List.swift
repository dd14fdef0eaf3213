import NeonSQLShared

/// The columns of a generated row as one string literal, read by the runtime: a row's `columns`
/// is then one call with one constant instead of an array literal of a column per line, which the
/// compiler turned into about 180 bytes of machine code per column (BENCHMARKS.md "First build of
/// a large target's generated code"). The array is built only when a response's fields were not
/// seen before (``ResultReader``'s fields cache), so its parsing costs nothing per row.
extension ResultColumn {
    /// The columns of `spec`, as the generator writes it: `name:type` per column, joined by `,`;
    /// in a name or a type's name, `\` escapes the next character (`NeonSQLShared.ColumnListSpec`). A type is a
    /// `PostgresType` static's name (`int4`, `timestamptz`), `=` and a type name for a type that is
    /// not checked (OID 0: enums, domains, `=time_slot`), or `[]` before a type for its array
    /// (`[]text`, `[]=time_slot`). A type this runtime has no static for is taken as unchecked.
    ///
    /// ```swift
    /// ResultColumn.list("dua_id:int4,time_slot:=time_slot,tags:[]text")
    /// ```
    public static func list(_ spec: String) -> [ResultColumn] {
        var columns: [ResultColumn] = []
        for column in ColumnListSpec.split(spec[...], at: ",") where !column.isEmpty {
            let parts = ColumnListSpec.split(column, at: ":")
            let name = ColumnListSpec.unescaped(parts[0])
            let type = parts.count > 1 ? PostgresType(columnSpec: parts[1]) : PostgresType(oid: 0, name: "")
            columns.append(ResultColumn(name, type))
        }
        return columns
    }
}

extension PostgresType {
    /// The type of a column spec (``ResultColumn/list(_:)``): `int4`, `=time_slot`, `[]text`.
    init(columnSpec spec: Substring) {
        if spec.hasPrefix("[]") {
            self = .array(PostgresType(columnSpec: spec.dropFirst(2)))
        } else if spec.hasPrefix("=") {
            self.init(oid: 0, name: ColumnListSpec.unescaped(spec.dropFirst()))
        } else {
            let name = ColumnListSpec.unescaped(spec)
            self = PostgresType.staticsByName[name] ?? PostgresType(oid: 0, name: name)
        }
    }
}
