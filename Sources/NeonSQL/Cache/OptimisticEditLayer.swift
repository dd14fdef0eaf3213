import Foundation

/// The pending optimistic edits of a ``QueryCache`` (``CacheEdits``), layered over its stored
/// results: kept in the order they were applied, each under the id of the write it belongs to,
/// until that write is rejected (removed) or applied and then refetched (removed when a result of
/// its statement whose request started after the write is stored). Memory only.
final class OptimisticEditLayer: @unchecked Sendable {
    private struct Pending {
        let write: UUID
        let key: CacheKey
        let tables: TableEffects
        let apply: @Sendable (any Sendable) -> (any Sendable)?
        /// Set when the write was applied: the cache's invalidation count of the key's tables then
        /// (a result whose request started at or after it includes the write) and the time.
        var applied: (invalidations: UInt64, date: Date)?
    }

    private let lock = NSLock()
    private var pending: [Pending] = []

    /// Adds the edits of `write` (resolved to `keys`), after every earlier edit; returns the keys.
    func add(_ write: UUID, edits: [(key: CacheKey, tables: TableEffects, apply: @Sendable (any Sendable) -> (any Sendable)?)])
        -> Set<CacheKey> {
        lock.withLock {
            pending += edits.map { Pending(write: write, key: $0.key, tables: $0.tables, apply: $0.apply) }
        }
        return Set(edits.map(\.key))
    }

    /// Removes the edits of `write`; returns the keys they edited.
    func remove(_ write: UUID) -> Set<CacheKey> {
        lock.withLock {
            let keys = Set(pending.filter { $0.write == write }.map(\.key))
            pending.removeAll { $0.write == write }
            return keys
        }
    }

    /// Records that `write` was applied: `threshold(tables)` is the invalidation count from which
    /// a request of a statement reading `tables` includes the write. An edit whose key already
    /// has such a result (`storedSince(key, threshold)`) is removed at once; returns the keys of
    /// the edits removed.
    func markApplied(_ write: UUID, at date: Date, threshold: (TableEffects) -> UInt64,
                     storedSince: (CacheKey, UInt64) -> Bool) -> Set<CacheKey> {
        lock.withLock {
            var dropped: Set<CacheKey> = []
            for index in pending.indices where pending[index].write == write && pending[index].applied == nil {
                let invalidations = threshold(pending[index].tables)
                pending[index].applied = (invalidations, date)
                if storedSince(pending[index].key, invalidations) { dropped.insert(pending[index].key) }
            }
            pending.removeAll { $0.write == write && dropped.contains($0.key) }
            return dropped
        }
    }

    /// Removes the applied edits of `key` that a result stored now includes: its request started
    /// after the write was applied (by the invalidation count, or for want of it by time).
    /// Returns whether any was removed.
    func dropApplied(_ key: CacheKey, startedAt invalidations: UInt64?, fetchedAt: Date) -> Bool {
        lock.withLock {
            let before = pending.count
            pending.removeAll { edit in
                guard edit.key == key, let applied = edit.applied else { return false }
                if let invalidations { return invalidations >= applied.invalidations }
                return fetchedAt > applied.date
            }
            return pending.count != before
        }
    }

    /// `value` with the pending edits of `key` applied in order, or nil when there are none.
    func edited(_ value: any Sendable, key: CacheKey) -> (any Sendable)? {
        let edits = lock.withLock { pending.filter { $0.key == key }.map(\.apply) }
        guard !edits.isEmpty else { return nil }
        return edits.reduce(value) { $1($0) ?? $0 }
    }

    /// How many edits are pending (for tests).
    var count: Int { lock.withLock { pending.count } }
}
