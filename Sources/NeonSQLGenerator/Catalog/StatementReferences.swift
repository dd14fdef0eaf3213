/// The relations and functions one statement (or view, rule, policy or function body) names
/// directly, by catalog key: the catalog's own data (it records them for views, rules and policies,
/// found by the analyzer it is handed, Catalog/DefinitionAnalysis.swift), which the analyzer's
/// `TableEffectsResolver` expands through views, functions, foreign keys and triggers into a
/// statement's table effects.
struct StatementReferences: Sendable, Hashable {
    /// Relations read, by catalog key (`public.duas`, `pg_catalog.pg_class`); views included (the
    /// resolver reads through them).
    var reads: Set<String> = []
    /// Relations whose rows the statement changes, with how.
    var writes: [String: Set<TableChange>] = [:]
    /// User functions and procedures called, by key (`public.add_xp`); built-ins are not listed.
    var calls: Set<String> = []
    /// Something read that cannot be followed (dynamic SQL).
    var readsUnknown = false
    /// Something changed that cannot be followed (dynamic SQL).
    var writesUnknown = false

    mutating func write(_ key: String, _ change: TableChange) { writes[key, default: []].insert(change) }

    mutating func formUnion(_ other: StatementReferences) {
        reads.formUnion(other.reads)
        for (key, changes) in other.writes { writes[key, default: []].formUnion(changes) }
        calls.formUnion(other.calls)
        readsUnknown = readsUnknown || other.readsUnknown
        writesUnknown = writesUnknown || other.writesUnknown
    }

    /// Whether relation `key` is read or written here.
    func mentions(_ key: String) -> Bool { reads.contains(key) || writes[key] != nil }

    /// The same references with relation `old` called `new`.
    func renamingRelation(from old: String, to new: String) -> StatementReferences {
        var renamed = self
        if renamed.reads.remove(old) != nil { renamed.reads.insert(new) }
        if let changes = renamed.writes.removeValue(forKey: old) { renamed.writes[new, default: []].formUnion(changes) }
        return renamed
    }
}
