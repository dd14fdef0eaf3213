/// The base tables a statement reads and the ones it can change, as the generator computed them
/// from its SQL (the tables changed include those reached through foreign-key actions and
/// triggers). A ``QueryCache`` uses them to decide which cached results a write makes stale.
///
/// Table names are schema-qualified (`public.duas`) and kept sorted, without duplicates. An
/// unknown side (a function call, a view the generator cannot see through, hand-written SQL)
/// counts as touching every table.
///
/// ```swift
/// let effects = NeonSQL.TableEffects(reads: ["public.categories", "public.duas"])
/// ```
///
/// Generated statement factories declare theirs with ``declared(_:)``.
public struct TableEffects: Sendable, Hashable {
    /// The base tables read, sorted.
    public var reads: [String] { sides.reads }
    /// The base tables the statement can change, sorted.
    public var writes: [String] { sides.writes }
    /// Whether the statement may read tables not in ``reads``.
    public var readsUnknown: Bool { sides.readsUnknown }
    /// Whether the statement may change tables not in ``writes``.
    public var writesUnknown: Bool { sides.writesUnknown }

    /// The effects, unless they come from a ``declared(_:)`` text not resolved yet (then empty).
    private let stored: Sides
    /// The ``declared(_:)`` text, resolved only when a side is asked for (a cache, an observation,
    /// an outbox): a statement factory that builds its statement only to send it looks nothing up.
    private let declaration: StaticString?

    /// Both sides, as arrays (sorted) and as sets.
    struct Sides: Sendable, Hashable {
        let reads: [String]
        let writes: [String]
        let readsUnknown: Bool
        let writesUnknown: Bool
        let readSet: Set<String>
        let writeSet: Set<String>
    }

    /// Effects reading `reads` and changing `writes`, with either side possibly unknown.
    public init(reads: [String] = [], writes: [String] = [], readsUnknown: Bool = false, writesUnknown: Bool = false) {
        let readSet = Set(reads)
        let writeSet = Set(writes)
        stored = Sides(reads: readSet.sorted(), writes: writeSet.sorted(), readsUnknown: readsUnknown,
                       writesUnknown: writesUnknown, readSet: readSet, writeSet: writeSet)
        declaration = nil
    }

    /// Effects a ``declared(_:)`` text describes, resolved when first needed.
    init(declaration: StaticString) {
        stored = Sides(reads: [], writes: [], readsUnknown: false, writesUnknown: false, readSet: [], writeSet: [])
        self.declaration = declaration
    }

    /// The sides, a declared text's looked up (parsed once per process).
    var sides: Sides {
        guard let declaration else { return stored }
        return DeclaredTableEffects.shared.effects(for: declaration).stored
    }

    /// These effects with a declared text resolved, for keeping: what a cache entry or an
    /// observation holds and compares against every write, so it looks nothing up again.
    var resolved: TableEffects {
        guard let declaration else { return self }
        return DeclaredTableEffects.shared.effects(for: declaration)
    }

    /// The effects of a statement the generator did not describe: it may read any table and,
    /// unless `readOnly`, change any table.
    public static func unknown(readOnly: Bool) -> TableEffects {
        TableEffects(readsUnknown: true, writesUnknown: !readOnly)
    }

    /// Whether a statement with these effects may change what a statement with the `cached`
    /// effects read: never when it changes nothing; otherwise when either side is unknown or a
    /// table it changes is one `cached` reads.
    public func invalidates(_ cached: TableEffects) -> Bool {
        let writing = sides
        if writing.writeSet.isEmpty && !writing.writesUnknown { return false }
        let reading = cached.sides
        if writing.writesUnknown || reading.readsUnknown { return true }
        let (smaller, larger) = writing.writeSet.count <= reading.readSet.count
            ? (writing.writeSet, reading.readSet) : (reading.readSet, writing.writeSet)
        return smaller.contains(where: larger.contains)
    }

    /// Whether these effects change anything (a table, or an unknown one).
    public var changesAnything: Bool {
        // A declared text that plainly writes nothing (every generated read) needs no lookup.
        if let declaration, DeclaredTableEffects.declaresNoWrites(declaration) { return false }
        let sides = self.sides
        return sides.writesUnknown || !sides.writeSet.isEmpty
    }

    /// The effects of running this statement and `other` (a batch): every table either reads or
    /// changes, unknown when either is.
    public func union(_ other: TableEffects) -> TableEffects {
        let mine = sides
        let theirs = other.sides
        return TableEffects(reads: mine.reads + theirs.reads, writes: mine.writes + theirs.writes,
                            readsUnknown: mine.readsUnknown || theirs.readsUnknown,
                            writesUnknown: mine.writesUnknown || theirs.writesUnknown)
    }

    /// Equal when both sides are (a declared text compares by what it describes).
    public static func == (lhs: TableEffects, rhs: TableEffects) -> Bool { lhs.sides == rhs.sides }

    /// Hashes both sides.
    public func hash(into hasher: inout Hasher) { hasher.combine(sides) }
}
