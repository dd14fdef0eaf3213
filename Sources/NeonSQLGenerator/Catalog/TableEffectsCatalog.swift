/// What the schema says about which tables a statement touches beyond the ones it names: foreign
/// keys whose actions change other tables, triggers, function bodies, what views read, and
/// partitions. The catalog builder fills it as it applies the schema; `Analyze/TableEffects/`
/// reads it. Relations are identified by their catalog key (`schema.name`); renames move them.
struct TableEffectsCatalog: Sendable {
    /// A foreign key from `referencing` to `referenced`, with its actions.
    struct ForeignKey: Sendable, Hashable {
        var referencing: String
        var referenced: String
        let actions: ReferentialActions
    }

    /// A trigger: changes of `events` to `table` run `function` (a user function's key, or nil for a
    /// built-in trigger function, which touches no other table).
    struct Trigger: Sendable, Hashable {
        let name: String
        var table: String
        let events: Set<TableChange>
        let function: String?
        /// `INSTEAD OF` (on a view): it does the change instead of PostgreSQL.
        var isInsteadOf = false
    }

    /// One overload's body.
    struct FunctionBody: Sendable, Hashable {
        /// The input argument types as written (`CREATE OR REPLACE` of the same signature replaces it).
        let signature: [String]
        /// `sql`, `plpgsql`, `c`, ... (lower case); nil when not written.
        let language: String?
        let source: FunctionBodySource?
    }

    /// The foreign keys by the key of the table they reference (in the order they were added):
    /// a change of a table follows only the keys that reference it or its ancestors.
    private var foreignKeysByReferenced: [String: [ForeignKey]] = [:]
    private(set) var triggers: [Trigger] = []
    /// Bodies of user functions by key, one entry per overload.
    private(set) var functionBodies: [String: [FunctionBody]] = [:]
    /// What each view (and materialized view) reads and calls, resolved when it was created.
    private(set) var viewReferences: [String: StatementReferences] = [:]
    /// An automatically updatable view's base relation (a table or another view), by the view's key:
    /// a change of the view's rows changes the base relation's.
    private(set) var viewBaseRelations: [String: String] = [:]
    /// A partition's parent table (also a legacy inheritance child's first parent).
    private(set) var partitionParents: [String: String] = [:]
    /// A rule: a change of `event` (nil: any) to `table` also does what its actions do.
    struct Rule: Sendable, Hashable {
        let name: String
        var table: String
        let event: TableChange?
        var references: StatementReferences
    }

    /// Rules on tables (not views' ON SELECT rules).
    private(set) var rules: [Rule] = []
    /// A CREATE RULE the builder could not read or resolve: writes may touch tables it cannot see.
    private(set) var hasUnresolvedRules = false
    /// What the row-level security policies on a table read, by the table's key.
    private(set) var policyReferences: [String: StatementReferences] = [:]
    /// A trigger the builder could not resolve (its table or function unknown): every write may
    /// then touch tables the generator cannot see.
    private(set) var hasUnresolvedTriggers = false

    mutating func addForeignKey(_ key: ForeignKey) { foreignKeysByReferenced[key.referenced, default: []].append(key) }

    /// The foreign keys to table `key` (the keys that reference it).
    func foreignKeys(to key: String) -> [ForeignKey] { foreignKeysByReferenced[key] ?? [] }

    mutating func addTrigger(_ trigger: Trigger) {
        triggers.removeAll { $0.name == trigger.name && $0.table == trigger.table }
        triggers.append(trigger)
    }

    mutating func markUnresolvedTrigger() { hasUnresolvedTriggers = true }

    mutating func addRule(_ rule: Rule) {
        rules.removeAll { $0.name == rule.name && $0.table == rule.table }
        rules.append(rule)
    }

    mutating func markUnresolvedRule() { hasUnresolvedRules = true }

    mutating func setFunctionBody(key: String, _ body: FunctionBody) {
        var bodies = functionBodies[key] ?? []
        bodies.removeAll { $0.signature == body.signature }
        bodies.append(body)
        functionBodies[key] = bodies
    }

    /// The key of a function with a recorded body named `name` (in `schema`, else on `searchPath`):
    /// also functions whose signature the catalog could not register.
    func functionBodyKey(_ name: String, schema: String?, searchPath: [String]) -> String? {
        if let schema { return functionBodies[Catalog.key(schema: schema, name: name)] != nil ? Catalog.key(schema: schema, name: name) : nil }
        return searchPath.lazy.map { Catalog.key(schema: $0, name: name) }.first { functionBodies[$0] != nil }
    }

    mutating func setViewReferences(key: String, _ references: StatementReferences) { viewReferences[key] = references }

    /// Records (or, with nil, clears) the base relation of view `key`.
    mutating func setViewBaseRelation(key: String, _ base: String?) { viewBaseRelations[key] = base }

    /// Whether view `key` has an INSTEAD OF trigger for `change`.
    func hasInsteadOfTrigger(on key: String, for change: TableChange) -> Bool {
        triggers.contains { $0.table == key && $0.isInsteadOf && $0.events.contains(change) }
    }

    /// Whether view `key` has a rule for `change` (PostgreSQL then rewrites the change by the rule;
    /// whether it is an unconditional DO INSTEAD rule is not recorded, so any counts).
    func hasRule(on key: String, for change: TableChange) -> Bool {
        rules.contains { $0.table == key && $0.event == change }
    }

    mutating func addPolicyReferences(on table: String, _ references: StatementReferences) {
        policyReferences[table, default: StatementReferences()].formUnion(references)
    }

    mutating func setPartitionParent(_ partition: String, parent: String) { partitionParents[partition] = parent }

    /// The partitioned table at the top of `key`'s partition tree (`key` itself when it is none).
    func partitionRoot(of key: String) -> String {
        // Most tables are no partition: answer without building the cycle guard.
        guard partitionParents[key] != nil else { return key }
        var current = key
        var seen: Set<String> = [key]
        while let parent = partitionParents[current], seen.insert(parent).inserted { current = parent }
        return current
    }

    /// The partitioned tables at the top of `keys`' partition trees: `keys` itself when none of
    /// them is a partition.
    func partitionRoots(of keys: Set<String>) -> Set<String> {
        guard keys.contains(where: { partitionParents[$0] != nil }) else { return keys }
        return Set(keys.map(partitionRoot(of:)))
    }

    /// `key` and the tables it is a partition of, innermost first (triggers of each fire).
    func partitionAncestry(of key: String) -> [String] {
        guard partitionParents[key] != nil else { return [key] }
        var chain = [key]
        var seen: Set<String> = [key]
        while let last = chain.last, let parent = partitionParents[last], seen.insert(parent).inserted { chain.append(parent) }
        return chain
    }

    /// Whether something defined on `other` (a trigger, a rule) acts on changes of `table`: it is the
    /// table, one of its ancestors, or one of its partitions or inheritance children (rows are
    /// routed to them).
    func isSamePartitionTree(_ other: String, _ table: String) -> Bool {
        partitionAncestry(of: table).contains(other) || partitionAncestry(of: other).contains(table)
    }

    /// A relation renamed or moved to another schema (`ALTER TABLE ... RENAME TO` / `SET SCHEMA`):
    /// everything that referred to it follows, as PostgreSQL's references by OID do.
    mutating func renameRelation(from old: String, to new: String) {
        guard old != new else { return }
        func move(_ key: String) -> String { key == old ? new : key }
        var keysByReferenced: [String: [ForeignKey]] = [:]
        for (referenced, keys) in foreignKeysByReferenced {
            for var key in keys {
                key.referencing = move(key.referencing)
                key.referenced = move(key.referenced)
                keysByReferenced[move(referenced), default: []].append(key)
            }
        }
        foreignKeysByReferenced = keysByReferenced
        for index in triggers.indices { triggers[index].table = move(triggers[index].table) }
        for index in rules.indices {
            rules[index].table = move(rules[index].table)
            rules[index].references = rules[index].references.renamingRelation(from: old, to: new)
        }
        if let own = viewReferences.removeValue(forKey: old) { viewReferences[new] = own }
        var bases: [String: String] = [:]
        for (view, base) in viewBaseRelations { bases[move(view)] = move(base) }
        viewBaseRelations = bases
        for (key, references) in viewReferences where references.mentions(old) {
            viewReferences[key] = references.renamingRelation(from: old, to: new)
        }
        var parents: [String: String] = [:]
        for (partition, parent) in partitionParents { parents[move(partition)] = move(parent) }
        partitionParents = parents
        if let own = policyReferences.removeValue(forKey: old) { policyReferences[new] = own }
        for (key, references) in policyReferences where references.mentions(old) {
            policyReferences[key] = references.renamingRelation(from: old, to: new)
        }
    }

    /// A relation dropped: its own triggers, keys, view definition and partition link go with it.
    mutating func removeRelation(_ key: String) {
        foreignKeysByReferenced[key] = nil
        for referenced in Array(foreignKeysByReferenced.keys) {
            foreignKeysByReferenced[referenced]?.removeAll { $0.referencing == key }
        }
        triggers.removeAll { $0.table == key }
        rules.removeAll { $0.table == key }
        viewReferences[key] = nil
        viewBaseRelations[key] = nil
        partitionParents[key] = nil
        policyReferences[key] = nil
    }
}
