import Foundation

/// Writes make stale the cached results they may have changed.
extension RequestRunner {
    /// Sends `work` (``performRequest(_:single:batch:)``); for a write, afterwards marks stale in
    /// the cache every entry whose reads its tables may intersect, and signals the live
    /// observations concerned: after a success, and after a failure that leaves open whether it
    /// ran (``NeonError/outcomeUnknown(cause:sent:)`` and the like). A write that certainly did not
    /// run (a database error, a request that never left) invalidates nothing.
    func perform<T>(
        _ work: RequestWork, single: (Data) throws -> (T, Int?), batch: (inout BatchDecoder) throws -> (T, Int?)
    ) async throws -> T {
        guard !work.readOnly, work.effects.changesAnything else {
            return try await performRequest(work, single: single, batch: batch)
        }
        do {
            let result = try await performRequest(work, single: single, batch: batch)
            invalidate(work.effects)
            return result
        } catch {
            if Self.writeMayHaveRun(error) { invalidate(work.effects) }
            throw error
        }
    }

    /// Marks stale what the queued write `write` (applied by the outbox) may have changed, and
    /// settles its optimistic edits as applied by this very invalidation (they stay until a
    /// refetch that started after it is stored).
    func invalidate(_ effects: TableEffects, appliedWrite write: UUID) {
        if let cache = configuration.cache {
            cache.invalidate(effects: effects, appliedWrites: [write])
        } else {
            ownObservers.notify(effects)
        }
    }

    /// Marks stale what `effects` may have changed and signals the observations concerned.
    func invalidate(_ effects: TableEffects) {
        if let cache = configuration.cache {
            cache.invalidate(effects: effects)
        } else {
            ownObservers.notify(effects)
        }
    }

    /// Whether a write that failed with `error` may have been applied: its outcome is unknown, it
    /// was applied by an earlier attempt, its answer was cut short or did not decode after a 200,
    /// or it was cancelled (perhaps after it was sent). Errors that say it did not run are a
    /// database error or other 4xx answer, and failures before sending (connection refused,
    /// encoding, configuration, authentication, a rejected token).
    static func writeMayHaveRun(_ error: any Error) -> Bool {
        guard let error = error as? NeonError else { return true }
        switch error {
        case .outcomeUnknown, .alreadyApplied, .cancelled, .decoding, .malformedResponse, .copyIncomplete:
            return true
        case .transport, .timedOut, .httpStatus:
            return error.leavesWriteOutcomeUnknown
        case .database, .encoding, .invalidConfiguration, .authentication, .tokenRejected, .copyTooLarge:
            return false
        }
    }
}
