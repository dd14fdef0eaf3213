extension SchemaRelations {
    /// The view of `catalog` the translate stage reads: every relation of the schema files (not
    /// the system relations, which stay in the built-in data) with its columns and their
    /// single-column keys, and which of `columnOverrides` (`table.column`, `schema.table.column`)
    /// name a column, the relation found as the catalog finds it. Built once per analysis.
    init(catalog: Catalog, columnOverrides: some Sequence<String> = [String]()) {
        let relations = catalog.relations.mapValues { relation in
            let unique = Set(relation.uniqueKeys.compactMap { $0.count == 1 ? $0[0] : nil })
            return RelationDescription(
                name: relation.name,
                sqlName: catalog.defaultSearchPath.contains(relation.schema) ? relation.name : relation.schema + "." + relation.name,
                isTable: relation.kind == .table,
                columns: relation.columns.map { column in
                    RelationColumnDescription(name: column.name, type: column.type.described, isNotNull: column.isNotNull,
                                              elementNullable: column.elementNullable, isUnique: unique.contains(column.name))
                })
        }
        let existing = Set(columnOverrides.filter { key in
            let parts = key.split(separator: ".").map(String.init)
            guard parts.count == 2 || parts.count == 3 else { return false }
            let relation = catalog.relation(parts[parts.count - 2], schema: parts.count == 3 ? parts[0] : nil)
            return relation?.column(named: parts[parts.count - 1]) != nil
        })
        self.init(relations: relations, existingOverrideColumns: existing)
    }
}
