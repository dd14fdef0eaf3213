/// Applies schema statements (CREATE/ALTER/DROP ...) in file order to build the catalog,
/// reporting what PostgreSQL would reject (unknown types, duplicate tables, missing columns).
enum CatalogBuilder {
    static func build(from files: [ParsedFile], diagnostics: inout DiagnosticCollector) -> Catalog {
        var catalog = Catalog()
        for file in files {
            for parsed in file.statements {
                apply(parsed.statement, source: file.source, to: &catalog, diagnostics: &diagnostics)
            }
        }
        return catalog
    }

    static func apply(_ statement: Statement, source: SourceFile, to catalog: inout Catalog, diagnostics: inout DiagnosticCollector) {
        var context = Context(source: source, catalog: catalog, diagnostics: diagnostics)
        context.apply(statement)
        catalog = context.catalog
        diagnostics = context.diagnostics
    }

    private struct Context {
        let source: SourceFile
        var catalog: Catalog
        var diagnostics: DiagnosticCollector

        mutating func error(_ message: String, at location: SourceLocation) {
            diagnostics.error(message, in: source, at: location)
        }

        /// Schema and name of a relation/type name; reports an unknown schema.
        mutating func split(_ name: QualifiedName) -> (schema: String, name: String)? {
            guard let last = name.name else { return nil }
            let parts = name.qualifier
            if parts.count > 1 {
                error("improper qualified name (too many dotted names): \(name.parts.map(\.name).joined(separator: "."))", at: name.location)
                return nil
            }
            let schema = parts.first?.name ?? catalog.searchPath[0]
            if !catalog.schemas.contains(schema) {
                error("schema \"\(schema)\" does not exist", at: name.location)
                return nil
            }
            return (schema, last.name)
        }

        mutating func apply(_ statement: Statement) {
            switch statement {
            case .createSchema(let name, let ifNotExists):
                if catalog.schemas.contains(name.name) {
                    if !ifNotExists { error("schema \"\(name.name)\" already exists", at: name.location) }
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
                catalog.setEnum(CatalogEnum(schema: schema, name: name, labels: create.labels))
            case .createTable(let create):
                createTable(create)
            case .createView(let create):
                createView(create)
            case .alterTable(let alter):
                alterTable(alter)
            case .alterEnum(let alter):
                alterEnum(alter)
            case .drop(let drop):
                dropObjects(drop)
            case .select, .insert, .update, .delete:
                // Data in a migration (seed rows) does not change the schema.
                break
            case .ignored:
                break
            case .defineType(let definition):
                for (message, location) in CatalogBuilder.define(definition, in: &catalog) { error(message, at: location) }
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
            var isPrimaryKey = false
            var isUnique = false
            for constraint in definition.constraints {
                switch constraint {
                case .notNull, .identity:
                    column.isNotNull = true
                    if case .identity = constraint { column.hasDefault = true }
                case .primaryKey:
                    column.isNotNull = true
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

        mutating func createTable(_ create: CreateTableStatement) {
            guard let (schema, name) = split(create.name) else { return }
            if catalog.relations[Catalog.key(schema: schema, name: name)] != nil {
                if !create.ifNotExists { error("relation \"\(name)\" already exists", at: create.name.location) }
                return
            }
            var relation = CatalogRelation(schema: schema, name: name, kind: .table, columns: [], uniqueKeys: [],
                                           file: source.path, location: create.location)
            for definition in create.columns {
                if relation.column(named: definition.name.name) != nil {
                    error("column \"\(definition.name.name)\" specified more than once", at: definition.name.location)
                    continue
                }
                guard let (column, isPrimaryKey, isUnique) = column(from: definition) else { continue }
                relation.columns.append(column)
                if isPrimaryKey { relation.uniqueKeys.insert([column.name], at: 0) }
                if isUnique { relation.uniqueKeys.append([column.name]) }
            }
            for constraint in create.constraints {
                addConstraint(constraint, to: &relation)
            }
            catalog.setRelation(relation)
        }

        mutating func addConstraint(_ constraint: TableConstraint, to relation: inout CatalogRelation) {
            switch constraint.kind {
            case .primaryKey(let columns), .unique(let columns):
                var names: [String] = []
                for column in columns {
                    guard let index = relation.columnIndex(named: column.name) else {
                        error("column \"\(column.name)\" named in key does not exist", at: column.location)
                        return
                    }
                    if case .primaryKey = constraint.kind { relation.columns[index].isNotNull = true }
                    names.append(column.name)
                }
                relation.uniqueKeys.append(names)
            case .foreignKey(let columns, _, _):
                for column in columns where relation.column(named: column.name) == nil {
                    error("column \"\(column.name)\" referenced in foreign key constraint does not exist", at: column.location)
                }
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
            var analyzer = StatementAnalyzer(catalog: catalog, source: source)
            let output = analyzer.analyzeViewQuery(create.query)
            diagnostics.append(contentsOf: analyzer.diagnostics.diagnostics)
            guard let output else { return }
            if !create.columns.isEmpty, create.columns.count > output.count {
                error("CREATE VIEW specifies more column names than columns", at: create.location)
                return
            }
            var columns: [CatalogColumn] = []
            for (index, value) in output.enumerated() {
                let columnName = index < create.columns.count ? create.columns[index].name : (value.name ?? "?column?")
                columns.append(CatalogColumn(name: columnName, type: value.type, isNotNull: !value.nullable,
                                             elementNullable: value.elementNullable))
            }
            catalog.setRelation(CatalogRelation(schema: schema, name: name, kind: .view, columns: columns, uniqueKeys: [],
                                                file: source.path, location: create.location))
        }

        mutating func alterTable(_ alter: AlterTableStatement) {
            guard let (schema, name) = split(alter.name) else { return }
            guard var relation = catalog.relations[Catalog.key(schema: schema, name: name)], relation.kind == .table else {
                if !alter.ifExists { error("relation \"\(name)\" does not exist", at: alter.name.location) }
                return
            }
            for action in alter.actions {
                alterTableAction(action, relation: &relation)
            }
            if relation.name != name { catalog.removeRelation(schema: schema, name: name) }
            catalog.setRelation(relation)
        }

        mutating func requireColumn(_ column: Identifier, in relation: CatalogRelation) -> Int? {
            if let index = relation.columnIndex(named: column.name) { return index }
            error("column \"\(column.name)\" of relation \"\(relation.name)\" does not exist", at: column.location)
            return nil
        }

        mutating func alterTableAction(_ action: AlterTableAction, relation: inout CatalogRelation) {
            switch action {
            case .addColumn(let definition, let ifNotExists):
                if relation.column(named: definition.name.name) != nil {
                    if !ifNotExists {
                        error("column \"\(definition.name.name)\" of relation \"\(relation.name)\" already exists", at: definition.name.location)
                    }
                    return
                }
                guard let (column, isPrimaryKey, isUnique) = column(from: definition) else { return }
                relation.columns.append(column)
                if isPrimaryKey || isUnique { relation.uniqueKeys.append([column.name]) }
            case .dropColumn(let column, let ifExists):
                guard let index = relation.columnIndex(named: column.name) else {
                    if !ifExists { _ = requireColumn(column, in: relation) }
                    return
                }
                relation.columns.remove(at: index)
                relation.uniqueKeys.removeAll { $0.contains(column.name) }
            case .renameColumn(let from, let to):
                guard let index = requireColumn(from, in: relation) else { return }
                if relation.column(named: to.name) != nil {
                    error("column \"\(to.name)\" of relation \"\(relation.name)\" already exists", at: to.location)
                    return
                }
                relation.columns[index].name = to.name
                relation.uniqueKeys = relation.uniqueKeys.map { $0.map { $0 == from.name ? to.name : $0 } }
            case .renameTable(let to):
                relation.name = to.name
            case .alterColumnType(let column, let typeName):
                guard let index = requireColumn(column, in: relation), let resolution = resolveType(typeName) else { return }
                relation.columns[index].type = resolution.type
            case .setNotNull(let column):
                guard let index = requireColumn(column, in: relation) else { return }
                relation.columns[index].isNotNull = true
            case .dropNotNull(let column):
                guard let index = requireColumn(column, in: relation) else { return }
                if relation.uniqueKeys.first == [column.name] || relation.columns[index].isNotNull {
                    relation.columns[index].isNotNull = false
                }
            case .setDefault(let column, _):
                guard let index = requireColumn(column, in: relation) else { return }
                relation.columns[index].hasDefault = true
            case .dropDefault(let column):
                guard let index = requireColumn(column, in: relation) else { return }
                relation.columns[index].hasDefault = false
            case .addConstraint(let constraint):
                addConstraint(constraint, to: &relation)
            case .dropConstraint, .ignored:
                break
            }
        }

        mutating func alterEnum(_ alter: AlterEnumStatement) {
            guard let (schema, name) = split(alter.name) else { return }
            guard var value = catalog.enums[Catalog.key(schema: schema, name: name)] else {
                error("type \"\(name)\" does not exist", at: alter.name.location)
                return
            }
            switch alter.action {
            case .addValue(let label, let before, let after):
                if value.labels.contains(label) { return }
                if let before, let index = value.labels.firstIndex(of: before) {
                    value.labels.insert(label, at: index)
                } else if let after, let index = value.labels.firstIndex(of: after) {
                    value.labels.insert(label, at: index + 1)
                } else {
                    value.labels.append(label)
                }
            case .renameValue(let from, let to):
                guard let index = value.labels.firstIndex(of: from) else {
                    error("\"\(from)\" is not an existing enum label", at: alter.location)
                    return
                }
                value.labels[index] = to
            case .ignored:
                break
            }
            catalog.setEnum(value)
        }

        mutating func dropObjects(_ drop: DropStatement) {
            for name in drop.names {
                if drop.kind == .schema {
                    guard let schema = name.name?.name else { continue }
                    if catalog.schemas.contains(schema) {
                        catalog.removeSchema(schema)
                    } else if !drop.ifExists {
                        error("schema \"\(schema)\" does not exist", at: name.location)
                    }
                    continue
                }
                guard let (schema, object) = split(name) else { continue }
                let key = Catalog.key(schema: schema, name: object)
                switch drop.kind {
                case .type:
                    if catalog.enums[key] != nil {
                        catalog.removeEnum(schema: schema, name: object)
                    } else if !drop.ifExists {
                        error("type \"\(object)\" does not exist", at: name.location)
                    }
                case .table, .view, .materializedView:
                    let expected: CatalogRelation.Kind = drop.kind == .table ? .table : .view
                    if let relation = catalog.relations[key], relation.kind == expected {
                        catalog.removeRelation(schema: schema, name: object)
                    } else if !drop.ifExists {
                        let noun = drop.kind == .table ? "table" : "view"
                        error("\(noun) \"\(object)\" does not exist", at: name.location)
                    }
                case .schema:
                    break
                }
            }
        }
    }
}
