/// A column of a table or view as the catalog records it.
struct CatalogColumn: Sendable, Hashable {
    var name: String
    var type: SQLType
    /// NOT NULL, primary key, identity or serial: the column can never hold NULL.
    var isNotNull: Bool
    /// For array columns: whether elements may be NULL. PostgreSQL cannot constrain array
    /// elements; table columns are assumed to hold no NULL elements (a NULL element fails decoding
    /// with a clear error), view columns inherit what their expression says.
    var elementNullable: Bool = false
    var hasDefault: Bool = false
}

/// A table or view.
struct CatalogRelation: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case table, view }

    let schema: String
    var name: String
    let kind: Kind
    var columns: [CatalogColumn]
    /// Column sets whose values are unique per row: the primary key and UNIQUE constraints.
    var uniqueKeys: [[String]]
    /// Where the relation was created, for messages.
    let file: String
    let location: SourceLocation

    func column(named name: String) -> CatalogColumn? { columns.first { $0.name == name } }

    func columnIndex(named name: String) -> Int? { columns.firstIndex { $0.name == name } }

    /// Whether `column` alone is a primary key or unique key.
    func isUniqueColumn(_ column: String) -> Bool { uniqueKeys.contains([column]) }
}

/// An enum type.
struct CatalogEnum: Sendable, Hashable {
    let schema: String
    var name: String
    var labels: [String]
}

/// The schema as the queries see it: tables, views, enums and schemas, after applying every
/// schema file in order.
struct Catalog: Sendable {
    /// Schemas created so far (`public` always exists).
    private(set) var schemas: Set<String> = ["public", "pg_catalog"]
    private(set) var relations: [String: CatalogRelation] = [:]
    private(set) var enums: [String: CatalogEnum] = [:]
    /// Extensions, domains, composite and range types (see Catalog+Types.swift).
    var userTypes = UserTypeCatalog()
    /// Unqualified names resolve against these schemas, in order.
    let searchPath = ["public"]

    static func key(schema: String, name: String) -> String { schema + "." + name }

    // MARK: Lookup

    /// The relation `name` (optionally `schema.name`), following the search path.
    func relation(_ name: String, schema: String?) -> CatalogRelation? {
        if let schema { return relations[Catalog.key(schema: schema, name: name)] }
        for candidate in searchPath {
            if let found = relations[Catalog.key(schema: candidate, name: name)] { return found }
        }
        return nil
    }

    func enumType(_ name: String, schema: String?) -> CatalogEnum? {
        if let schema { return enums[Catalog.key(schema: schema, name: name)] }
        for candidate in searchPath {
            if let found = enums[Catalog.key(schema: candidate, name: name)] { return found }
        }
        return nil
    }

    /// The name `format_type` prints for an enum: unqualified on the search path.
    func formatName(ofEnum value: CatalogEnum) -> String {
        searchPath.contains(value.schema) ? quoteIfNeeded(value.name) : quoteIfNeeded(value.schema) + "." + quoteIfNeeded(value.name)
    }

    /// The enum behind an `.enumeration` type name.
    func enumType(formatName: String) -> CatalogEnum? {
        enums.values.first { self.formatName(ofEnum: $0) == formatName }
    }

    // MARK: Mutation (used by CatalogBuilder)

    mutating func addSchema(_ name: String) { schemas.insert(name) }

    mutating func removeSchema(_ name: String) {
        schemas.remove(name)
        relations = relations.filter { $0.value.schema != name }
        enums = enums.filter { $0.value.schema != name }
    }

    mutating func setRelation(_ relation: CatalogRelation) {
        relations[Catalog.key(schema: relation.schema, name: relation.name)] = relation
    }

    mutating func removeRelation(schema: String, name: String) {
        relations[Catalog.key(schema: schema, name: name)] = nil
    }

    mutating func setEnum(_ value: CatalogEnum) {
        enums[Catalog.key(schema: value.schema, name: value.name)] = value
    }

    mutating func removeEnum(schema: String, name: String) {
        enums[Catalog.key(schema: schema, name: name)] = nil
    }

    // MARK: Output

    /// Enum types for the generated code, sorted by SQL name for stable output (the Swift
    /// naming step names them).
    func enumDescriptions() -> [EnumDescription] {
        enums.values.map { EnumDescription(sqlName: formatName(ofEnum: $0), labels: $0.labels) }
            .sorted { $0.sqlName < $1.sqlName }
    }
}

/// Double-quotes an identifier the way `format_type`/`quote_ident` would.
func quoteIfNeeded(_ name: String) -> String {
    let simple = name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        && !(name.first.map { ("0"..."9").contains($0) } ?? true)
    return simple ? name : "\"" + name.replacing("\"", with: "\"\"") + "\""
}
