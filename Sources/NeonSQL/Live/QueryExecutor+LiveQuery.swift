import Foundation

extension QueryExecutor {
    /// A ``LiveQuery`` observing `statement` (a generated `Statements.<query>(...)`), observing
    /// from now until it is stopped or released:
    ///
    /// ```swift
    /// @State private var home = client.liveQuery(Statements.fetchFeaturedJourneys())
    /// ```
    ///
    /// With a ``NeonClient`` (or a ``CachePolicyExecutor`` over one) it shows
    /// ``NeonClient/observeCached(_:)``, or ``NeonClient/observeCached(_:revalidatingEvery:)``
    /// with `revalidatingEvery`; with another executor its ``QueryExecutor/observe(_:)``.
    @MainActor
    public func liveQuery<Result: Sendable>(
        _ statement: Statement<Result>, revalidatingEvery interval: Duration? = nil
    ) -> LiveQuery<Result> {
        LiveQuery(cachedObservation(statement, revalidatingEvery: interval),
                  pendingWriteUpdates: pendingWriteUpdates(touching: statement))
    }

    /// For a ``NeonClient`` with an outbox (or a ``CachePolicyExecutor`` over one): streams of the
    /// current identity's pending writes that may change what `statement` reads.
    func pendingWriteUpdates<Result: Sendable>(
        touching statement: Statement<Result>
    ) -> (@Sendable () -> AsyncStream<[PendingWrite]>)? {
        let executor: any QueryExecutor = (self as? CachePolicyExecutor)?.base ?? self
        guard let client = executor as? NeonClient, let outbox = client.configuration.outbox else { return nil }
        let tables = statement.tables
        return {
            let (stream, continuation) = AsyncStream<[PendingWrite]>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let task = Task {
                for await writes in outbox.pendingWritesUpdates() {
                    // Asked again for each list: the signed-in identity may have changed.
                    guard let identity = try? await client.currentCacheIdentity() else { continue }
                    continuation.yield(PendingWrite.touching(tables, identity: identity.digest, in: writes))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
            return stream
        }
    }

    /// The observation a ``LiveQuery`` of `statement` shows.
    func cachedObservation<Result: Sendable>(
        _ statement: Statement<Result>, revalidatingEvery interval: Duration?
    ) -> QueryObservation<Cached<Result>> {
        var statement = statement
        var executor: any QueryExecutor = self
        if let policyExecutor = executor as? CachePolicyExecutor {
            statement = statement.cachePolicy(policyExecutor.policy)
            executor = policyExecutor.base
        }
        if let client = executor as? NeonClient {
            if let interval { return client.observeCached(statement, revalidatingEvery: interval) }
            return client.observeCached(statement)
        }
        let values = executor.observe(statement)
        return QueryObservation {
            let (stream, continuation) = AsyncThrowingStream<Cached<Result>, any Error>.makeStream()
            let task = Task {
                do {
                    for try await value in values {
                        continuation.yield(Cached(value: value, fetchedAt: Date(), isStale: false, isFromNetwork: true))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
            return stream
        }
    }
}
