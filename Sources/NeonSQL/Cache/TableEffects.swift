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
    public let reads: [String]
    /// The base tables the statement can change, sorted.
    public let writes: [String]
    /// Whether the statement may read tables not in ``reads``.
    public let readsUnknown: Bool
    /// Whether the statement may change tables not in ``writes``.
    public let writesUnknown: Bool
    private let readSet: Set<String>
    private let writeSet: Set<String>

    /// Effects reading `reads` and changing `writes`, with either side possibly unknown.
    public init(reads: [String] = [], writes: [String] = [], readsUnknown: Bool = false, writesUnknown: Bool = false) {
        let readSet = Set(reads)
        let writeSet = Set(writes)
        self.reads = readSet.sorted()
        self.writes = writeSet.sorted()
        self.readSet = readSet
        self.writeSet = writeSet
        self.readsUnknown = readsUnknown
        self.writesUnknown = writesUnknown
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
        if writeSet.isEmpty && !writesUnknown { return false }
        if writesUnknown || cached.readsUnknown { return true }
        let (smaller, larger) = writeSet.count <= cached.readSet.count ? (writeSet, cached.readSet) : (cached.readSet, writeSet)
        return smaller.contains(where: larger.contains)
    }

    /// Whether these effects change anything (a table, or an unknown one).
    public var changesAnything: Bool { writesUnknown || !writeSet.isEmpty }

    /// The effects of running this statement and `other` (a batch): every table either reads or
    /// changes, unknown when either is.
    public func union(_ other: TableEffects) -> TableEffects {
        TableEffects(reads: reads + other.reads, writes: writes + other.writes,
                     readsUnknown: readsUnknown || other.readsUnknown, writesUnknown: writesUnknown || other.writesUnknown)
    }
}
