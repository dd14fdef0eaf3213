import Foundation

/// The live observations to signal when a write changes what they read, to hand a result
/// another read fetched for the same key, and to show their value again when the optimistic
/// edits of their key change.
final class ObserverRegistry: @unchecked Sendable {
    private struct Observer {
        let tables: TableEffects
        let signal: @Sendable () -> Void
        /// The observation's cache key, what to call with a fresh entry stored under it, and what
        /// to call when the key's optimistic edits change.
        var refresh: (key: CacheKey, deliver: @Sendable (CacheEntry, any Sendable) -> Void, reshow: @Sendable () -> Void)?
    }

    private let lock = NSLock()
    private var observers: [UUID: Observer] = [:]

    /// Registers `signal`, called after every invalidation that concerns `tables`.
    func add(tables: TableEffects, signal: @escaping @Sendable () -> Void) -> UUID {
        let id = UUID()
        let tables = tables.resolved  // compared against every write: resolved once, here
        lock.withLock { observers[id] = Observer(tables: tables, signal: signal) }
        return id
    }

    /// Makes the observation `id` receive every fresh entry stored under `key` (a read of the
    /// same query by another screen, a background refresh), with its decoded value, and be told
    /// (`reshow`) when the optimistic edits of `key` change.
    func watch(_ id: UUID, key: CacheKey, deliver: @escaping @Sendable (CacheEntry, any Sendable) -> Void,
               reshow: @escaping @Sendable () -> Void) {
        lock.withLock { observers[id]?.refresh = (key, deliver, reshow) }
    }

    func remove(_ id: UUID) {
        _ = lock.withLock { observers.removeValue(forKey: id) }
    }

    /// Signals every observation whose reads `effects` may have changed.
    func notify(_ effects: TableEffects) {
        let signals = lock.withLock { observers.values.filter { effects.invalidates($0.tables) }.map(\.signal) }
        for signal in signals { signal() }
    }

    /// Hands `entry` (just stored, not stale) and its value to the observations of its key.
    func deliver(_ entry: CacheEntry, value: any Sendable) {
        let receivers = lock.withLock {
            observers.values.compactMap { $0.refresh?.key == entry.key ? $0.refresh?.deliver : nil }
        }
        for receiver in receivers { receiver(entry, value) }
    }

    /// Has the observations of `keys` show their value again (their optimistic edits changed),
    /// on this thread, before returning.
    func reshow(_ keys: Set<CacheKey>) {
        guard !keys.isEmpty else { return }
        let receivers = lock.withLock {
            observers.values.compactMap { observer in observer.refresh.flatMap { keys.contains($0.key) ? $0.reshow : nil } }
        }
        for receiver in receivers { receiver() }
    }

    /// Whether a live observation watches `key` (a revalidation checks its entry whatever its age).
    func watches(_ key: CacheKey) -> Bool {
        lock.withLock { observers.values.contains { $0.refresh?.key == key } }
    }

    var count: Int { lock.withLock { observers.count } }
}
