/// Which base tables a statement reads and which it can change: `describe`'s `tables`, and the
/// static data the runtime's cache invalidates by. Tables are schema-qualified catalog names
/// (`public.duas`, `pg_catalog.pg_class`), sorted; a partition counts as its partitioned root.
struct TableEffectsDescription: Sendable, Hashable {
    var reads: [String] = []
    var writes: [String] = []
    /// A call or trigger may read tables the generator cannot see (a body it cannot read, dynamic SQL).
    var readsUnknown = false
    /// A call or trigger may change tables the generator cannot see.
    var writesUnknown = false

    /// Touches every table, as far as anyone can tell.
    static let unknown = TableEffectsDescription(readsUnknown: true, writesUnknown: true)
}
