import Foundation

/// Optimistic results: ``CacheEdits`` layered over the stored results, shown at once to reads
/// and live observations, settled when their write is applied or rejected. What the outbox calls.
extension QueryCache {
    /// How a write whose edits were applied with ``applyEdits(_:write:identity:)`` ended.
    enum EditOutcome: Sendable {
        /// The server applied it: its edits stay until a refetch of each edited statement whose
        /// request started after now is stored (that result includes the write).
        case applied
        /// The server refused it (or it was given up): its edits are undone at once.
        case rejected
    }

    /// Applies `edits` for the write `write`, for the results of `identity`, after the edits
    /// already pending. Before this returns, every live observation of an edited statement has
    /// been handed its current value with the edits (its stream got the value; no request), and
    /// every read through the cache sees it, with ``Cached/hasPendingEdits``. The stored results
    /// (memory and directory) are not changed.
    func applyEdits(_ edits: CacheEdits, write: UUID, identity: CacheIdentity) {
        guard !edits.isEmpty else { return }
        let keys = self.edits.add(write, edits: edits.edits.map { ($0.key(identity), $0.tables, $0.apply) })
        observers.reshow(keys)
    }

    /// Settles the edits of `write`. Rejected: they are undone, and the observations of the
    /// statements they edited get their value without them (the edits of other writes stay,
    /// still in their order) before this returns. Applied: they stay, with no flicker back to
    /// the old value, until a result of the edited statement whose request started after the
    /// write's invalidation of its tables is stored (it includes the write); one stored already
    /// drops them at once.
    ///
    /// Call it with `.applied` as soon as the write's request returned (the client marked stale
    /// what the write changed before returning): the write's invalidation is then the last one
    /// of the edited statement's tables. Where the caller does the invalidation itself,
    /// ``invalidate(effects:appliedWrites:)`` does both in one step, which leaves no window.
    func settleEdits(of write: UUID, _ outcome: EditOutcome) {
        switch outcome {
        case .applied:
            observers.reshow(edits.markApplied(write, at: Date(), threshold: { lastInvalidation(of: $0) },
                                               storedSince: storedResultStarted))
        case .rejected:
            observers.reshow(edits.remove(write))
        }
    }

    /// Marks stale what `effects` may have changed, as a write through the client does, and
    /// settles the edits of `appliedWrites` as applied by this very invalidation: a result of an
    /// edited statement drops their edits when its request started after it. For the outbox,
    /// which invalidates for the writes it sent.
    func invalidate(effects: TableEffects, appliedWrites: [UUID]) {
        var dropped: Set<CacheKey> = []
        // Before the observations are signalled: their refetches start after the write is settled.
        let settle = { (invalidation: UInt64) in
            for write in appliedWrites {
                dropped.formUnion(self.edits.markApplied(write, at: Date(), threshold: { _ in invalidation },
                                                         storedSince: self.storedResultStarted))
            }
        }
        // Effects that change nothing invalidate nothing: the next invalidation's results count.
        if invalidate(effects: effects, beforeSignalling: settle) == nil { settle(invalidationCount + 1) }
        observers.reshow(dropped)
    }

    /// Whether the stored result of `key` in memory was requested at or after the invalidation
    /// numbered `invalidations`.
    private func storedResultStarted(_ key: CacheKey, _ invalidations: UInt64) -> Bool {
        memoryEntry(key)?.invalidationsAtStart.map { $0 >= invalidations } ?? false
    }

    /// `cached` with the pending edits of `key` applied (and ``Cached/hasPendingEdits`` set), or
    /// as it is when there are none.
    func withEdits<R: Sendable>(_ cached: Cached<R>, key: CacheKey) -> Cached<R> {
        guard let edited = edits.edited(cached.value, key: key), let value = edited as? R else { return cached }
        return Cached(value: value, fetchedAt: cached.fetchedAt, isStale: cached.isStale, isFromNetwork: cached.isFromNetwork,
                      hasPendingEdits: true)
    }
}

extension NeonClient {
    /// Applies `edits` for the write `write` to the results of the identity this client's next
    /// request is made under (see ``QueryCache/applyEdits(_:write:identity:)``); nothing without
    /// a cache.
    /// - Throws: ``NeonError/authentication(_:)`` when the token provider fails.
    func applyEdits(_ edits: CacheEdits, write: UUID) async throws {
        guard let cache = configuration.cache, !edits.isEmpty else { return }
        cache.applyEdits(edits, write: write, identity: try await currentCacheIdentity())
    }
}
