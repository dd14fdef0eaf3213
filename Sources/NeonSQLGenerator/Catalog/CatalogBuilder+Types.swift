/// Applies type definitions (CREATE EXTENSION, DOMAIN, composite and range types) to the catalog.
extension CatalogBuilder {
    /// Applies `definition`, returning what PostgreSQL would reject.
    static func define(_ definition: TypeDefinitionStatement, in catalog: inout Catalog,
                       declaredIn source: SourceFile? = nil) -> [(String, SourceLocation)] {
        var problems: [(String, SourceLocation)] = []
        guard let last = definition.name.name else { return problems }
        if case .createExtension = definition.kind {
            // Extensions the generator does not model (postgis, pg_trgm ...) are accepted: their
            // objects stay unknown. One that exists already is the builder's warning.
            catalog.userTypes.extensions.insert(last.name)
            return problems
        }
        guard let schema = definition.name.qualifier.last?.name ?? catalog.creationSchema else {
            return [("no schema has been selected to create in", definition.name.location)]
        }
        guard catalog.schemas.contains(schema) else {
            return [("schema \"\(schema)\" does not exist", definition.name.location)]
        }
        let key = Catalog.key(schema: schema, name: last.name)
        if catalog.resolvesAsType(last.name, schema: schema) {
            return [("type \"\(last.name)\" already exists", definition.name.location)]
        }
        func resolve(_ name: TypeName) -> SQLType? {
            if let resolution = TypeResolver.resolve(name, in: catalog) { return resolution.type }
            problems.append(("type \"\((name.schema.map { $0 + "." } ?? "") + name.name)\" does not exist", name.location))
            return nil
        }
        switch definition.kind {
        case .createExtension:
            break
        case .domain(let baseName, let notNull):
            guard let base = resolve(baseName) else { return problems }
            catalog.userTypes.domains[key] = CatalogDomain(schema: schema, name: last.name, base: base, isNotNull: notNull,
                                                           declaredAt: source.map { DeclarationSite($0, last.location) })
        case .composite(let fields):
            var columns: [CatalogColumn] = []
            for field in fields {
                guard let type = resolve(field.type) else { continue }
                if columns.contains(where: { $0.name == field.name.name }) {
                    problems.append(("column \"\(field.name.name)\" specified more than once", field.name.location))
                }
                columns.append(CatalogColumn(name: field.name.name, type: type, isNotNull: false))
            }
            catalog.userTypes.composites[key] = CatalogComposite(schema: schema, name: last.name, fields: columns)
        case .range(let subtypeName, let multirangeName):
            guard let subtype = resolve(subtypeName) else { return problems }
            problems += defineRange(schema: schema, name: last.name, subtype: subtype, multirangeName: multirangeName,
                                    at: definition.name.location, in: &catalog)
        }
        return problems
    }
}

extension Catalog {
    /// Whether `type` is a domain declared NOT NULL (its values are never NULL in a column).
    func isNotNullDomain(_ type: SQLType) -> Bool {
        guard case .domain(let name, _) = type else { return false }
        return userTypes.domains.values.contains { formatName(schema: $0.schema, name: $0.name) == name && $0.isNotNull }
    }

    /// The composite type (CREATE TYPE ... AS (...)) or table row type a `.named` type names.
    func compositeFields(of type: SQLType) -> [CatalogColumn]? {
        guard case .named(let name) = type else { return nil }
        if let composite = userTypes.composites.values.first(where: { formatName(schema: $0.schema, name: $0.name) == name }) {
            return composite.fields
        }
        // A relation's row type: its columns, each NULL when the row is (a function's result row).
        if let relation = relations.values.first(where: { formatName(schema: $0.schema, name: $0.name) == name }) {
            return relation.columns.map { column in
                var copy = column
                copy.isNotNull = false
                copy.hasDefault = false
                copy.elementNullable = true
                return copy
            }
        }
        return nil
    }
}
