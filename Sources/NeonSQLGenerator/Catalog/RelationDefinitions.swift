// CREATE TABLE, CREATE TABLE AS / SELECT INTO / CREATE MATERIALIZED VIEW and CREATE VIEW applied
// to the catalog, with PostgreSQL's messages; ALTER TABLE is in RelationDefinitions+Alter.swift.

/// The catalog builder's step for tables, views and materialized views.
struct RelationDefinitions: CatalogBuildingStep {
    let source: SourceFile
    let analysis: any DefinitionAnalysis
    var catalog: Catalog
    var diagnostics: DiagnosticCollector
}

extension RelationDefinitions {
    mutating func column(from definition: ColumnDefinition) -> (CatalogColumn, isPrimaryKey: Bool, isUnique: Bool)? {
        guard let resolution = resolveType(definition.type) else { return nil }
        var column = CatalogColumn(name: definition.name.name, type: resolution.type,
                                   isNotNull: resolution.isSerial || catalog.isNotNullDomain(resolution.type),
                                   hasDefault: resolution.isSerial)
        column.isNotNullByDomainOnly = column.isNotNull && !resolution.isSerial
        column.declaredAt = DeclarationSite(source, definition.name.location)
        var isPrimaryKey = false
        var isUnique = false
        for constraint in definition.constraints {
            switch constraint {
            case .notNull, .identity:
                column.isNotNull = true
                column.isNotNullByDomainOnly = false
                if case .identity(let always) = constraint {
                    column.hasDefault = true
                    column.writeRestriction = always ? .identityAlways : nil
                }
            case .primaryKey:
                column.isNotNull = true
                column.isNotNullByDomainOnly = false
                isPrimaryKey = true
            case .unique:
                isUnique = true
            case .defaultValue:
                column.hasDefault = true
            case .generated:
                column.hasDefault = true
                column.writeRestriction = .generated
            case .null, .check, .references:
                break
            }
        }
        return (column, isPrimaryKey, isUnique)
    }

    mutating func createTable(_ create: CreateTableStatement) {
        guard let (schema, name) = splitForCreate(create.name, temporary: create.isTemporary) else { return }
        if catalog.relations[Catalog.key(schema: schema, name: name)] != nil {
            if !create.ifNotExists { error("relation \"\(name)\" already exists", at: create.name.location) }
            return
        }
        var relation = CatalogRelation(schema: schema, name: name, kind: .table, columns: [], indexes: [],
                                       file: source.path, location: create.location)
        if let parentName = create.partitionOf {
            // A partition has its parent's columns, NOT NULL and keys; its own list only adds options.
            guard let parent = requireRelation(parentName) else { return }
            relation.columns = parent.columns.map { column in
                var copy = column
                copy.writeRestriction = nil
                return copy
            }
            run(IndexDefinitions.self) { $0.copyIndexes(of: parent, into: &relation) }
            for definition in create.columns {
                guard let index = requireColumn(definition.name, in: relation) else { return }
                if definition.constraints.contains(.notNull) { relation.columns[index].markNotNull() }
            }
            for constraint in create.constraints { addConstraint(constraint, to: &relation) }
            catalog.setRelation(relation)
            catalog.changeTableEffects { $0.setPartitionParent(Catalog.key(schema: schema, name: name),
                                                               parent: Catalog.key(schema: parent.schema, name: parent.name)) }
            return
        }
        for parentName in create.inherits {
            guard let parent = requireRelation(parentName) else { return }
            for var column in parent.columns {
                column.writeRestriction = nil
                if let index = relation.columnIndex(named: column.name) {
                    relation.columns[index].isNotNull = relation.columns[index].isNotNull || column.isNotNull
                } else {
                    relation.columns.append(column)
                }
            }
        }
        let inheritedCount = relation.columns.count
        var likes = create.likes[...]
        for (position, definition) in create.columns.enumerated() {
            while let like = likes.first, like.position == position {
                likes.removeFirst()
                copyLike(like, into: &relation)
            }
            if let index = relation.columnIndex(named: definition.name.name) {
                if index >= inheritedCount {
                    error("column \"\(definition.name.name)\" specified more than once", at: definition.name.location)
                    continue
                }
                // A column also inherited merges with the parent's (NOT NULL from either).
                guard let (column, _, _) = column(from: definition) else { continue }
                relation.columns[index].isNotNull = relation.columns[index].isNotNull || column.isNotNull
                continue
            }
            guard let (column, isPrimaryKey, isUnique) = column(from: definition) else { continue }
            relation.columns.append(column)
            if isPrimaryKey { run(IndexDefinitions.self) { $0.addKey(columns: [column.name], primary: true, name: definition.primaryKeyName?.name, to: &relation) } }
            if isUnique { run(IndexDefinitions.self) { $0.addKey(columns: [column.name], primary: false, name: definition.uniqueName?.name, to: &relation) } }
        }
        for like in likes { copyLike(like, into: &relation) }
        for constraint in create.constraints {
            addConstraint(constraint, to: &relation)
        }
        catalog.setRelation(relation)
        for definition in create.columns { run(TableEffectDefinitions.self) { $0.recordForeignKeys(of: definition, in: relation) } }
        // A child of legacy inheritance counts as its parent for table effects, as a partition
        // does: reading or changing the parent without ONLY reads or changes the child's rows.
        if let parentName = create.inherits.first?.name?.name,
           let parent = catalog.relation(parentName, schema: create.inherits.first?.qualifier.last?.name) {
            catalog.changeTableEffects { $0.setPartitionParent(Catalog.key(schema: schema, name: name),
                                                               parent: Catalog.key(schema: parent.schema, name: parent.name)) }
        }
    }

    /// `LIKE source`: its columns with their types and NOT NULL; defaults and keys when included.
    mutating func copyLike(_ like: TableLike, into relation: inout CatalogRelation) {
        guard let source = requireRelation(like.source) else { return }
        for column in source.columns {
            if relation.column(named: column.name) != nil {
                error("column \"\(column.name)\" specified more than once", at: like.source.location)
                continue
            }
            var copy = column
            if !like.includesDefaults { copy.hasDefault = false }
            copy.writeRestriction = nil
            relation.columns.append(copy)
        }
        if like.includesIndexes { run(IndexDefinitions.self) { $0.copyIndexes(of: source, into: &relation) } }
    }

    /// `CREATE TABLE ... AS`, `SELECT ... INTO`, `CREATE MATERIALIZED VIEW`: columns typed by
    /// the query. A table made this way has no NOT NULL constraint (later rows may hold NULL);
    /// a materialized view holds exactly its query's rows, so it keeps the query's nullability.
    mutating func createTableAs(_ create: CreateTableAsStatement) {
        guard let (schema, name) = splitForCreate(create.name, temporary: create.isTemporary) else { return }
        if catalog.relations[Catalog.key(schema: schema, name: name)] != nil {
            if !create.ifNotExists { error("relation \"\(name)\" already exists", at: create.name.location) }
            return
        }
        guard let columns = queryColumns(create.query, names: create.columns, at: create.location,
                                         tooMany: "too many column names were specified") else { return }
        let kept = create.materialized ? columns : columns.map { column in
            var copy = column
            copy.isNotNull = false
            copy.elementNullable = true
            return copy
        }
        catalog.setRelation(CatalogRelation(schema: schema, name: name, kind: create.materialized ? .materializedView : .table,
                                            columns: kept, indexes: [], file: source.path, location: create.location))
    }

    /// The output columns of a view's or table's defining query, renamed by an explicit list.
    mutating func queryColumns(_ query: SelectStatement, names: [Identifier], at location: SourceLocation,
                               tooMany: String) -> [CatalogColumn]? {
        guard let output = analysis.outputColumns(of: query, catalog: catalog, source: source, diagnostics: &diagnostics) else {
            return nil
        }
        if names.count > output.count {
            error(tooMany, at: location)
            return nil
        }
        var columns: [CatalogColumn] = []
        for (index, value) in output.enumerated() {
            let columnName = index < names.count ? names[index].name : (value.name ?? "?column?")
            if columns.contains(where: { $0.name == columnName }) {
                error("column \"\(columnName)\" specified more than once", at: location)
                return nil
            }
            var type = value.type
            if type == .unknown { type = .text }
            columns.append(CatalogColumn(name: columnName, type: type, isNotNull: !value.nullable,
                                         elementNullable: value.elementNullable))
        }
        return columns
    }

    /// PRIMARY KEY makes its columns NOT NULL; PRIMARY KEY and UNIQUE make them a key.
    mutating func addConstraint(_ constraint: TableConstraint, to relation: inout CatalogRelation, inAlter: Bool = false) {
        if constraint.usingIndex != nil { return run(IndexDefinitions.self) { $0.addConstraintUsingIndex(constraint, to: &relation) } }
        switch constraint.kind {
        case .primaryKey(let columns), .unique(let columns):
            var names: [String] = []
            for column in columns {
                guard let index = relation.columnIndex(named: column.name) else {
                    let suggestion = NameSuggestions.suffix(for: column.name, among: relation.columns.map(\.name))
                    if inAlter {
                        error("column \"\(column.name)\" of relation \"\(relation.name)\" does not exist" + suggestion, at: column.location)
                    } else {
                        error("column \"\(column.name)\" named in key does not exist" + suggestion, at: column.location)
                    }
                    return
                }
                if case .primaryKey = constraint.kind { relation.columns[index].markNotNull() }
                names.append(column.name)
            }
            if case .primaryKey = constraint.kind {
                if !relation.primaryKey.isEmpty {
                    error("multiple primary keys for table \"\(relation.name)\" are not allowed", at: constraint.location)
                    return
                }
            }
            run(IndexDefinitions.self) { $0.addKey(columns: names, primary: constraint.kind.isPrimaryKey, name: constraint.name?.name, to: &relation) }
        case .foreignKey(let columns, let referenced, _, let actions):
            for column in columns where relation.column(named: column.name) == nil {
                error("column \"\(column.name)\" referenced in foreign key constraint does not exist", at: column.location)
            }
            run(TableEffectDefinitions.self) { $0.recordForeignKey(from: relation, to: referenced, actions) }
        case .check, .other:
            break
        }
    }

    mutating func createView(_ create: CreateViewStatement) {
        guard let (schema, name) = split(create.name) else { return }
        let key = Catalog.key(schema: schema, name: name)
        if let existing = catalog.relations[key], !(create.orReplace && existing.kind == .view) {
            error("relation \"\(name)\" already exists", at: create.name.location)
            return
        }
        guard let columns = queryColumns(create.query, names: create.columns, at: create.location,
                                         tooMany: "CREATE VIEW specifies more column names than columns") else { return }
        let (updatability, base) = analysis.updatability(ofView: create.query, columnCount: columns.count, catalog: catalog)
        catalog.setRelation(CatalogRelation(schema: schema, name: name, kind: .view, columns: columns, indexes: [],
                                            file: source.path, location: create.location, updatability: updatability))
        let references = analysis.references(ofQuery: create.query, catalog: catalog)
        catalog.changeTableEffects { effects in
            effects.setViewReferences(key: key, references)
            effects.setViewBaseRelation(key: key, base)
        }
    }
}
