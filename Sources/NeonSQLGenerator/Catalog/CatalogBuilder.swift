/// Applies schema statements (CREATE/ALTER/DROP ...) in file order to build the catalog,
/// reporting what PostgreSQL would reject (unknown types, duplicate tables, missing columns).
/// ALTER is in CatalogBuilder+Alter.swift, DROP in CatalogBuilder+Drop.swift, functions in
/// CatalogBuilder+Functions.swift.
enum CatalogBuilder {
    /// `SET search_path` in a schema file applies to the schema statements after it; queries
    /// resolve names with a new connection's default (`public`, unless `ALTER DATABASE|ROLE ...
    /// SET search_path` says otherwise), as the app's connections do. `postgresVersion` is the
    /// project's target version (views calling a built-in function it lacks are errors).
    /// `analysis` types views' defining queries and finds what views, rules and policies touch (the
    /// analyzer's `ViewQueryAnalyzer`).
    static func build(from files: [ParsedFile], postgresVersion: Int? = nil, analysis: any DefinitionAnalysis,
                      diagnostics: inout DiagnosticCollector) -> Catalog {
        var catalog = Catalog()
        catalog.postgresVersion = postgresVersion
        for file in files {
            for parsed in file.statements {
                apply(parsed.statement, source: file.source, to: &catalog, analysis: analysis, diagnostics: &diagnostics)
            }
        }
        catalog.setSearchPath(catalog.defaultSearchPath)
        return catalog
    }

    /// Extensions every new database has (from template1): `CREATE EXTENSION plpgsql;` meets it.
    static let preinstalledExtensions: Set<String> = ["plpgsql"]

    static func apply(_ statement: Statement, source: SourceFile, to catalog: inout Catalog, analysis: any DefinitionAnalysis,
                      diagnostics: inout DiagnosticCollector) {
        var context = Context(source: source, analysis: analysis, catalog: catalog, diagnostics: diagnostics)
        context.apply(statement)
        catalog = context.catalog
        diagnostics = context.diagnostics
    }

    struct Context {
        let source: SourceFile
        let analysis: any DefinitionAnalysis
        var catalog: Catalog
        var diagnostics: DiagnosticCollector

        mutating func error(_ message: String, at location: SourceLocation) {
            diagnostics.error(message, in: source, at: location)
        }

        /// CREATE SCHEMA or CREATE EXTENSION of one that exists (`CREATE SCHEMA public;` of a
        /// `pg_dump`, `CREATE EXTENSION plpgsql;`): PostgreSQL's error, but psql restoring the
        /// file prints it and goes on with the object as it was, so the schema the queries see is
        /// the same either way: a warning, not a failed build.
        mutating func alreadyExists(_ object: String, at location: SourceLocation) {
            diagnostics.warning("\(object) already exists: PostgreSQL reports this as an error, which psql restoring the file "
                                + "prints and goes on from (a migration run in one transaction stops there)", in: source, at: location)
        }

        /// Schema and name of a relation/type name; reports an unknown schema.
        mutating func split(_ name: QualifiedName) -> (schema: String, name: String)? {
            guard let last = name.name else { return nil }
            let parts = name.qualifier
            if parts.count > 1 {
                error("improper qualified name (too many dotted names): \(name.parts.map(\.name).joined(separator: "."))", at: name.location)
                return nil
            }
            guard let schema = parts.first?.name ?? catalog.creationSchema else {
                error("no schema has been selected to create in", at: name.location)
                return nil
            }
            guard requireSchema(schema, at: name.location) else { return nil }
            return (schema, last.name)
        }

        mutating func apply(_ statement: Statement) {
            switch statement {
            case .createSchema(let name, let ifNotExists):
                if catalog.schemas.contains(name.name) {
                    if !ifNotExists { alreadyExists("schema \"\(name.name)\"", at: name.location) }
                } else {
                    catalog.addSchema(name.name)
                }
            case .createEnum(let create):
                guard let (schema, name) = split(create.name) else { return }
                if catalog.enums[Catalog.key(schema: schema, name: name)] != nil {
                    error("type \"\(name)\" already exists", at: create.name.location)
                    return
                }
                var seen: Set<String> = []
                for label in create.labels where !seen.insert(label).inserted {
                    error("enum label \"\(label)\" used more than once", at: create.location)
                }
                catalog.setEnum(CatalogEnum(schema: schema, name: name, labels: create.labels,
                                            declaredAt: DeclarationSite(source, create.name.location)))
            case .createTable(let create):
                createTable(create)
            case .createTableAs(let create):
                createTableAs(create)
            case .createView(let create):
                createView(create)
            case .createFunction(let create):
                createFunction(create)
            case .createTrigger(let create):
                createTrigger(create)
            case .createPolicy(let create):
                createPolicy(create)
            case .createRule(let create):
                createRule(create)
            case .alterDomain(let alter):
                alterDomain(alter)
            case .alterFunction(let alter):
                alterFunction(alter)
            case .createIndex(let create):
                createIndex(create)
            case .renameIndex(let name, let newName, let ifExists, _):
                renameIndex(name, to: newName, ifExists: ifExists)
            case .setSearchPath(let path, _):
                catalog.setSearchPath(path)
            case .setDefaultSearchPath(let path, _):
                catalog.setDefaultSearchPath(path)
            case .alterTable(let alter):
                alterTable(alter)
            case .alterEnum(let alter):
                alterEnum(alter)
            case .drop(let drop):
                dropObjects(drop)
            case .select, .insert, .update, .delete, .merge, .call:
                // Data in a migration (seed rows) does not change the schema.
                break
            case .ignored(let keyword, _):
                if keyword == "create rule" { catalog.changeTableEffects { $0.markUnresolvedRule() } }
                if keyword == "create cast" { catalog.userTypes.hasCreatedCasts = true }
            case .defineType(let definition):
                if case .createExtension(let ifNotExists) = definition.kind, let name = definition.name.name?.name,
                   catalog.userTypes.extensions.contains(name) || CatalogBuilder.preinstalledExtensions.contains(name) {
                    if !ifNotExists { alreadyExists("extension \"\(name)\"", at: definition.name.location) }
                    catalog.userTypes.extensions.insert(name)
                    return
                }
                for (message, location) in CatalogBuilder.define(definition, in: &catalog, declaredIn: source) { error(message, at: location) }
            }
        }

        mutating func resolveType(_ name: TypeName) -> TypeResolver.Resolution? {
            if let resolved = TypeResolver.resolve(name, in: catalog) { return resolved }
            let written = (name.schema.map { $0 + "." } ?? "") + name.name
            error("type \"\(written)\" does not exist", at: name.location)
            return nil
        }

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
                    if case .identity = constraint { column.hasDefault = true }
                case .primaryKey:
                    column.isNotNull = true
                    column.isNotNullByDomainOnly = false
                    isPrimaryKey = true
                case .unique:
                    isUnique = true
                case .defaultValue, .generated:
                    column.hasDefault = true
                case .null, .check, .references:
                    break
                }
            }
            return (column, isPrimaryKey, isUnique)
        }

        /// Schema and name for a new relation: `pg_temp` for a temporary one.
        mutating func splitForCreate(_ name: QualifiedName, temporary: Bool) -> (schema: String, name: String)? {
            if temporary, name.qualifier.isEmpty, let last = name.name { return ("pg_temp", last.name) }
            return split(name)
        }

        /// Whether `schema` exists, reporting PostgreSQL's "schema does not exist" at `location` when not.
        mutating func requireSchema(_ schema: String, at location: SourceLocation) -> Bool {
            if catalog.schemas.contains(schema) { return true }
            error("schema \"\(schema)\" does not exist", at: location)
            return false
        }

        /// The relation a statement names (LIKE, INHERITS, PARTITION OF, ALTER TABLE, CREATE INDEX),
        /// reporting PostgreSQL's error when it or its schema is missing; with `ifExists`, a missing
        /// relation (not a missing schema) is silently nil, as `ALTER TABLE IF EXISTS` is.
        mutating func requireRelation(_ name: QualifiedName, ifExists: Bool = false) -> CatalogRelation? {
            guard let last = name.name else { return nil }
            let schema = name.qualifier.last?.name
            if let schema, !requireSchema(schema, at: name.location) { return nil }
            if let relation = catalog.relation(last.name, schema: schema) { return relation }
            if !ifExists {
                error("relation \"\(name.parts.map(\.name).joined(separator: "."))\" does not exist"
                      + NameSuggestions.suffix(for: last.name, among: catalog.relationNames), at: name.location)
            }
            return nil
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
                relation.columns = parent.columns
                copyIndexes(of: parent, into: &relation)
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
                for column in parent.columns {
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
                if isPrimaryKey { addKey(columns: [column.name], primary: true, name: definition.primaryKeyName?.name, to: &relation) }
                if isUnique { addKey(columns: [column.name], primary: false, name: definition.uniqueName?.name, to: &relation) }
            }
            for like in likes { copyLike(like, into: &relation) }
            for constraint in create.constraints {
                addConstraint(constraint, to: &relation)
            }
            catalog.setRelation(relation)
            for definition in create.columns { recordForeignKeys(of: definition, in: relation) }
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
                relation.columns.append(copy)
            }
            if like.includesIndexes { copyIndexes(of: source, into: &relation) }
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
            if constraint.usingIndex != nil { return addConstraintUsingIndex(constraint, to: &relation) }
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
                addKey(columns: names, primary: constraint.kind.isPrimaryKey, name: constraint.name?.name, to: &relation)
            case .foreignKey(let columns, let referenced, _, let actions):
                for column in columns where relation.column(named: column.name) == nil {
                    error("column \"\(column.name)\" referenced in foreign key constraint does not exist", at: column.location)
                }
                recordForeignKey(from: relation, to: referenced, actions)
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
}
