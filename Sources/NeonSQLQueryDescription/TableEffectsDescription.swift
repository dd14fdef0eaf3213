/// Which base tables a statement reads and which it can change: `describe`'s `tables`, and the
/// static data the runtime's cache invalidates by. Tables are schema-qualified catalog names
/// (`public.duas`, `pg_catalog.pg_class`), sorted; a partition counts as its partitioned root.
package struct TableEffectsDescription: Sendable, Hashable {
    package var reads: [String] = []
    package var writes: [String] = []
    /// A call or trigger may read tables the generator cannot see (a body it cannot read, dynamic SQL).
    package var readsUnknown = false
    /// A call or trigger may change tables the generator cannot see.
    package var writesUnknown = false

    /// Touches every table, as far as anyone can tell.
    package static let unknown = TableEffectsDescription(readsUnknown: true, writesUnknown: true)

    /// Every stored property, as the memberwise initializer takes them.
    package init(reads: [String] = [], writes: [String] = [], readsUnknown: Bool = false, writesUnknown: Bool = false) {
        self.reads = reads
        self.writes = writes
        self.readsUnknown = readsUnknown
        self.writesUnknown = writesUnknown
    }
}
