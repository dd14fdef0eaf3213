import Foundation

/// Observations that revalidate their cache while they run.
extension NeonClient {
    /// ``observeCached(_:)`` that also calls ``revalidate()`` every `interval` while it is
    /// iterated (Neon pushes nothing: this is how a shown screen learns of changes made
    /// elsewhere). Observations of the same identity share the work: a revalidation is skipped
    /// while another runs or when one started less than `interval` ago, so many screens
    /// revalidating every 30 seconds send one revalidation every 30 seconds between them. Its
    /// failures (no network, say) are not this sequence's: the last result stays.
    public func observeCached<Result: Sendable>(
        _ statement: Statement<Result>, revalidatingEvery interval: Duration
    ) -> QueryObservation<Cached<Result>> {
        let client = self
        return QueryObservation {
            Self.revalidating(client.observationStream(statement) { $0 }, client: client, every: interval)
        }
    }

    /// ``observe(_:)`` that also calls ``revalidate()`` every `interval` while it is iterated
    /// (see ``observeCached(_:revalidatingEvery:)``).
    public func observe<Result: Sendable>(
        _ statement: Statement<Result>, revalidatingEvery interval: Duration
    ) -> QueryObservation<Result> {
        let client = self
        return QueryObservation {
            Self.revalidating(client.observationStream(statement) { $0.value }, client: client, every: interval)
        }
    }

    /// `base`'s elements, with a revalidation every `interval` until the consumer stops.
    private static func revalidating<T: Sendable>(
        _ base: AsyncThrowingStream<T, any Error>, client: NeonClient, every interval: Duration
    ) -> AsyncThrowingStream<T, any Error> {
        let (stream, continuation) = AsyncThrowingStream<T, any Error>.makeStream()
        let forward = Task {
            do {
                for try await element in base { continuation.yield(element) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        let timer = Task {
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
                _ = try? await client.revalidate(.due, unlessWithin: interval)
            }
        }
        continuation.onTermination = { _ in
            forward.cancel()
            timer.cancel()
        }
        return stream
    }
}

extension CachePolicy {
    /// The max-age the policy reads with, if it has one.
    var maxAge: Duration? {
        switch self {
        case .cacheFirst(let maxAge), .staleWhileRevalidate(let maxAge): return maxAge
        case .networkOnly, .cacheOnly: return nil
        }
    }
}
