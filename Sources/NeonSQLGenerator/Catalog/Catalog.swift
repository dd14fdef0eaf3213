/// The schema as the queries see it: tables, views, enums.
struct Catalog: Sendable {
    /// Enum types used by generated code, sorted by Swift name.
    func enumDescriptions() -> [EnumDescription] { [] }
}
