extension SchemaRelations {
    /// The view of `catalog` the translate stage reads: every relation of the schema files (not
    /// the system relations, which stay in the built-in data) with its columns and their
    /// single-column keys, and the catalog's name-resolution state. Built once per analysis.
    init(catalog: Catalog) {
        relations = catalog.relations.mapValues { relation in
            let unique = Set(relation.uniqueKeys.compactMap { $0.count == 1 ? $0[0] : nil })
            return RelationDescription(
                name: relation.name,
                sqlName: catalog.defaultSearchPath.contains(relation.schema) ? relation.name : relation.schema + "." + relation.name,
                isTable: relation.kind == .table,
                columns: relation.columns.map { column in
                    RelationColumnDescription(name: column.name, type: column.type, isNotNull: column.isNotNull,
                                              elementNullable: column.elementNullable, isUnique: unique.contains(column.name))
                })
        }
        searchPath = catalog.searchPath
        postgresVersion = catalog.postgresVersion
    }
}
