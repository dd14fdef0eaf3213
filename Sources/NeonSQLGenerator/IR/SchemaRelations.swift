/// The schema files' tables and views as the translate stage reads them: what the table models
/// are made of (a relation's columns, their types, nullability and single-column keys) and how
/// a configured column override's `table.column` / `schema.table.column` finds its relation.
/// The analyzer builds it once per generation from the catalog
/// (Analyze/SchemaRelationsBuilder.swift), so `GenerationModel` never carries the catalog itself.
struct SchemaRelations: Sendable {
    /// The tables and views of the schema files by key (`public.user_profiles`), the key
    /// ``ColumnOrigin/relationKey`` names.
    var relations: [String: RelationDescription] = [:]
    /// The search path unqualified names resolved with at the end of the schema files (the last
    /// `SET search_path`, or the queries' path), as the catalog's own relation lookup uses it.
    var searchPath = ["public"]
    /// The PostgreSQL major version the analysis targeted (nil: the newest): which columns the
    /// relations of pg_catalog and information_schema have.
    var postgresVersion: Int?

    /// Whether the relation `name` (in `schema`, or found along the search path) has a column
    /// `column`. The relation is found as the catalog finds it (Catalog/RelationNameLookup.swift):
    /// `pg_temp` first, then pg_catalog unless the path names it later, then each schema of the
    /// path; the relations of pg_catalog and information_schema count too (from the built-in
    /// data, looked up only when an override names one).
    func hasColumn(_ column: String, inRelation name: String, schema: String?) -> Bool {
        let columns = RelationNameLookup.find(name, schema: schema, searchPath: searchPath, postgresVersion: postgresVersion,
                                              user: { relations[$0]?.columns.map(\.name) }, system: { $0.columns.map(\.name) })
        return columns?.contains(column) ?? false
    }
}

/// A table or view of the schema files, with the facts a table model needs.
struct RelationDescription: Sendable, Hashable {
    /// The relation's own name (`user_profiles`), which names its model.
    let name: String
    /// The relation as generated doc comments name it: `user_profiles`, or `shop.orders` when
    /// the queries' search path does not contain its schema.
    let sqlName: String
    /// A table; otherwise a view or materialized view.
    let isTable: Bool
    /// In table order.
    let columns: [RelationColumnDescription]
}

/// A column of a ``RelationDescription``.
struct RelationColumnDescription: Sendable, Hashable {
    let name: String
    let type: SQLType
    /// The column can never hold NULL (NOT NULL, primary key, identity, serial, NOT NULL domain).
    let isNotNull: Bool
    /// For an array column: whether its elements may be NULL.
    let elementNullable: Bool
    /// The column alone is the primary key or a unique key.
    let isUnique: Bool
}
