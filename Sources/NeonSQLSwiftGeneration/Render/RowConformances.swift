/// The protocols every generated row struct conforms to, decided here once for a query's row
/// struct, a `sqlc.embed` item's struct (`SwiftRenderer`) and a table model (`ModelRenderer`):
/// `Sendable` and `Hashable`; `Codable` only with `codableRows` in `neon-sql.json` (its synthesis
/// is about a third of the time the compiler spends emitting a large target's module on every
/// build; BENCHMARKS.md "Edit-rebuild loop"); `Identifiable` when the row has a unique NOT NULL `id`.
enum RowConformances {
    /// The conformance list as printed after the struct's name (`Swift.Sendable, Swift.Hashable`).
    static func list(codableRows: Bool, identifiable: Bool) -> String {
        switch (codableRows, identifiable) {
        case (false, false): "Swift.Sendable, Swift.Hashable"
        case (false, true): "Swift.Sendable, Swift.Hashable, Swift.Identifiable"
        case (true, false): "Swift.Sendable, Swift.Hashable, Swift.Codable"
        case (true, true): "Swift.Sendable, Swift.Hashable, Swift.Codable, Swift.Identifiable"
        }
    }
}
