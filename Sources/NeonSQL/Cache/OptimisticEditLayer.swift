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
    /// The pending edits of each key, in the order they were applied (a read looks at its key's only).
    private var byKey: [CacheKey: [Pending]] = [:]
    /// The keys each write's pending edits are under.
    private var keysOfWrite: [UUID: Set<CacheKey>] = [:]

    /// Adds the edits of `write` (resolved to `keys`), after every earlier edit; returns the keys.
    func add(_ write: UUID, edits: [(key: CacheKey, tables: TableEffects, apply: @Sendable (any Sendable) -> (any Sendable)?)])
        -> Set<CacheKey> {
        let keys = Set(edits.map(\.key))
        lock.withLock {
            for edit in edits {
                byKey[edit.key, default: []].append(Pending(write: write, key: edit.key, tables: edit.tables, apply: edit.apply))
            }
            if !keys.isEmpty { keysOfWrite[write, default: []].formUnion(keys) }
        }
        return keys
    }

    /// Removes the edits of `write`; returns the keys they edited.
    func remove(_ write: UUID) -> Set<CacheKey> {
        lock.withLock {
            let keys = keysOfWrite.removeValue(forKey: write) ?? []
            for key in keys { removeEdits(of: key) { $0.write == write } }
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
            for key in keysOfWrite[write] ?? [] {
                guard var edits = byKey[key] else { continue }
                for index in edits.indices where edits[index].write == write && edits[index].applied == nil {
                    let invalidations = threshold(edits[index].tables)
                    edits[index].applied = (invalidations, date)
                    if storedSince(key, invalidations) { dropped.insert(key) }
                }
                byKey[key] = edits
            }
            for key in dropped { removeEdits(of: key) { $0.write == write } }
            forget(dropped, of: write)
            return dropped
        }
    }

    /// Removes the applied edits of `key` that a result stored now includes: its request started
    /// after the write was applied (by the invalidation count, or for want of it by time).
    /// Returns whether any was removed.
    func dropApplied(_ key: CacheKey, startedAt invalidations: UInt64?, fetchedAt: Date) -> Bool {
        lock.withLock {
            let removed = removeEdits(of: key) { edit in
                guard let applied = edit.applied else { return false }
                if let invalidations { return invalidations >= applied.invalidations }
                return fetchedAt > applied.date
            }
            let remaining = Set((byKey[key] ?? []).map(\.write))
            for write in Set(removed.map(\.write)) where !remaining.contains(write) { forget([key], of: write) }
            return !removed.isEmpty
        }
    }

    /// `value` with the pending edits of `key` applied in order, or nil when there are none.
    func edited(_ value: any Sendable, key: CacheKey) -> (any Sendable)? {
        let edits = lock.withLock { byKey[key]?.map(\.apply) ?? [] }
        guard !edits.isEmpty else { return nil }
        return edits.reduce(value) { $1($0) ?? $0 }
    }

    /// Removes the edits of `key` that `matches`; returns them. Call with the lock held.
    @discardableResult
    private func removeEdits(of key: CacheKey, where matches: (Pending) -> Bool) -> [Pending] {
        guard let edits = byKey[key] else { return [] }
        let removed = edits.filter(matches)
        guard !removed.isEmpty else { return [] }
        let kept = edits.filter { !matches($0) }
        byKey[key] = kept.isEmpty ? nil : kept
        return removed
    }

    /// Forgets that `write` has edits under `keys`. Call with the lock held.
    private func forget(_ keys: Set<CacheKey>, of write: UUID) {
        guard var remaining = keysOfWrite[write] else { return }
        remaining.subtract(keys)
        keysOfWrite[write] = remaining.isEmpty ? nil : remaining
    }

    /// How many edits are pending (for tests).
    var count: Int { lock.withLock { byKey.values.reduce(0) { $0 + $1.count } } }
}
