// What the schema adds to the tables a statement touches (TableEffectsCatalog.swift): foreign keys
// with their actions, triggers with the function they run, policies and rules. Never an error:
// PostgreSQL has accepted the schema, and these only widen what a write invalidates.

/// The catalog builder's step for foreign keys, triggers, policies and rules: what widens a statement's table effects.
struct TableEffectDefinitions: CatalogBuildingStep {
    let source: SourceFile
    let analysis: any DefinitionAnalysis
    var catalog: Catalog
    var diagnostics: DiagnosticCollector
}

extension TableEffectDefinitions {
    /// Column-level `REFERENCES t [ON DELETE ...]` of `definition`, a column of `relation`.
    mutating func recordForeignKeys(of definition: ColumnDefinition, in relation: CatalogRelation) {
        for case .references(let referenced, _, let actions) in definition.constraints {
            recordForeignKey(from: relation, to: referenced, actions)
        }
    }

    /// A foreign key of `relation` referencing `referenced` (possibly `relation` itself, not yet in
    /// the catalog while CREATE TABLE runs).
    mutating func recordForeignKey(from relation: CatalogRelation, to referenced: QualifiedName, _ actions: ReferentialActions) {
        guard let name = referenced.name?.name else { return }
        let schema = referenced.qualifier.last?.name
        let referencingKey = Catalog.key(schema: relation.schema, name: relation.name)
        let referencedKey: String
        if let found = catalog.relation(name, schema: schema) {
            referencedKey = Catalog.key(schema: found.schema, name: found.name)
        } else if name == relation.name, schema == nil || schema == relation.schema {
            referencedKey = referencingKey
        } else {
            return
        }
        catalog.changeTableEffects { $0.addForeignKey(TableEffectsCatalog.ForeignKey(
            referencing: referencingKey, referenced: referencedKey, actions: actions)) }
    }

    /// `CREATE TRIGGER`: the table's changes of its events run its function. A trigger whose table
    /// is unknown makes every write's effects unknown; a function that is not a user function is a
    /// built-in trigger function (`tsvector_update_trigger`), which changes only the row itself.
    mutating func createTrigger(_ create: CreateTriggerStatement) {
        guard let tableName = create.table.name?.name,
              let table = catalog.relation(tableName, schema: create.table.qualifier.last?.name) else {
            catalog.changeTableEffects { $0.markUnresolvedTrigger() }
            return
        }
        var function: String?
        if let functionName = create.function.name?.name {
            let schema = create.function.qualifier.last?.name
            if let found = catalog.userFunctions(functionName, schema: schema).first {
                function = Catalog.key(schema: found.schema, name: found.name)
            } else if let key = catalog.tableEffects.functionBodyKey(functionName, schema: schema, searchPath: catalog.searchPath) {
                function = key
            }
        }
        catalog.changeTableEffects { $0.addTrigger(TableEffectsCatalog.Trigger(
            name: create.name.name, table: Catalog.key(schema: table.schema, name: table.name), events: create.events, function: function,
            isInsteadOf: create.isInsteadOf)) }
    }
}

extension TableEffectDefinitions {
    /// `CREATE POLICY ... ON table`: reading the table (for a role the policy applies to) also reads
    /// what its conditions read.
    mutating func createPolicy(_ create: CreatePolicyStatement) {
        guard let tableName = create.table.name?.name,
              let table = catalog.relation(tableName, schema: create.table.qualifier.last?.name) else { return }
        let key = Catalog.key(schema: table.schema, name: table.name)
        var references = analysis.references(ofTokens: create.tokens, catalog: catalog)
        references.reads.remove(key)
        catalog.changeTableEffects { $0.addPolicyReferences(on: key, references) }
    }
}

extension TableEffectDefinitions {
    /// `CREATE RULE ... ON event TO table DO ...`: a change of the table also does what the actions
    /// do. A rule on a table that is not known makes every write's effects unknown.
    mutating func createRule(_ create: CreateRuleStatement) {
        guard let tableName = create.table.name?.name,
              let table = catalog.relation(tableName, schema: create.table.qualifier.last?.name) else {
            catalog.changeTableEffects { $0.markUnresolvedRule() }
            return
        }
        // ON SELECT rules are views' own: what a view reads is recorded with its definition. A
        // view's INSERT, UPDATE or DELETE rule makes that change of the view possible.
        guard table.kind == .table || (table.kind == .view && create.event != nil) else { return }
        let references = analysis.references(ofTokens: create.tokens, catalog: catalog)
        catalog.changeTableEffects { $0.addRule(TableEffectsCatalog.Rule(
            name: create.name.name, table: Catalog.key(schema: table.schema, name: table.name), event: create.event,
            references: references)) }
    }
}
