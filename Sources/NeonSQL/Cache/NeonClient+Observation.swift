import Foundation

/// Live observation of queries (``LiveObservations``): a result now, and again after every write
/// that may change it, and revalidations while it runs.
extension NeonClient {
    /// The results of a read-only statement over time: the cached result at once if there is one
    /// (no older than ``NeonConfiguration/maxStale``), then the server's (unless the cached one
    /// is fresh for a ``CachePolicy/cacheFirst(maxAge:)`` or
    /// ``CachePolicy/staleWhileRevalidate(maxAge:)`` policy), then a new one after every
    /// write through a client sharing this one's cache (or this client, without a cache) that
    /// may change it (its ``TableEffects``), and after ``QueryCache/invalidate(tables:)``.
    ///
    /// - A result another read fetched for the same statement, parameters and identity (another
    ///   screen, a ``CachePolicy/staleWhileRevalidate(maxAge:)`` refresh in the background) is
    ///   yielded too, without a request of its own, when it is newer than the last one yielded.
    /// - A failure with nothing yielded yet ends the sequence with the error. A refetch that
    ///   fails for lack of network (see ``executeCached(_:)``) after a result was yielded does
    ///   not: the last result stays, and the next invalidation tries again. Other errors end it.
    /// - With ``CachePolicy/cacheOnly`` it yields the cached result and ends (or throws
    ///   ``CacheMissError``).
    /// - A statement that is not read-only is run once, and the sequence ends.
    /// - Stopping the iteration (leaving the loop, cancelling its task) cancels a request in flight
    ///   and sends no more.
    public func observe<Result: Sendable>(_ statement: Statement<Result>) -> QueryObservation<Result> {
        let observations = self.observations
        return QueryObservation { observations.stream(statement) { $0.value } }
    }

    /// ``observe(_:)`` yielding each result with where it came from and whether it is stale.
    public func observeCached<Result: Sendable>(_ statement: Statement<Result>) -> QueryObservation<Cached<Result>> {
        let observations = self.observations
        return QueryObservation { observations.stream(statement) { $0 } }
    }

    /// ``observeCached(_:)`` that also calls ``revalidate()`` every `interval` while it is
    /// iterated (Neon pushes nothing: this is how a shown screen learns of changes made
    /// elsewhere). Observations of the same identity share the work: a revalidation is skipped
    /// while another runs or when one started less than `interval` ago, so many screens
    /// revalidating every 30 seconds send one revalidation every 30 seconds between them. Its
    /// failures (no network, say) are not this sequence's: the last result stays.
    public func observeCached<Result: Sendable>(
        _ statement: Statement<Result>, revalidatingEvery interval: Duration
    ) -> QueryObservation<Cached<Result>> {
        let observations = self.observations
        return QueryObservation { observations.stream(statement, revalidatingEvery: interval) { $0 } }
    }

    /// ``observe(_:)`` that also calls ``revalidate()`` every `interval` while it is iterated
    /// (see ``observeCached(_:revalidatingEvery:)``).
    public func observe<Result: Sendable>(
        _ statement: Statement<Result>, revalidatingEvery interval: Duration
    ) -> QueryObservation<Result> {
        let observations = self.observations
        return QueryObservation { observations.stream(statement, revalidatingEvery: interval) { $0.value } }
    }
}
