/// PostgreSQL's rule for finding a table or view by name (``Catalog/relation(_:schema:)``).
enum RelationNameLookup {
    /// The relation `name` (optionally `schema.name`), following `searchPath`: `pg_temp` is
    /// searched first, then `pg_catalog` unless the path names it later, then each schema of the
    /// path. `user` finds a relation of the schema files by key (`schema.name`); a relation of
    /// pg_catalog or information_schema comes from the built-in data for `postgresVersion`, made
    /// into the caller's kind of relation by `system`.
    static func find<Relation>(_ name: String, schema: String?, searchPath: [String], postgresVersion: Int?,
                               user: (_ key: String) -> Relation?, system: (CatalogRelation) -> Relation) -> Relation? {
        func qualified(_ schema: String) -> Relation? {
            user(Catalog.key(schema: schema, name: name)) ?? systemRelation(name, schema: schema, version: postgresVersion).map(system)
        }
        if let schema { return qualified(schema) }
        if let temporary = user(Catalog.key(schema: "pg_temp", name: name)) { return temporary }
        if !searchPath.contains("pg_catalog"), let found = systemRelation(name, schema: "pg_catalog", version: postgresVersion) {
            return system(found)
        }
        for candidate in searchPath {
            if let found = qualified(candidate) { return found }
        }
        return nil
    }

    /// A table or view of pg_catalog or information_schema, as PostgreSQL major version `version`
    /// has it (nil: the newest).
    static func systemRelation(_ name: String, schema: String, version: Int?) -> CatalogRelation? {
        guard SystemRelations.mayBeSystemRelation(name, schema: schema) else { return nil }
        return SystemRelations.shared.relation(schema: schema, name: name, version: version)
    }
}
