/// The protocols every generated row struct conforms to, decided here once for a query's row
/// struct, a `sqlc.embed` item's struct (`SwiftRenderer`) and a table model (`ModelRenderer`):
/// `Sendable` and `Hashable`; `Codable` only with `codableRows` in `neon-sql.json` (its synthesis
/// is about a third of the time the compiler spends emitting a large target's module on every
/// build; BENCHMARKS.md "Edit-rebuild loop"); `Identifiable` when the row has a unique NOT NULL `id`.
///
/// `Hashable` through `NeonSQL.FieldwiseHashable` (the runtime's one generic `==` and
/// `hash(into:)` over the row's fields, ``printFields(_:into:)``) for a struct with properties: a
/// synthesized conformance per row was about a fifth of the machine code of a query's row
/// (BENCHMARKS.md "First build of a large target's generated code"). Same equality and hashing.
enum RowConformances {
    /// The conformance list as printed after the struct's name (`Swift.Sendable, NeonSQL.FieldwiseHashable`);
    /// `Swift.Hashable` itself for a struct without properties (`hasFields` false).
    static func list(codableRows: Bool, identifiable: Bool, hasFields: Bool = true) -> String {
        let hashable = hasFields ? "NeonSQL.FieldwiseHashable" : "Swift.Hashable"
        switch (codableRows, identifiable) {
        case (false, false): return "Swift.Sendable, \(hashable)"
        case (false, true): return "Swift.Sendable, \(hashable), Swift.Identifiable"
        case (true, false): return "Swift.Sendable, \(hashable), Swift.Codable"
        case (true, true): return "Swift.Sendable, \(hashable), Swift.Codable, Swift.Identifiable"
        }
    }

    /// The `NeonSQL.FieldwiseHashable` member of a struct whose properties are `fields` (escaped
    /// names and types, in order): `public var _neonSQLFields: NeonSQL.RowFields<Swift.Int, ...> { .init(id, ...) }`.
    /// Nothing without fields (the struct is `Swift.Hashable`).
    static func printFields(_ fields: [(name: String, type: String)], into printer: inout CodePrinter) {
        guard !fields.isEmpty else { return }
        let types = fields.map(\.type).joined(separator: ", ")
        let names = fields.map(\.name).joined(separator: ", ")
        printer.blankLine()
        printer.docComment(["The properties as one value: how the row compares and hashes (`NeonSQL.FieldwiseHashable`)."])
        printer.line("public var _neonSQLFields: NeonSQL.RowFields<\(types)> { NeonSQL.RowFields(\(names)) }")
    }
}
