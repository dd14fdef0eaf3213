// ALTER TABLE / VIEW / MATERIALIZED VIEW and ALTER TYPE (enums) applied to the catalog, with
// PostgreSQL's messages for what it rejects; other types' ALTER TYPE and ALTER DOMAIN are in
// CatalogBuilder+AlterType.swift.

extension RelationDefinitions {
    mutating func alterTable(_ alter: AlterTableStatement) {
        guard var relation = requireRelation(alter.name, ifExists: alter.ifExists) else { return }
        switch (alter.relationKind, relation.kind) {
        case (.view, .materializedView), (.view, .table):
            error("\"\(relation.name)\" is not a view", at: alter.name.location)
            return
        case (.materializedView, .view), (.materializedView, .table):
            error("\"\(relation.name)\" is not a materialized view", at: alter.name.location)
            return
        default:
            break
        }
        let (schema, name) = (relation.schema, relation.name)
        for action in alter.actions {
            guard alterTableAction(action, relation: &relation) else { return }
        }
        catalog.removeRelation(schema: schema, name: name)
        catalog.setRelation(relation)
        catalog.changeTableEffects { $0.renameRelation(from: Catalog.key(schema: schema, name: name),
                                                       to: Catalog.key(schema: relation.schema, name: relation.name)) }
    }

    /// Applies one action; false when PostgreSQL would reject the statement (reported).
    mutating func alterTableAction(_ action: AlterTableAction, relation: inout CatalogRelation) -> Bool {
        switch action {
        case .addColumn(let definition, let ifNotExists):
            if relation.column(named: definition.name.name) != nil {
                if ifNotExists { return true }
                error("column \"\(definition.name.name)\" of relation \"\(relation.name)\" already exists", at: definition.name.location)
                return false
            }
            guard let (column, isPrimaryKey, isUnique) = column(from: definition) else { return false }
            relation.columns.append(column)
            run(TableEffectDefinitions.self) { $0.recordForeignKeys(of: definition, in: relation) }
            if isPrimaryKey {
                if !relation.primaryKey.isEmpty {
                    error("multiple primary keys for table \"\(relation.name)\" are not allowed", at: definition.name.location)
                    return false
                }
                run(IndexDefinitions.self) { $0.addKey(columns: [column.name], primary: true, name: definition.primaryKeyName?.name, to: &relation) }
            }
            if isUnique { run(IndexDefinitions.self) { $0.addKey(columns: [column.name], primary: false, name: definition.uniqueName?.name, to: &relation) } }
        case .dropColumn(let column, let ifExists):
            guard let index = relation.columnIndex(named: column.name) else {
                if ifExists { return true }
                _ = requireColumn(column, in: relation)
                return false
            }
            relation.columns.remove(at: index)
            // PostgreSQL drops the indexes and key constraints on the column with it.
            relation.indexes.removeAll { $0.columns?.contains(column.name) ?? false }
        case .renameColumn(let from, let to):
            guard let index = relation.columnIndex(named: from.name) else {
                error("column \"\(from.name)\" does not exist" + NameSuggestions.suffix(for: from.name, among: relation.columns.map(\.name)),
                      at: from.location)
                return false
            }
            if relation.column(named: to.name) != nil {
                error("column \"\(to.name)\" of relation \"\(relation.name)\" already exists", at: to.location)
                return false
            }
            relation.columns[index].name = to.name
            for position in relation.indexes.indices {
                relation.indexes[position].columns = relation.indexes[position].columns?.map { $0 == from.name ? to.name : $0 }
            }
        case .renameTable(let to):
            if catalog.relations[Catalog.key(schema: relation.schema, name: to.name)] != nil {
                error("relation \"\(to.name)\" already exists", at: to.location)
                return false
            }
            relation.name = to.name
        case .setSchema(let schema):
            guard requireSchema(schema.name, at: schema.location) else { return false }
            if catalog.relations[Catalog.key(schema: schema.name, name: relation.name)] != nil {
                error("relation \"\(relation.name)\" already exists in schema \"\(schema.name)\"", at: schema.location)
                return false
            }
            relation.schema = schema.name
        case .alterColumnType(let column, let typeName):
            guard let index = requireColumn(column, in: relation), let resolution = resolveType(typeName) else { return false }
            relation.columns[index].type = resolution.type
        case .setNotNull(let column):
            guard let index = requireColumn(column, in: relation) else { return false }
            relation.columns[index].isNotNull = true
            relation.columns[index].isNotNullByDomainOnly = false
        case .dropNotNull(let column):
            guard let index = requireColumn(column, in: relation) else { return false }
            if relation.isPrimaryKey(column.name) {
                error("column \"\(column.name)\" is in a primary key", at: column.location)
                return false
            }
            relation.columns[index].isNotNull = false
            relation.columns[index].isNotNullByDomainOnly = false
        case .setDefault(let column, _):
            guard let index = requireColumn(column, in: relation) else { return false }
            relation.columns[index].hasDefault = true
        case .dropDefault(let column):
            guard let index = requireColumn(column, in: relation) else { return false }
            relation.columns[index].hasDefault = false
        case .setWriteRestriction(let column, let restriction):
            guard let index = requireColumn(column, in: relation) else { return false }
            relation.columns[index].writeRestriction = restriction
        case .addConstraint(let constraint):
            addConstraint(constraint, to: &relation, inAlter: true)
        case .dropConstraint(let name, _):
            // Only key constraints are tracked: an unknown name may be a CHECK or FOREIGN KEY.
            relation.indexes.removeAll { $0.name == name.name && $0.constraint != .none }
        case .renameConstraint(let from, let to):
            guard let position = relation.indexes.firstIndex(where: { $0.name == from.name && $0.constraint != .none }) else { break }
            if run(IndexDefinitions.self, { $0.isRelationNameTaken(schema: relation.schema, name: to.name, besides: relation) }) {
                error("relation \"\(to.name)\" already exists", at: to.location)
                return false
            }
            relation.indexes[position].name = to.name
        case .ignored:
            break
        }
        return true
    }
}
