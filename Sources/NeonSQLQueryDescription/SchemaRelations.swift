/// The schema files' tables and views as the translate stage reads them: what the table models
/// are made of (a relation's columns, their types, nullability and single-column keys) and how
/// a configured column override's `table.column` / `schema.table.column` finds its relation.
/// The analyzer builds it once per generation from the catalog
/// (Analyze/SchemaRelationsBuilder.swift), so `GenerationModel` never carries the catalog itself.
package struct SchemaRelations: Sendable {
    /// The tables and views of the schema files by key (`public.user_profiles`), the key
    /// ``ColumnOrigin/relationKey`` names.
    package var relations: [String: RelationDescription] = [:]
    /// The configured column overrides (`table.column`, `schema.table.column`, as `neon-sql.json`
    /// writes them) that name a column of a relation, found as the catalog finds relations
    /// (system relations included): the analyzer checks the names the pipeline gives it
    /// (Analyze/SchemaRelationsBuilder.swift), so translation validates overrides without the catalog.
    package var existingOverrideColumns: Set<String> = []

    /// Every stored property, as the memberwise initializer takes them.
    package init(relations: [String: RelationDescription] = [:], existingOverrideColumns: Set<String> = []) {
        self.relations = relations
        self.existingOverrideColumns = existingOverrideColumns
    }
}

/// A table or view of the schema files, with the facts a table model needs.
package struct RelationDescription: Sendable, Hashable {
    /// The relation's own name (`user_profiles`), which names its model.
    package let name: String
    /// The relation as generated doc comments name it: `user_profiles`, or `shop.orders` when
    /// the queries' search path does not contain its schema.
    package let sqlName: String
    /// A table; otherwise a view or materialized view.
    package let isTable: Bool
    /// In table order.
    package let columns: [RelationColumnDescription]

    /// Every stored property, as the memberwise initializer takes them.
    package init(name: String, sqlName: String, isTable: Bool, columns: [RelationColumnDescription]) {
        self.name = name
        self.sqlName = sqlName
        self.isTable = isTable
        self.columns = columns
    }
}

/// A column of a ``RelationDescription``.
package struct RelationColumnDescription: Sendable, Hashable {
    package let name: String
    package let type: PostgresTypeDescription
    /// The column can never hold NULL (NOT NULL, primary key, identity, serial, NOT NULL domain).
    package let isNotNull: Bool
    /// For an array column: whether its elements may be NULL.
    package let elementNullable: Bool
    /// The column alone is the primary key or a unique key.
    package let isUnique: Bool

    /// Every stored property, as the memberwise initializer takes them.
    package init(name: String, type: PostgresTypeDescription, isNotNull: Bool, elementNullable: Bool, isUnique: Bool) {
        self.name = name
        self.type = type
        self.isNotNull = isNotNull
        self.elementNullable = elementNullable
        self.isUnique = isUnique
    }
}
