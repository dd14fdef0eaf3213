/// The schema files' tables and views as the translate stage reads them: what the table models
/// are made of (a relation's columns, their types, nullability and single-column keys) and how
/// a configured column override's `table.column` / `schema.table.column` finds its relation.
/// The analyzer builds it once per generation from the catalog
/// (Analyze/SchemaRelationsBuilder.swift), so `GenerationModel` never carries the catalog itself.
struct SchemaRelations: Sendable {
    /// The tables and views of the schema files by key (`public.user_profiles`), the key
    /// ``ColumnOrigin/relationKey`` names.
    var relations: [String: RelationDescription] = [:]
    /// The configured column overrides (`table.column`, `schema.table.column`, as `neon-sql.json`
    /// writes them) that name a column of a relation, found as the catalog finds relations
    /// (system relations included): the analyzer checks the names the pipeline gives it
    /// (Analyze/SchemaRelationsBuilder.swift), so translation validates overrides without the catalog.
    var existingOverrideColumns: Set<String> = []
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
    let type: PostgresTypeDescription
    /// The column can never hold NULL (NOT NULL, primary key, identity, serial, NOT NULL domain).
    let isNotNull: Bool
    /// For an array column: whether its elements may be NULL.
    let elementNullable: Bool
    /// The column alone is the primary key or a unique key.
    let isUnique: Bool
}
