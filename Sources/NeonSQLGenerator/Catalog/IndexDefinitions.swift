// Indexes and key constraints: PRIMARY KEY, UNIQUE, CREATE [UNIQUE] INDEX, ADD ... USING INDEX,
// DROP INDEX, ALTER INDEX ... RENAME TO, named as PostgreSQL names them so later statements can
// drop or rename them. A unique key is what lets `:one` on `WHERE key = $1` go without a warning.

extension TableConstraintKind {
    var isPrimaryKey: Bool {
        if case .primaryKey = self { return true }
        return false
    }
}

/// The catalog builder's step for indexes and key constraints.
struct IndexDefinitions: CatalogBuildingStep {
    let source: SourceFile
    let analysis: any DefinitionAnalysis
    var catalog: Catalog
    var diagnostics: DiagnosticCollector
}

extension IndexDefinitions {
    /// Whether `name` is taken in `schema`'s relation namespace (tables, views, indexes).
    /// `pending` is a relation being built or altered, whose indexes count in their current state.
    func isRelationNameTaken(schema: String, name: String, besides pending: CatalogRelation? = nil) -> Bool {
        if let pending, pending.schema == schema, pending.name == name || pending.indexes.contains(where: { $0.name == name }) {
            return true
        }
        if catalog.relations[Catalog.key(schema: schema, name: name)] != nil { return true }
        return catalog.relations.values.contains { relation in
            relation.schema == schema && !(relation.schema == pending?.schema && relation.name == pending?.name)
                && relation.indexes.contains { $0.name == name }
        }
    }

    /// The name PostgreSQL chooses for a new index of `relation`.
    func chooseIndexName(for relation: CatalogRelation, columns: [String], constraint: CatalogIndex.Constraint) -> String {
        let label: String
        let parts: [String]
        switch constraint {
        case .primaryKey: (label, parts) = ("pkey", [])
        case .unique: (label, parts) = ("key", columns)
        case .none: (label, parts) = ("idx", columns)
        }
        return IndexNaming.choose(table: relation.name, columns: parts, label: label) {
            isRelationNameTaken(schema: relation.schema, name: $0, besides: relation)
        }
    }

    /// A PRIMARY KEY or UNIQUE constraint on `columns`, named `name` or as PostgreSQL would.
    /// A primary key makes its columns NOT NULL.
    mutating func addKey(columns: [String], primary: Bool, name: String?, to relation: inout CatalogRelation) {
        let chosen = name ?? chooseIndexName(for: relation, columns: columns, constraint: primary ? .primaryKey : .unique)
        if primary {
            for column in columns {
                if let index = relation.columnIndex(named: column) { relation.columns[index].markNotNull() }
            }
        }
        relation.indexes.append(.key(name: chosen, columns: columns, primary: primary))
    }

    /// LIKE ... INCLUDING INDEXES, PARTITION OF: the source's indexes, renamed for the new table.
    mutating func copyIndexes(of source: CatalogRelation, into relation: inout CatalogRelation) {
        for index in source.indexes {
            if index.constraint == .primaryKey, !relation.primaryKey.isEmpty { continue }
            var copy = index
            copy.name = chooseIndexName(for: relation, columns: index.columns ?? ["expr"], constraint: index.constraint)
            relation.indexes.append(copy)
        }
    }

    /// `ADD [CONSTRAINT c] {PRIMARY KEY | UNIQUE} USING INDEX i`: the unique index becomes the key
    /// constraint (renamed to `c` when given).
    mutating func addConstraintUsingIndex(_ constraint: TableConstraint, to relation: inout CatalogRelation) {
        guard let indexName = constraint.usingIndex else { return }
        guard let position = relation.indexes.firstIndex(where: { $0.name == indexName.name }) else {
            error("index \"\(indexName.name)\" does not exist", at: indexName.location)
            return
        }
        let index = relation.indexes[position]
        if index.constraint != .none {
            error("index \"\(indexName.name)\" is already associated with a constraint", at: constraint.location)
            return
        }
        if !index.isUnique {
            error("\"\(indexName.name)\" is not a unique index", at: constraint.location)
            return
        }
        if index.isPartial {
            error("\"\(indexName.name)\" is a partial index", at: constraint.location)
            return
        }
        if index.columns == nil {
            error("index \"\(indexName.name)\" contains expressions", at: constraint.location)
            return
        }
        let primary = constraint.kind.isPrimaryKey
        if primary, !relation.primaryKey.isEmpty {
            error("multiple primary keys for table \"\(relation.name)\" are not allowed", at: constraint.location)
            return
        }
        relation.indexes[position].constraint = primary ? .primaryKey : .unique
        if let name = constraint.name { relation.indexes[position].name = name.name }
        if primary {
            for column in index.columns ?? [] {
                if let columnIndex = relation.columnIndex(named: column) { relation.columns[columnIndex].markNotNull() }
            }
        }
    }

    /// `CREATE [UNIQUE] INDEX`.
    mutating func createIndex(_ create: CreateIndexStatement) {
        guard var relation = requireRelation(create.table) else { return }
        if relation.kind == .view {
            error("cannot create index on relation \"\(relation.name)\"", at: create.table.location)
            return
        }
        var columns: [String]? = []
        for element in create.elements {
            guard let column = element.column else {
                columns = nil
                continue
            }
            guard relation.column(named: column.name) != nil else {
                error("column \"\(column.name)\" does not exist" + NameSuggestions.suffix(for: column.name, among: relation.columns.map(\.name)),
                      at: column.location)
                return
            }
            columns = columns.map { $0 + [column.name] }
        }
        let name: String
        if let given = create.name {
            if isRelationNameTaken(schema: relation.schema, name: given.name) {
                if !create.ifNotExists { error("relation \"\(given.name)\" already exists", at: given.location) }
                return
            }
            name = given.name
        } else {
            name = chooseIndexName(for: relation, columns: create.elements.map(\.nameForIndexName), constraint: .none)
        }
        relation.indexes.append(CatalogIndex(name: name, columns: columns, isUnique: create.isUnique, isPartial: create.isPartial,
                                             constraint: .none,
                                             elementTexts: create.elements.map { $0.column?.name ?? $0.expressionText ?? "" },
                                             predicateConjuncts: create.predicateConjuncts))
        catalog.setRelation(relation)
    }

    /// The table and position of index `name` (schema-qualified, or found through the search path).
    func findIndex(_ name: QualifiedName) -> (relation: CatalogRelation, position: Int)? {
        guard let last = name.name else { return nil }
        let schemas = name.qualifier.last.map { [$0.name] } ?? catalog.searchPath
        for schema in schemas {
            let found = catalog.relations.values.filter { $0.schema == schema }.sorted { $0.name < $1.name }.lazy.compactMap { relation in
                relation.indexes.firstIndex { $0.name == last.name }.map { (relation, $0) }
            }.first
            if let found { return found }
        }
        return nil
    }

    /// `ALTER INDEX name RENAME TO new`.
    mutating func renameIndex(_ name: QualifiedName, to newName: Identifier, ifExists: Bool) {
        guard let (relation, position) = findIndex(name) else {
            // Indexes made before the schema files (or by an extension) are not tracked.
            return
        }
        if isRelationNameTaken(schema: relation.schema, name: newName.name) {
            error("relation \"\(newName.name)\" already exists", at: newName.location)
            return
        }
        var renamed = relation
        renamed.indexes[position].name = newName.name
        catalog.setRelation(renamed)
    }

    /// `DROP INDEX name`: refused for a key constraint's index, as PostgreSQL does.
    mutating func dropIndex(_ name: QualifiedName) {
        guard let (relation, position) = findIndex(name) else { return }
        let index = relation.indexes[position]
        if index.constraint != .none {
            error("cannot drop index \(index.name) because constraint \(index.name) on table \(relation.name) requires it; "
                  + "drop constraint \(index.name) on table \(relation.name) instead", at: name.location)
            return
        }
        var changed = relation
        changed.indexes.remove(at: position)
        catalog.setRelation(changed)
    }
}

extension CatalogColumn {
    /// A NOT NULL constraint of the column's own (primary key, SET NOT NULL).
    mutating func markNotNull() {
        isNotNull = true
        isNotNullByDomainOnly = false
    }
}
