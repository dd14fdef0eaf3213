/// Applies schema statements (CREATE/ALTER/DROP ...) in file order to build the catalog,
/// reporting what PostgreSQL would reject (unknown types, duplicate tables, missing columns).
/// Each kind of object has its step (CatalogBuildingStep.swift): tables and views in
/// RelationDefinitions, indexes and keys in IndexDefinitions, ALTER TYPE/DOMAIN in TypeDefinitions,
/// functions in FunctionDefinitions, foreign keys, triggers, policies and rules in
/// TableEffectDefinitions, DROP in ObjectDrops; type definitions are in CatalogBuilder+Types.swift.
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

    /// Applies one schema statement: hands it to the step that owns its kind of object
    /// (RelationDefinitions, IndexDefinitions, TypeDefinitions, FunctionDefinitions,
    /// TableEffectDefinitions, ObjectDrops), each on this state (CatalogBuildingStep).
    struct Context: CatalogBuildingStep {
        let source: SourceFile
        let analysis: any DefinitionAnalysis
        var catalog: Catalog
        var diagnostics: DiagnosticCollector

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
                run(RelationDefinitions.self) { $0.createTable(create) }
            case .createTableAs(let create):
                run(RelationDefinitions.self) { $0.createTableAs(create) }
            case .createView(let create):
                run(RelationDefinitions.self) { $0.createView(create) }
            case .createFunction(let create):
                run(FunctionDefinitions.self) { $0.createFunction(create) }
            case .createAggregate(let create):
                run(FunctionDefinitions.self) { $0.createAggregate(create) }
            case .createTrigger(let create):
                run(TableEffectDefinitions.self) { $0.createTrigger(create) }
            case .createPolicy(let create):
                run(TableEffectDefinitions.self) { $0.createPolicy(create) }
            case .createRule(let create):
                run(TableEffectDefinitions.self) { $0.createRule(create) }
            case .alterDomain(let alter):
                run(TypeDefinitions.self) { $0.alterDomain(alter) }
            case .alterFunction(let alter):
                run(FunctionDefinitions.self) { $0.alterFunction(alter) }
            case .createIndex(let create):
                run(IndexDefinitions.self) { $0.createIndex(create) }
            case .renameIndex(let name, let newName, let ifExists, _):
                run(IndexDefinitions.self) { $0.renameIndex(name, to: newName, ifExists: ifExists) }
            case .setSearchPath(let path, _):
                catalog.setSearchPath(path)
            case .setDefaultSearchPath(let path, _):
                catalog.setDefaultSearchPath(path)
            case .alterTable(let alter):
                run(RelationDefinitions.self) { $0.alterTable(alter) }
            case .alterEnum(let alter):
                run(TypeDefinitions.self) { $0.alterEnum(alter) }
            case .drop(let drop):
                run(ObjectDrops.self) { $0.dropObjects(drop) }
            case .cast(let cast):
                run(CastDefinitions.self) { $0.apply(cast) }
            case .operators(let statements):
                for statement in statements { run(OperatorDefinitions.self) { $0.apply(statement) } }
            case .select, .insert, .update, .delete, .merge, .call:
                // Data in a migration (seed rows) does not change the schema.
                break
            case .ignored(let keyword, _):
                if keyword == "create rule" { catalog.changeTableEffects { $0.markUnresolvedRule() } }
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

    }
}
