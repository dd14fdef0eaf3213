// ALTER TYPE on enums (labels, renames, SET SCHEMA), domains, composite and range types (renames, SET SCHEMA, a composite's attributes)
// and ALTER DOMAIN (NOT NULL, renames, SET SCHEMA), with PostgreSQL's messages. Columns, fields
// and function signatures of a renamed type follow it.

/// The catalog builder's step for ALTER TYPE and ALTER DOMAIN.
struct TypeDefinitions: CatalogBuildingStep {
    let source: SourceFile
    let analysis: any DefinitionAnalysis
    var catalog: Catalog
    var diagnostics: DiagnosticCollector
}

extension TypeDefinitions {
    /// A user type other than an enum, found by name.
    enum OtherType {
        case domain(CatalogDomain)
        case composite(CatalogComposite)
        case range(CatalogRangeType)

        var schema: String {
            switch self {
            case .domain(let value): value.schema
            case .composite(let value): value.schema
            case .range(let value): value.schema
            }
        }

        var name: String {
            switch self {
            case .domain(let value): value.name
            case .composite(let value): value.name
            case .range(let value): value.name
            }
        }
    }

    func otherType(_ name: String, schema: String?) -> OtherType? {
        if let domain = catalog.domain(name, schema: schema) { return .domain(domain) }
        if let composite = catalog.composite(name, schema: schema) { return .composite(composite) }
        if let range = catalog.rangeType(name, schema: schema) { return .range(range) }
        return nil
    }

    /// Whether `schema` has a type named `name` (an enum, domain, composite, range, or a relation's row type).
    func isTypeNameTaken(schema: String, name: String) -> Bool {
        let key = Catalog.key(schema: schema, name: name)
        return catalog.enums[key] != nil || catalog.userTypes.domains[key] != nil || catalog.userTypes.composites[key] != nil
            || catalog.userTypes.ranges[key] != nil || catalog.relations[key] != nil
    }

    /// Whether `ALTER TYPE name RENAME TO newName` may go ahead: no type or relation of that name in
    /// the type's schema (PostgreSQL's error otherwise, reported).
    mutating func checkTypeMove(name: String, from schema: String, rename newName: Identifier) -> Bool {
        guard isTypeNameTaken(schema: schema, name: newName.name) else { return true }
        error("type \"\(newName.name)\" already exists", at: newName.location)
        return false
    }

    /// Whether `ALTER TYPE name SET SCHEMA target` may go ahead: the schema exists and has no type or
    /// relation of that name (PostgreSQL's errors otherwise, reported). Enums, domains, composite and
    /// range types share it.
    mutating func checkTypeMove(name: String, from schema: String, toSchema target: Identifier) -> Bool {
        guard requireSchema(target.name, at: target.location) else { return false }
        guard isTypeNameTaken(schema: target.name, name: name) else { return true }
        error("type \"\(name)\" already exists in schema \"\(target.name)\"", at: target.location)
        return false
    }

    /// ALTER TYPE on something that is not an enum.
    mutating func alterOtherType(_ alter: AlterEnumStatement) {
        guard let last = alter.name.name else { return }
        let schemaName = alter.name.qualifier.last?.name
        guard let type = otherType(last.name, schema: schemaName) else {
            if case .ignored = alter.action, TypeResolver.resolve(TypeName(schema: schemaName, name: last.name, modifiers: [],
                                                                            arrayDimensions: 0, location: alter.name.location), in: catalog) != nil {
                // OWNER TO ... of a built-in or extension type: nothing to check.
                return
            }
            if case .attributes = alter.action {
                error("relation \"\(last.name)\" does not exist", at: alter.name.location)
                return
            }
            error("type \"\(last.name)\" does not exist" + NameSuggestions.suffix(for: last.name, among: catalog.enumNames),
                  at: alter.name.location)
            return
        }
        switch alter.action {
        case .addValue, .renameValue:
            error("\(catalog.formatName(schema: type.schema, name: type.name)) is not an enum", at: alter.name.location)
        case .renameTo(let newName):
            if checkTypeMove(name: type.name, from: type.schema, rename: newName) {
                moveOtherType(type, toSchema: type.schema, toName: newName.name)
            }
        case .setSchema(let schema):
            if checkTypeMove(name: type.name, from: type.schema, toSchema: schema) {
                moveOtherType(type, toSchema: schema.name, toName: type.name)
            }
        case .attributes(let changes):
            guard case .composite(var composite) = type else {
                error("relation \"\(last.name)\" does not exist", at: alter.name.location)
                return
            }
            for change in changes {
                guard alterAttribute(change, of: &composite) else { return }
            }
            catalog.userTypes.composites[Catalog.key(schema: composite.schema, name: composite.name)] = composite
        case .ignored:
            break
        }
    }

    /// Applies one attribute change; false when PostgreSQL would reject the statement (reported).
    private mutating func alterAttribute(_ change: CompositeAttributeAction, of composite: inout CatalogComposite) -> Bool {
        func position(_ name: String) -> Int? { composite.fields.firstIndex { $0.name == name } }
        let typeName = composite.name
        func missing(_ name: Identifier) -> String { "column \"\(name.name)\" of relation \"\(typeName)\" does not exist" }
        switch change {
        case .add(let name, let typeName):
            if position(name.name) != nil {
                error("column \"\(name.name)\" of relation \"\(composite.name)\" already exists", at: name.location)
                return false
            }
            guard let resolution = resolveType(typeName) else { return false }
            composite.fields.append(CatalogColumn(name: name.name, type: resolution.type, isNotNull: false))
        case .drop(let name, let ifExists):
            guard let index = position(name.name) else {
                if ifExists { return true }
                error(missing(name), at: name.location)
                return false
            }
            composite.fields.remove(at: index)
        case .alterType(let name, let typeName):
            guard let index = position(name.name) else {
                error(missing(name), at: name.location)
                return false
            }
            let compositeName = catalog.formatName(schema: composite.schema, name: composite.name)
            let tables = catalog.relations.values.filter { $0.kind == .table }.sorted { ($0.schema, $0.name) < ($1.schema, $1.name) }
            for table in tables {
                if let column = table.columns.first(where: { $0.type == .named(compositeName) || $0.type == .array(.named(compositeName)) }) {
                    error("cannot alter type \"\(composite.name)\" because column \"\(table.name).\(column.name)\" uses it", at: name.location)
                    return false
                }
            }
            guard let resolution = resolveType(typeName) else { return false }
            composite.fields[index].type = resolution.type
        case .rename(let from, let to):
            guard let index = position(from.name) else {
                error("column \"\(from.name)\" does not exist", at: from.location)
                return false
            }
            if position(to.name) != nil {
                error("column \"\(to.name)\" of relation \"\(composite.name)\" already exists", at: to.location)
                return false
            }
            composite.fields[index].name = to.name
        }
        return true
    }

    /// Renames or moves a domain, composite or range type; references to it follow.
    private mutating func moveOtherType(_ type: OtherType, toSchema: String, toName: String) {
        let oldName = catalog.formatName(schema: type.schema, name: type.name)
        let oldKey = Catalog.key(schema: type.schema, name: type.name)
        let newKey = Catalog.key(schema: toSchema, name: toName)
        switch type {
        case .domain(let domain):
            catalog.userTypes.domains[oldKey] = nil
            catalog.userTypes.domains[newKey] = CatalogDomain(schema: toSchema, name: toName, base: domain.base, isNotNull: domain.isNotNull)
        case .composite(let composite):
            catalog.userTypes.composites[oldKey] = nil
            catalog.userTypes.composites[newKey] = CatalogComposite(schema: toSchema, name: toName, fields: composite.fields)
        case .range(let range):
            catalog.userTypes.ranges[oldKey] = nil
            catalog.userTypes.ranges[newKey] = CatalogRangeType(schema: toSchema, name: toName, multirangeName: range.multirangeName,
                                                                subtype: range.subtype)
        }
        let newName = catalog.formatName(schema: toSchema, name: toName)
        if newName != oldName { catalog.renameTypeReferences([oldName: newName]) }
    }

    mutating func alterDomain(_ alter: AlterDomainStatement) {
        guard let last = alter.name.name else { return }
        let schemaName = alter.name.qualifier.last?.name
        guard case .domain(var domain)? = otherType(last.name, schema: schemaName) else {
            if let other = otherType(last.name, schema: schemaName) {
                error("\(catalog.formatName(schema: other.schema, name: other.name)) is not a domain", at: alter.name.location)
            } else if let value = catalog.enumType(last.name, schema: schemaName) {
                error("\(catalog.formatName(ofEnum: value)) is not a domain", at: alter.name.location)
            } else {
                error("type \"\(last.name)\" does not exist", at: alter.name.location)
            }
            return
        }
        switch alter.action {
        case .setNotNull, .dropNotNull:
            let isNotNull = alter.action == .setNotNull
            domain.isNotNull = isNotNull
            catalog.userTypes.domains[Catalog.key(schema: domain.schema, name: domain.name)] = domain
            setNullability(ofColumnsOf: catalog.formatName(schema: domain.schema, name: domain.name), notNull: isNotNull)
        case .renameTo(let newName):
            alterOtherType(AlterEnumStatement(name: alter.name, action: .renameTo(newName), location: alter.location))
        case .setSchema(let schema):
            alterOtherType(AlterEnumStatement(name: alter.name, action: .setSchema(schema), location: alter.location))
        case .other:
            break
        }
    }

    /// Table columns of domain `domainName`: NOT NULL with the domain's SET NOT NULL; nullable again
    /// after DROP NOT NULL unless the column has a NOT NULL of its own.
    private mutating func setNullability(ofColumnsOf domainName: String, notNull: Bool) {
        for relation in catalog.relations.values where relation.kind == .table {
            var changed = relation
            for index in changed.columns.indices {
                guard case .domain(let name, _) = changed.columns[index].type, name == domainName else { continue }
                if notNull, !changed.columns[index].isNotNull {
                    changed.columns[index].isNotNull = true
                    changed.columns[index].isNotNullByDomainOnly = true
                } else if !notNull, changed.columns[index].isNotNullByDomainOnly {
                    changed.columns[index].isNotNull = false
                    changed.columns[index].isNotNullByDomainOnly = false
                }
            }
            if changed != relation { catalog.setRelation(changed) }
        }
    }
    mutating func alterEnum(_ alter: AlterEnumStatement) {
        guard let last = alter.name.name else { return }
        let schemaName = alter.name.qualifier.last?.name
        guard var value = catalog.enumType(last.name, schema: schemaName) else {
            // Domains, composite and range types.
            alterOtherType(alter)
            return
        }
        switch alter.action {
        case .addValue(let label, let before, let after, let ifNotExists):
            if value.labels.contains(label) {
                if !ifNotExists { error("enum label \"\(label)\" already exists", at: alter.location) }
                return
            }
            if let neighbor = before ?? after {
                guard let index = value.labels.firstIndex(of: neighbor) else {
                    error("\"\(neighbor)\" is not an existing enum label" + NameSuggestions.suffix(for: neighbor, among: value.labels),
                          at: alter.location)
                    return
                }
                value.labels.insert(label, at: before != nil ? index : index + 1)
            } else {
                value.labels.append(label)
            }
        case .renameValue(let from, let to):
            guard let index = value.labels.firstIndex(of: from) else {
                error("\"\(from)\" is not an existing enum label" + NameSuggestions.suffix(for: from, among: value.labels),
                      at: alter.location)
                return
            }
            if value.labels.contains(to) {
                error("enum label \"\(to)\" already exists", at: alter.location)
                return
            }
            value.labels[index] = to
        case .renameTo(let newName):
            if checkTypeMove(name: value.name, from: value.schema, rename: newName) {
                catalog.moveEnum(schema: value.schema, name: value.name, toSchema: value.schema, toName: newName.name)
            }
            return
        case .setSchema(let schema):
            if checkTypeMove(name: value.name, from: value.schema, toSchema: schema) {
                catalog.moveEnum(schema: value.schema, name: value.name, toSchema: schema.name, toName: value.name)
            }
            return
        case .attributes:
            error("relation \"\(value.name)\" does not exist", at: alter.name.location)
            return
        case .ignored:
            return
        }
        catalog.setEnum(value)
    }
}
