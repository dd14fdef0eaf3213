/// The user's own Swift types for columns or PostgreSQL types, from `neon-sql.json`:
///
/// ```json
/// { "overrides": {
///     "columns": { "products.attributes": "ProductAttributes", "shop.orders.meta": "OrderMeta" },
///     "types":   { "jsonb": "JSONValue", "citext": "CaseInsensitiveString" } } }
/// ```
///
/// A column override applies to result columns that are that table column (plain references,
/// `t.*`, `RETURNING`) and to parameters whose value goes into or is compared with it. A type
/// override applies to every column and parameter of that type (by `format_type` name or alias);
/// arrays of it become arrays of the Swift type. The Swift type must conform to the runtime's
/// `PostgresTextEncodable`/`PostgresTextDecodable` (for JSON, `JSONColumnCodable`). Nullability is still
/// inferred: an optional column of an overridden type is `Override?`.
public struct TypeOverrides: Sendable, Hashable {
    /// `table.column` or `schema.table.column` -> Swift type.
    public var columns: [String: String]
    /// PostgreSQL type name (`jsonb`, `citext`, an enum's name) -> Swift type.
    public var types: [String: String]

    public init(columns: [String: String] = [:], types: [String: String] = [:]) {
        self.columns = columns
        self.types = types
    }

    public var isEmpty: Bool { columns.isEmpty && types.isEmpty }

    /// The Swift type for a value of `type` that may come from `origin`.
    func swiftType(for type: PostgresTypeDescription, origin: ColumnOrigin?) -> String? {
        if let origin {
            let parts = origin.relationKey.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                if let override = columns["\(parts[0]).\(parts[1]).\(origin.column)"] { return override }
                if parts[0] == "public", let override = columns["\(parts[1]).\(origin.column)"] { return override }
            }
        }
        return types[type.formatName] ?? type.builtin.flatMap { types[$0.rawValue] }
    }

    /// Checks that every override names something that exists and a plausible Swift type;
    /// problems are reported against `configPath`. Which column overrides name a column the
    /// analysis found (``SchemaRelations/existingOverrideColumns``, the keys `Pipeline.run` gave it).
    func validate(against relations: SchemaRelations, configPath: String, diagnostics: inout DiagnosticCollector) {
        func report(_ message: String) {
            diagnostics.append(Diagnostic(file: configPath, line: 1, column: 1, severity: .error, message: message))
        }
        for (key, swiftType) in columns.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: ".").map(String.init)
            guard parts.count == 2 || parts.count == 3 else {
                report("column override '\(key)' must be 'table.column' or 'schema.table.column'")
                continue
            }
            if !relations.existingOverrideColumns.contains(key) {
                report("column override '\(key)': no such column in the schema")
            }
            if !Self.isPlausibleSwiftType(swiftType) { report("column override '\(key)': '\(swiftType)' is not a Swift type name") }
        }
        for (name, swiftType) in types.sorted(by: { $0.key < $1.key }) where !Self.isPlausibleSwiftType(swiftType) {
            report("type override '\(name)': '\(swiftType)' is not a Swift type name")
        }
    }

    /// `Foo`, `Module.Foo`, `[Foo]`, `Foo<Bar>`: identifier characters, dots, brackets, commas.
    static func isPlausibleSwiftType(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" || first == "[" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || "_.[]<>:, ".contains($0) }
    }
}
