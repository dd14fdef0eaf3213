/// Expands a statement's direct references into its table effects: reads through views
/// (recursively) and the bodies of called functions; writes plus, transitively, the tables that
/// foreign-key actions (`ON DELETE`/`ON UPDATE` CASCADE, SET NULL, SET DEFAULT) and triggers change,
/// and what the triggers' and called functions' bodies read and change. A partition counts as its
/// partitioned root. A call or trigger whose body cannot be read (another language, dynamic SQL,
/// an unresolved trigger) makes the effects unknown.
///
/// Memoizes function bodies, so one resolver serves every statement of a file.
struct TableEffectsResolver {
    let catalog: Catalog
    /// Each function's own references (its body's, overloads merged), by key.
    private var functionReferences: [String: StatementReferences] = [:]

    /// The catalog's foreign keys, triggers, view definitions and partitions, read once: through
    /// the catalog each use copied the whole ``TableEffectsCatalog`` out of its storage.
    private let effects: TableEffectsCatalog

    init(catalog: Catalog) {
        self.catalog = catalog
        effects = catalog.tableEffects
    }

    /// The table effects of a statement's references.
    mutating func effects(of direct: StatementReferences) -> TableEffectsDescription {
        var closure = direct
        expandCalls(&closure)
        var reads: Set<String> = []
        readThroughViews(closure.reads, into: &reads, closure: &closure)
        expandWrites(&closure, reads: &reads)
        var writes: Set<String> = []
        // A view is written when its own INSTEAD OF trigger or rule does a change (PostgreSQL's
        // target is the view); a change it passes to its base relation writes that relation only.
        for (key, changes) in closure.writes where catalog.relation(key: key)?.kind != .view || changes.contains(where: {
            effects.hasInsteadOfTrigger(on: key, for: $0) || effects.hasRule(on: key, for: $0)
        }) {
            writes.insert(effects.partitionRoot(of: key))
        }
        return TableEffectsDescription(reads: effects.partitionRoots(of: reads).sorted(),
                                       writes: writes.sorted(),
                                       readsUnknown: closure.readsUnknown, writesUnknown: closure.writesUnknown)
    }

    /// Adds the references of every function `references` calls, transitively.
    private mutating func expandCalls(_ references: inout StatementReferences) {
        var done: Set<String> = []
        var pending = Array(references.calls)
        while let key = pending.popLast() {
            guard done.insert(key).inserted else { continue }
            let body = functionBody(key)
            references.formUnion(body)
            pending.append(contentsOf: body.calls.subtracting(done))
        }
    }

    /// Base relations read by reading `keys`: a view reads what its definition reads (its calls
    /// added to `closure`); a table, materialized view or system relation is itself.
    private mutating func readThroughViews(_ keys: Set<String>, into reads: inout Set<String>, closure: inout StatementReferences) {
        var seen: Set<String> = []
        var pending = Array(keys)
        while let key = pending.popLast() {
            guard seen.insert(key).inserted else { continue }
            if let relation = catalog.relation(key: key), relation.kind == .view {
                guard let definition = effects.viewReferences[key] else {
                    // A system view (`pg_tables`, `information_schema.columns`, `pg_stat_activity`):
                    // its definition is not in the catalog, and statistics views change without
                    // any table write. Listed, and unknown.
                    reads.insert(key)
                    closure.readsUnknown = true
                    continue
                }
                pending.append(contentsOf: definition.reads)
                let newCalls = definition.calls.subtracting(closure.calls)
                if !newCalls.isEmpty || definition.readsUnknown || definition.writesUnknown {
                    var called = StatementReferences(calls: newCalls)
                    called.readsUnknown = definition.readsUnknown
                    called.writesUnknown = definition.writesUnknown
                    expandCalls(&called)
                    closure.formUnion(called)
                    pending.append(contentsOf: called.reads)
                }
            } else {
                reads.insert(key)
                // Row-level security: reading the table runs its policies' conditions.
                if let policies = effects.policyReferences[key] {
                    pending.append(contentsOf: policies.reads)
                    var called = StatementReferences(calls: policies.calls.subtracting(closure.calls))
                    expandCalls(&called)
                    closure.formUnion(called)
                    pending.append(contentsOf: called.reads)
                }
            }
        }
    }

    /// Adds the tables foreign-key actions and triggers change, transitively, with what the
    /// triggers' functions read.
    private mutating func expandWrites(_ closure: inout StatementReferences, reads: inout Set<String>) {
        var handled: [String: Set<TableChange>] = [:]
        var pending = closure.writes.map { ($0.key, $0.value) }
        if !closure.writes.isEmpty, effects.hasUnresolvedTriggers || effects.hasUnresolvedRules {
            closure.readsUnknown = true
            closure.writesUnknown = true
        }
        while let (table, changes) = pending.popLast() {
            let new = changes.subtracting(handled[table] ?? [])
            guard !new.isEmpty else { continue }
            handled[table, default: []].formUnion(new)
            closure.writes[table, default: []].formUnion(new)
            if catalog.relation(key: table)?.kind == .view {
                pending += changesThroughView(table, new, closure: &closure)
            }
            for key in effects.partitionAncestry(of: table).lazy.flatMap(effects.foreignKeys(to:)) {
                var follows: Set<TableChange> = []
                for change in new {
                    switch change {
                    case .delete where key.actions.onDelete.changesReferencingRows:
                        follows.insert(key.actions.onDelete == .cascade ? .delete : .update)
                    case .update where key.actions.onUpdate.changesReferencingRows:
                        follows.insert(.update)
                    case .truncate:
                        // TRUNCATE ... CASCADE empties the referencing tables too.
                        follows.insert(.truncate)
                    default:
                        break
                    }
                }
                if !follows.isEmpty { pending.append((key.referencing, follows)) }
            }
            // Rules (their actions run with or instead of the change) and triggers defined on the
            // table, its ancestors or its partitions.
            for rule in effects.rules where effects.isSamePartitionTree(rule.table, table) && (rule.event.map(new.contains) ?? true) {
                pending += fire(rule.references, closure: &closure, reads: &reads)
            }
            for trigger in effects.triggers where effects.isSamePartitionTree(trigger.table, table) && !trigger.events.isDisjoint(with: new) {
                guard let function = trigger.function else { continue }
                pending += fire(StatementReferences(calls: [function]), closure: &closure, reads: &reads)
            }
        }
    }

    /// A change of view `view`'s rows: its INSTEAD OF triggers and rules (fired by the loop over
    /// the view's triggers and rules) do the changes they are for; the others change the base
    /// relation of an automatically updatable view. A view without a recorded base relation (not
    /// automatically updatable, or over a relation the catalog does not know) changes unknown tables.
    private func changesThroughView(_ view: String, _ changes: Set<TableChange>,
                                    closure: inout StatementReferences) -> [(String, Set<TableChange>)] {
        let passed = changes.filter { !effects.hasInsteadOfTrigger(on: view, for: $0) && !effects.hasRule(on: view, for: $0) }
        guard !passed.isEmpty else { return [] }
        guard let base = effects.viewBaseRelations[view] else {
            closure.readsUnknown = true
            closure.writesUnknown = true
            return []
        }
        return [(base, passed)]
    }

    /// What a fired rule or trigger touches, added to `closure` and `reads`; returns its writes,
    /// which fire in turn.
    private mutating func fire(_ references: StatementReferences, closure: inout StatementReferences,
                               reads: inout Set<String>) -> [(String, Set<TableChange>)] {
        var fired = references
        expandCalls(&fired)
        closure.readsUnknown = closure.readsUnknown || fired.readsUnknown
        closure.writesUnknown = closure.writesUnknown || fired.writesUnknown
        readThroughViews(fired.reads, into: &reads, closure: &closure)
        return fired.writes.map { ($0.key, $0.value) }
    }

    /// The references of function `key`'s body (all overloads), memoized; unknown when a body is
    /// missing or in a language other than SQL and PL/pgSQL.
    private mutating func functionBody(_ key: String) -> StatementReferences {
        if let known = functionReferences[key] { return known }
        var references = StatementReferences()
        let bodies = effects.functionBodies[key] ?? []
        if bodies.isEmpty {
            references.readsUnknown = true
            references.writesUnknown = true
        }
        for body in bodies {
            switch (body.language, body.source) {
            case ("sql", .text(let text)?), ("plpgsql", .text(let text)?):
                references.formUnion(SQLTextReferenceScanner.references(ofText: text, catalog: catalog))
            case (_, .sqlTokens(let tokens)?):
                references.formUnion(SQLTextReferenceScanner.references(of: tokens, catalog: catalog))
            default:
                references.readsUnknown = true
                references.writesUnknown = true
            }
        }
        functionReferences[key] = references
        return references
    }
}
