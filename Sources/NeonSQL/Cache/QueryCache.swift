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
        /// A file was unusable and deleted.
        case dropped(DropReason)
        /// An entry left memory to keep it under the limit (its file, if any, stays).
        case evicted(query: String)
        /// The least recently used entry files were deleted to keep the directory under
        /// ``QueryCache/diskLimit``: `files` of them, `bytes` in all.
        case trimmed(files: Int, bytes: Int)
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

    /// Marks stale every entry that read one of `tables` (schema-qualified: `public.duas`), of
    /// every identity, and makes live observations refetch.
    ///
    /// Writes through a client using this cache do this by themselves; call it for changes made
    /// elsewhere (another device, a server job), for example when the app comes to the
    /// foreground, or give such queries a short `-- @cache max-age`.
    public func invalidate(tables: [String]) {
        invalidate(effects: TableEffects(writes: tables))
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
            var diskMarkers = Markers()
            for name in Markers.names(readBy: inMemory.entry.tables) {
                if let date = store.marker(name) { diskMarkers.record(name, at: date) }
            }
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
            var diskMarkers = Markers()
            for name in Markers.names(readBy: entry.tables) {
                if let date = store.marker(name) { diskMarkers.record(name, at: date) }
            }
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

    /// Stores a fetched entry (stale at once if a write finished after its request started).
    func store(_ entry: CacheEntry, value: any Sendable) {
        var entry = entry
        var events: [Event] = []
        state.withLock { state in
            entry.isStale = state.markers.invalidate(entry)
            events = state.memory.put(entry, value: value).map { .evicted(query: $0.name) }
        }
        if let store {
            let file = CacheFileFormat.encode(entry, schemaVersion: schemaVersion)
            store.write(file, for: entry.key)
            if let trimmed = trimIfDue(store, written: file.count) { events.append(trimmed) }
        }
        emit([.stored(query: entry.key.name, bytes: entry.body.count)] + events)
        if !entry.isStale { observers.deliver(entry, value: value) }
    }

    /// Trims the directory to ``diskLimit`` when it is due: at this cache's first write (the
    /// directory may hold what earlier runs and other processes wrote), then whenever a quarter
    /// of the limit was written since the last trim. One thread trims at a time.
    private func trimIfDue(_ store: DirectoryStore, written: Int) -> Event? {
        let due: Bool = state.withLock { state in
            state.bytesWrittenSinceTrim = state.bytesWrittenSinceTrim.map { $0 + written }
            guard !state.isTrimming, (state.bytesWrittenSinceTrim ?? .max) > diskLimit / 4 else { return false }
            state.isTrimming = true
            state.bytesWrittenSinceTrim = 0
            return true
        }
        guard due else { return nil }
        let result = store.trim(toBytes: diskLimit)
        state.withLock { $0.isTrimming = false }
        return result.removedFiles > 0 ? .trimmed(files: result.removedFiles, bytes: result.removedBytes) : nil
    }

    /// Records that a revalidation found `key`'s entry (the one fetched at `checked`) unchanged as
    /// of `date`: it counts as fetched then (fresh again, unless a write finished since), in
    /// memory and on disk. Observers get nothing: the value is the same. Nothing happens when
    /// the entry was replaced or dropped meanwhile.
    func confirm(_ key: CacheKey, checked: Date, at date: Date) {
        let confirmed: CacheEntry? = state.withLock { state in
            guard let slot = state.memory.get(key), slot.entry.fetchedAt == checked else { return nil }
            var entry = slot.entry
            entry.fetchedAt = date
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
    /// disk) and signals the observations it concerns.
    func invalidate(effects: TableEffects) {
        guard effects.changesAnything else { return }
        let now = Date()
        let names = Markers.names(changedBy: effects)
        let count = state.withLock { state in
            for name in names { state.markers.record(name, at: now) }
            return state.memory.markStale { effects.invalidates($0.tables) }
        }
        if let store {
            for name in names { store.setMarker(name, to: now) }
        }
        emit([.invalidated(count: count)])
        observers.notify(effects)
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
struct Markers {
    /// Invalidated by every write that changes something (for entries whose reads are unknown).
    static let anyTable = "\u{0}any"
    /// Invalidated by writes of unknown effects and ``QueryCache/invalidateAll()``.
    static let everything = "\u{0}all"

    private var dates: [String: Date] = [:]

    /// The markers a write with `effects` sets.
    static func names(changedBy effects: TableEffects) -> [String] {
        effects.writesUnknown ? [everything] : effects.writes + [anyTable]
    }

    /// The markers that can make an entry with `tables` stale.
    static func names(readBy tables: TableEffects) -> [String] {
        [everything] + (tables.readsUnknown ? [anyTable] : tables.reads)
    }

    mutating func record(_ name: String, at date: Date) {
        if let existing = dates[name], existing >= date { return }
        dates[name] = date
    }

    mutating func merge(_ other: Markers) {
        for (name, date) in other.dates { record(name, at: date) }
    }

    /// Whether an invalidation recorded here came at or after `entry` was fetched.
    func invalidate(_ entry: CacheEntry) -> Bool {
        Self.names(readBy: entry.tables).contains { name in
            dates[name].map { entry.fetchedAt <= $0 } ?? false
        }
    }
}
