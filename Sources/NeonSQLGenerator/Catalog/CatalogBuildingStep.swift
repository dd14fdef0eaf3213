/// The state every step of the catalog builder works on (one schema statement's file, the
/// analyzer the pipeline passed in, the catalog so far, the diagnostics), and what every step
/// needs: PostgreSQL's errors, name splitting, and the lookups that report what is missing.
/// Each kind of object has its own step (RelationDefinitions, IndexDefinitions, TypeDefinitions,
/// FunctionDefinitions, TableEffectDefinitions, ObjectDrops); one hands a statement to another
/// with ``run(_:_:)``, which moves the state rather than copying it.
protocol CatalogBuildingStep {
    init(source: SourceFile, analysis: any DefinitionAnalysis, catalog: Catalog, diagnostics: DiagnosticCollector)
    var source: SourceFile { get }
    var analysis: any DefinitionAnalysis { get }
    var catalog: Catalog { get set }
    var diagnostics: DiagnosticCollector { get set }
}

extension CatalogBuildingStep {
    /// Runs `body` on step `Step` holding this state, moved there and back (the catalog stays
    /// uniquely referenced, so changing it copies nothing).
    mutating func run<Step: CatalogBuildingStep, Result>(_: Step.Type, _ body: (inout Step) -> Result) -> Result {
        var step = Step(source: source, analysis: analysis, catalog: .placeholder, diagnostics: DiagnosticCollector())
        swap(&step.catalog, &catalog)
        swap(&step.diagnostics, &diagnostics)
        defer {
            swap(&step.catalog, &catalog)
            swap(&step.diagnostics, &diagnostics)
        }
        return body(&step)
    }

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

    mutating func resolveType(_ name: TypeName) -> TypeResolver.Resolution? {
        if let resolved = TypeResolver.resolve(name, in: catalog) { return resolved }
        let written = (name.schema.map { $0 + "." } ?? "") + name.name
        error("type \"\(written)\" does not exist", at: name.location)
        return nil
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

    mutating func requireColumn(_ column: Identifier, in relation: CatalogRelation) -> Int? {
        if let index = relation.columnIndex(named: column.name) { return index }
        error("column \"\(column.name)\" of relation \"\(relation.name)\" does not exist"
              + NameSuggestions.suffix(for: column.name, among: relation.columns.map(\.name)), at: column.location)
        return nil
    }
}
