// DROP of tables, views, materialized views, types, domains, schemas and functions, with
// PostgreSQL's messages; other object kinds (indexes, sequences, triggers, policies, extensions
// ...) change no type tracked here and are accepted.

/// The catalog builder's step for DROP.
struct ObjectDrops: CatalogBuildingStep {
    let source: SourceFile
    let analysis: any DefinitionAnalysis
    var catalog: Catalog
    var diagnostics: DiagnosticCollector
}

extension ObjectDrops {
    mutating func dropObjects(_ drop: DropStatement) {
        for (position, name) in drop.names.enumerated() {
            switch drop.kind {
            case .schema:
                guard let schema = name.name?.name else { continue }
                if !catalog.schemas.contains(schema) {
                    if !drop.ifExists { error("schema \"\(schema)\" does not exist", at: name.location) }
                } else if !drop.cascade, catalog.schemaHasObjects(schema) {
                    error("cannot drop schema \(schema) because other objects depend on it", at: name.location)
                } else {
                    catalog.removeSchema(schema)
                }
            case .function, .procedure:
                let reference = position < drop.functions.count ? drop.functions[position] : FunctionSignatureReference(name: name, argumentTypes: nil)
                dropFunction(reference, kind: drop.kind, ifExists: drop.ifExists)
            case .type, .domain:
                guard let last = name.name else { continue }
                let schemaName = name.qualifier.last?.name
                // DROP TYPE ... CASCADE drops the type's casts: a type created later under the name has none.
                let typeName = TypeName(schema: schemaName, name: last.name, modifiers: [], arrayDimensions: 0, location: name.location)
                let dropped = catalog.userTypes.casts.isEmpty ? nil : TypeResolver.resolve(typeName, in: catalog)?.type
                defer {
                    if let dropped, TypeResolver.resolve(typeName, in: catalog)?.type != dropped {
                        catalog.userTypes.casts = catalog.userTypes.casts.removing(dropped)
                    }
                }
                if drop.kind == .type, let value = catalog.enumType(last.name, schema: schemaName) {
                    catalog.removeEnum(schema: value.schema, name: value.name)
                } else if let domain = catalog.domain(last.name, schema: schemaName) {
                    if drop.kind == .type {
                        error("\"\(last.name)\" is a domain", at: name.location)
                    } else {
                        catalog.userTypes.domains[Catalog.key(schema: domain.schema, name: domain.name)] = nil
                    }
                } else if drop.kind == .type, let composite = catalog.composite(last.name, schema: schemaName) {
                    catalog.userTypes.composites[Catalog.key(schema: composite.schema, name: composite.name)] = nil
                } else if drop.kind == .type, let range = catalog.rangeType(last.name, schema: schemaName) {
                    CatalogBuilder.removeRange(range, from: &catalog)
                } else if !drop.ifExists, drop.kind == .domain || resolvesAsType(name) == false {
                    error("type \"\(last.name)\" does not exist", at: name.location)
                }
            case .table, .view, .materializedView:
                guard let last = name.name else { continue }
                let expected: CatalogRelation.Kind = drop.kind == .table ? .table : drop.kind == .view ? .view : .materializedView
                let schemaName = name.qualifier.last?.name
                if let relation = catalog.relation(last.name, schema: schemaName) {
                    if relation.kind == expected {
                        catalog.removeRelation(schema: relation.schema, name: relation.name)
                        catalog.changeTableEffects { $0.removeRelation(Catalog.key(schema: relation.schema, name: relation.name)) }
                    } else {
                        let noun = drop.kind == .table ? "a table" : drop.kind == .view ? "a view" : "a materialized view"
                        error("\"\(relation.name)\" is not \(noun)", at: name.location)
                    }
                } else if !drop.ifExists {
                    error("\(drop.kind.rawValue) \"\(last.name)\" does not exist"
                          + NameSuggestions.suffix(for: last.name, among: catalog.relationNames), at: name.location)
                }
            case .index:
                run(IndexDefinitions.self) { $0.dropIndex(name) }
            case .untracked:
                // Not modelled by this catalog: accepted.
                break
            }
        }
    }

    /// Whether a non-enum type name is known (a builtin, an extension type).
    private func resolvesAsType(_ name: QualifiedName) -> Bool {
        guard let last = name.name else { return false }
        return TypeResolver.resolve(TypeName(schema: name.qualifier.last?.name, name: last.name, modifiers: [], arrayDimensions: 0,
                                             location: name.location), in: catalog) != nil
    }

    private mutating func dropFunction(_ reference: FunctionSignatureReference, kind: DropObjectKind, ifExists: Bool) {
        let routineKind: AlterFunctionStatement.Kind = kind == .procedure ? .procedure : .function
        guard let function = run(FunctionDefinitions.self, { $0.findFunction(reference, kind: routineKind, ifExists: ifExists) }) else { return }
        catalog.removeFunctions(schema: function.schema, name: function.name, signature: function.signature)
    }
}
