import Foundation

/// A cache of typed query results: in memory (least recently used out beyond a byte limit) and,
/// with a directory, on disk (least recently used out beyond its own limit), for offline use and
/// for sharing with an app extension or widget.
///
/// Set it on the configuration; the client then caches read-only statements according to their
/// ``CachePolicy``, keyed by the statement's name, SQL, bound parameters and the requester's
/// ``CacheIdentity``, and marks stale every entry a write through the client may have changed
/// (from the statements' ``TableEffects``).
///
/// ```swift
/// let directory = FileManager.default
///     .containerURL(forSecurityApplicationGroupIdentifier: "group.app.rizq")?
///     .appendingPathComponent("NeonSQLCache")
/// configuration.cache = QueryCache(directory: directory, schemaVersion: "2024-06-01")
/// ```
///
/// Everything is thread-safe. Nothing throws: a file that is corrupt, truncated, of another
/// format or ``schemaVersion``, or for another key (a collision of names) is deleted and reported
/// as ``Event/dropped(_:)``, and the query goes to the network.
public final class QueryCache: Sendable {
    /// What the cache did, for logging and tests. Events name queries, never parameters,
    /// identities or tokens.
    public enum Event: Sendable, Hashable {
        /// A result was answered from the cache (`isStale`: a write may have changed it since,
        /// or it is an offline answer).
        case hit(query: String, isStale: Bool)
        /// No usable entry: the query went to the network.
        case miss(query: String)
        /// A result was stored (`bytes`: its response body's size).
        case stored(query: String, bytes: Int)
        /// A write or ``QueryCache/invalidate(tables:)`` made `count` in-memory entries stale
        /// (entries on disk are marked by the same invalidation without being counted).
        case invalidated(count: Int)
        /// A file was unusable and deleted, when it was read or when the directory was trimmed
        /// (an invalidation marker that cannot be read back is rewritten as an invalidation at
        /// that moment instead, which makes the entries it concerns stale).
        case dropped(DropReason)
        /// An entry left memory to keep it under the limit (its file, if any, stays).
        case evicted(query: String)
        /// The least recently used entry files were deleted to keep the directory under
        /// ``QueryCache/diskLimit``: `files` of them, `bytes` in all.
        case trimmed(files: Int, bytes: Int)
        /// A result could not be written to ``QueryCache/directory`` (a full disk, no permission,
        /// a directory with files in it at the entry's file name): it is kept in memory only.
        case notWritten(query: String)
    }

    /// Why a cache file was deleted instead of used.
    public enum DropReason: String, Sendable, Hashable {
        /// Its checksum or structure is wrong.
        case corrupt
        /// It ends too early.
        case truncated
        /// It was written by another version of the file format.
        case otherFormatVersion
        /// It was written for another ``QueryCache/schemaVersion``.
        case otherSchemaVersion
        /// It holds another key's entry (the file names of two keys collided).
        case keyMismatch
    }

    /// The most bytes the in-memory entries may take (response bodies plus a small overhead each).
    public let memoryLimit: Int
    /// Where entries are kept on disk, or nil for memory only.
    public let directory: URL?
    /// The most bytes the entry files in ``directory`` may take, all identities and processes
    /// sharing it together. Checked when this cache writes: at its first write, then after every
    /// quarter of the limit written; the least recently fetched or loaded files go first.
    public let diskLimit: Int
    /// The schema (or app data) version the entries belong to: files of another version are
    /// dropped, so change it when results of the same query may no longer decode the same way.
    public let schemaVersion: String

    private let observer: (@Sendable (Event) -> Void)?
    private let state: LockedState
    private let store: DirectoryStore?
    let inFlight = InFlightRequests()
    /// Identities already computed for recent credentials.
    let identities = IdentityMemo()
    let observers = ObserverRegistry()
    /// Optimistic edits layered over the stored results (``CacheEdits``).
    let edits = OptimisticEditLayer()
    /// The queries ``NeonClient/revalidate()`` can check.
    let revalidation = RevalidationIndex()

    /// Creates a cache.
    /// - Parameters:
    ///   - memoryLimit: the most bytes kept in memory (default 16 MiB).
    ///   - directory: where to keep entries on disk (created with permissions 0700 if missing;
    ///     each file 0600); nil for memory only. For a widget, a directory in the app group's
    ///     container.
    ///   - diskLimit: the most bytes of entry files in `directory` (default 64 MiB).
    ///   - schemaVersion: entries written for another version are dropped on load.
    ///   - observer: called for every ``Event``, on the thread that caused it; keep it quick.
    public init(memoryLimit: Int = 16 << 20, directory: URL? = nil, diskLimit: Int = 64 << 20,
                schemaVersion: String = "", observer: (@Sendable (QueryCache.Event) -> Void)? = nil) {
        self.memoryLimit = memoryLimit
        self.directory = directory
        self.diskLimit = max(0, diskLimit)
        self.schemaVersion = schemaVersion
        self.observer = observer
        self.state = LockedState(memory: MemoryStore(limit: memoryLimit))
        self.store = directory.map(DirectoryStore.init(directory:))
    }

    // MARK: Public maintenance

    /// Removes every entry, in memory and on disk, of every identity.
    public func clear() {
        state.withLock { $0.memory.removeAll { _ in true } }
        store?.removeEntries()
    }

    /// Removes the entries of one identity (at sign-out, say), in memory and on disk.
    /// ``NeonClient/currentCacheIdentity()`` gives the client's current one.
    public func clear(identity: CacheIdentity) {
        state.withLock { $0.memory.removeAll { $0.identity == identity.digest } }
        store?.removeEntries(identityDigest: identity.digest)
    }

    /// Marks stale every entry that read one of `tables`, of every identity, and makes live
    /// observations refetch.
    ///
    /// Names are read as PostgreSQL reads a table name with its default search path: `duas` is
    /// `public.duas` (qualify the tables of other schemas: `app.duas`); unquoted names are folded
    /// to lower case (`Duas` is `duas`; an unquoted name also matches itself as written) and
    /// double-quoted ones kept (`"Duas"`). A text that is not a table name (empty, an unbalanced
    /// quote, more parts than `schema.table`) marks every entry stale: invalidating too much
    /// costs a refetch, too little would serve stale data.
    ///
    /// Writes through a client using this cache do this by themselves; call it for changes made
    /// elsewhere (another device, a server job), for example when the app comes to the
    /// foreground, or give such queries a short `-- @cache max-age`.
    public func invalidate(tables: [String]) {
        var names: [String] = []
        for table in tables {
            guard let candidates = TableNameResolution.candidates(table) else {
                invalidateAll()
                return
            }
            names += candidates
        }
        invalidate(effects: TableEffects(writes: names))
    }

    /// Marks every entry stale and makes every live observation refetch.
    public func invalidateAll() {
        invalidate(effects: TableEffects(writesUnknown: true))
    }

    // MARK: Client side

    /// What a lookup found: the entry (with its staleness as of now) and its decoded value if
    /// memory has one.
    struct Lookup {
        let entry: CacheEntry
        let value: (any Sendable)?
    }

    /// The entry of `key`, from memory or else from disk (then kept in memory), or nil.
    func lookup(_ key: CacheKey) -> Lookup? {
        var events: [Event] = []
        defer { emit(events) }
        let inMemory: Lookup? = state.withLock { state in
            guard var slot = state.memory.get(key) else { return nil }
            slot.entry.isStale = slot.entry.isStale || state.markers.invalidate(slot.entry)
            return Lookup(entry: slot.entry, value: slot.value)
        }
        if let inMemory {
            // Another process sharing the directory (an app and its widget) records its writes
            // only on disk: a fresh memory entry is checked against the markers of the tables it
            // read (a few small file reads; only with a directory).
            guard let store, !inMemory.entry.isStale else { return inMemory }
            let diskMarkers = markers(readBy: inMemory.entry.tables, in: store, events: &events)
            let stale = state.withLock { state in
                state.markers.merge(diskMarkers)
                return state.markers.invalidate(inMemory.entry)
            }
            guard stale else { return inMemory }
            var entry = inMemory.entry
            entry.isStale = true
            return Lookup(entry: entry, value: inMemory.value)
        }
        guard let store, let data = store.read(key) else { return nil }
        switch CacheFileFormat.decode(data, key: key, schemaVersion: schemaVersion) {
        case .failure(.dropped(let reason)):
            store.remove(key)
            events.append(.dropped(reason))
            return nil
        case .success(var entry):
            let diskMarkers = markers(readBy: entry.tables, in: store, events: &events)
            let loaded = entry
            entry.isStale = state.withLock { state in
                state.markers.merge(diskMarkers)
                let stale = state.markers.invalidate(loaded)
                var kept = loaded
                kept.isStale = stale
                events += state.memory.put(kept, value: nil).map { .evicted(query: $0.name) }
                return stale
            }
            store.touch(key)
            return Lookup(entry: entry, value: nil)
        }
    }

    /// The invalidations recorded on disk (by any process) that can make an entry reading
    /// `tables` stale. A marker that cannot be read back counts as an invalidation now, and is
    /// rewritten so (reported as ``Event/dropped(_:)``): what cannot be read back makes entries
    /// stale, never fresh.
    private func markers(readBy tables: TableEffects, in store: DirectoryStore, events: inout [Event]) -> Markers {
        var markers = Markers()
        for name in Markers.names(readBy: tables) {
            switch store.marker(name) {
            case .absent:
                break
            case .recorded(let date):
                markers.record(name, at: date)
            case .unreadable:
                let now = Date()
                markers.record(name, at: now)
                store.setMarker(name, to: now)
                events.append(.dropped(.corrupt))
            }
        }
        return markers
    }

    /// How many invalidations this cache has recorded in this process: a fetch takes it before
    /// its request starts (``CacheEntry/invalidationsAtStart``).
    var invalidationCount: UInt64 { state.withLock { $0.invalidationCount } }

    /// Whether a write this process recorded after the count `invalidations` may have changed
    /// what `tables` reads.
    func isInvalidated(_ tables: TableEffects, after invalidations: UInt64) -> Bool {
        state.withLock { $0.markers.invalidated(tables, after: invalidations) }
    }

    /// The number of this process's last invalidation of what `tables` reads (0: none).
    func lastInvalidation(of tables: TableEffects) -> UInt64 {
        state.withLock { $0.markers.lastInvalidation(of: tables) }
    }

    /// Whether a write finished after `entry`'s request started (by this process's order of
    /// invalidations, or by the time of one recorded on disk).
    func isStale(_ entry: CacheEntry) -> Bool {
        state.withLock { $0.markers.invalidate(entry) }
    }

    /// Stores a fetched entry, stale at once if a write finished after its request started (and
    /// then never handed to observations as a new result). An entry older than the one already
    /// in memory for its key (a request that started earlier and finished later) is not stored.
    /// Returns whether the entry is stale.
    @discardableResult
    func store(_ entry: CacheEntry, value: any Sendable) -> Bool {
        var entry = entry
        var events: [Event] = []
        let superseded: Bool = state.withLock { state in
            entry.isStale = state.markers.invalidate(entry)
            if let existing = state.memory.slots[entry.key]?.entry, existing.fetchedAt > entry.fetchedAt { return true }
            events = state.memory.put(entry, value: value).map { .evicted(query: $0.name) }
            return false
        }
        if superseded { return entry.isStale }
        // A result whose request started after a write was applied includes it: that write's
        // edits of this statement have done their job (observers get this result next).
        _ = edits.dropApplied(entry.key, startedAt: entry.invalidationsAtStart, fetchedAt: entry.fetchedAt)
        if let store {
            let file = CacheFileFormat.encode(entry, schemaVersion: schemaVersion)
            if !store.write(file, for: entry.key) { events.append(.notWritten(query: entry.key.name)) }
            events += trimIfDue(store, written: file.count)
        }
        emit([.stored(query: entry.key.name, bytes: entry.body.count)] + events)
        if !entry.isStale { observers.deliver(entry, value: value) }
        return entry.isStale
    }

    /// Trims the directory to ``diskLimit`` when it is due: at this cache's first write (the
    /// directory may hold what earlier runs and other processes wrote), then whenever a quarter
    /// of the limit was written since the last trim. One thread trims at a time. Files of ours
    /// that can never be used are cleaned then too (``Event/dropped(_:)``).
    private func trimIfDue(_ store: DirectoryStore, written: Int) -> [Event] {
        let due: Bool = state.withLock { state in
            state.bytesWrittenSinceTrim = state.bytesWrittenSinceTrim.map { $0 + written }
            guard !state.isTrimming, (state.bytesWrittenSinceTrim ?? .max) > diskLimit / 4 else { return false }
            state.isTrimming = true
            state.bytesWrittenSinceTrim = 0
            return true
        }
        guard due else { return [] }
        let result = store.trim(toBytes: diskLimit)
        state.withLock { $0.isTrimming = false }
        return result.dropped.map { .dropped($0) }
            + (result.removedFiles > 0 ? [.trimmed(files: result.removedFiles, bytes: result.removedBytes)] : [])
    }

    /// Records that a revalidation found `key`'s entry (the one fetched at `checked`) unchanged as
    /// of `date`, when this cache had made `invalidations` invalidations: it counts as fetched
    /// then (fresh again, unless a write finished since), in memory and on disk. Observers get
    /// nothing: the value is the same. Nothing happens when the entry was replaced or dropped
    /// meanwhile.
    func confirm(_ key: CacheKey, checked: Date, at date: Date, invalidations: UInt64) {
        let confirmed: CacheEntry? = state.withLock { state in
            guard let slot = state.memory.get(key), slot.entry.fetchedAt == checked else { return nil }
            var entry = slot.entry
            entry.fetchedAt = date
            entry.invalidationsAtStart = invalidations
            entry.isStale = state.markers.invalidate(entry)
            _ = state.memory.put(entry, value: slot.value)
            return entry
        }
        if let confirmed, let store {
            store.write(CacheFileFormat.encode(confirmed, schemaVersion: schemaVersion), for: key)
        }
    }

    /// Marks the in-memory entries of `keys` stale (a revalidation could not reach the server:
    /// they stay, shown as possibly out of date). Signals no observation.
    func markStale(_ keys: Set<CacheKey>) {
        let count = state.withLock { $0.memory.markStale { keys.contains($0.key) } }
        if count > 0 { emit(.invalidated(count: count)) }
    }

    /// Keeps the decoded value of an entry loaded from disk.
    func remember(_ value: any Sendable, for key: CacheKey) {
        state.withLock { $0.memory.setValue(value, for: key) }
    }

    /// Forgets an entry whose body no longer decodes.
    func remove(_ key: CacheKey) {
        state.withLock { $0.memory.remove(key) }
        store?.remove(key)
    }

    /// Marks stale what a statement with `effects` may have changed (every identity, memory and
    /// disk) and signals the observations it concerns (after `beforeSignalling`, given the
    /// invalidation's number). Returns the invalidation's number in this process's order, nil
    /// when `effects` change nothing.
    @discardableResult
    func invalidate(effects: TableEffects, beforeSignalling: (UInt64) -> Void = { _ in }) -> UInt64? {
        guard effects.changesAnything else { return nil }
        let now = Date()
        let names = Markers.names(changedBy: effects)
        let (count, invalidation) = state.withLock { state in
            state.invalidationCount += 1
            for name in names { state.markers.record(name, at: now, invalidation: state.invalidationCount) }
            return (state.memory.markStale { effects.invalidates($0.tables) }, state.invalidationCount)
        }
        if let store { record(names, at: now, in: store) }
        emit([.invalidated(count: count)])
        beforeSignalling(invalidation)
        observers.notify(effects)
        return invalidation
    }

    /// The entry of `key` in memory, if any (without touching its use).
    func memoryEntry(_ key: CacheKey) -> CacheEntry? {
        state.withLock { $0.memory.slots[key]?.entry }
    }

    /// Writes the markers `names` at `date`. A marker that cannot be written (a full disk, a
    /// directory in the way) must not leave other processes serving what the write changed as
    /// fresh: the "everything" marker is written instead, and when even that fails every entry
    /// file is removed.
    private func record(_ names: [String], at date: Date, in store: DirectoryStore) {
        let failed = names.filter { !store.setMarker($0, to: date) }
        guard !failed.isEmpty, !store.setMarker(Markers.everything, to: date) else { return }
        store.removeEntryFiles()
    }

    func emit(_ events: [Event]) {
        guard let observer else { return }
        for event in events { observer(event) }
    }

    func emit(_ event: Event) { emit([event]) }
}

/// The mutable part of a ``QueryCache``, behind a lock.
private final class LockedState: @unchecked Sendable {
    struct Contents {
        var memory: MemoryStore
        var markers = Markers()
        /// Invalidations recorded so far (the order of ``Markers``' in-process records).
        var invalidationCount: UInt64 = 0
        /// Bytes written to the directory since the last trim; nil before the first one.
        var bytesWrittenSinceTrim: Int?
        var isTrimming = false
    }

    private let lock = NSLock()
    private var contents: Contents

    init(memory: MemoryStore) {
        contents = Contents(memory: memory)
    }

    func withLock<T>(_ body: (inout Contents) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&contents)
    }
}

/// When each table (and "any table", "everything") was last invalidated: an entry fetched at or
/// before the invalidation of a table it read is stale.
///
/// Two clocks: the wall-clock time of each invalidation (what marker files on disk hold, so other
/// processes see it), and, for invalidations of this process, their sequence number (immune to the
/// wall clock moving backwards): an entry is stale when either says an invalidation of a table it
/// read came after its request started.
struct Markers {
    /// Invalidated by every write that changes something (for entries whose reads are unknown).
    static let anyTable = "\u{0}any"
    /// Invalidated by writes of unknown effects and ``QueryCache/invalidateAll()``.
    static let everything = "\u{0}all"

    private var dates: [String: Date] = [:]
    private var sequence: [String: UInt64] = [:]

    /// The markers a write with `effects` sets.
    static func names(changedBy effects: TableEffects) -> [String] {
        effects.writesUnknown ? [everything] : effects.writes + [anyTable]
    }

    /// The markers that can make an entry with `tables` stale.
    static func names(readBy tables: TableEffects) -> [String] {
        [everything] + (tables.readsUnknown ? [anyTable] : tables.reads)
    }

    /// Records an invalidation of `name` at `date`, and, for one of this process, its sequence
    /// number `invalidation`.
    mutating func record(_ name: String, at date: Date, invalidation: UInt64? = nil) {
        if let invalidation { sequence[name] = max(sequence[name] ?? 0, invalidation) }
        if let existing = dates[name], existing >= date { return }
        dates[name] = date
    }

    mutating func merge(_ other: Markers) {
        for (name, date) in other.dates { record(name, at: date) }
        for (name, invalidation) in other.sequence { sequence[name] = max(sequence[name] ?? 0, invalidation) }
    }

    /// Whether this process recorded an invalidation of a table `tables` reads after its
    /// `invalidations`-th one.
    func invalidated(_ tables: TableEffects, after invalidations: UInt64) -> Bool {
        Self.names(readBy: tables).contains { name in sequence[name].map { $0 > invalidations } ?? false }
    }

    /// The number of this process's last invalidation of what `tables` reads (0: none).
    func lastInvalidation(of tables: TableEffects) -> UInt64 {
        Self.names(readBy: tables).compactMap { sequence[$0] }.max() ?? 0
    }

    /// Whether an invalidation recorded here came at or after `entry` was fetched.
    func invalidate(_ entry: CacheEntry) -> Bool {
        if let start = entry.invalidationsAtStart, invalidated(entry.tables, after: start) { return true }
        return Self.names(readBy: entry.tables).contains { name in
            dates[name].map { entry.fetchedAt <= $0 } ?? false
        }
    }
}
