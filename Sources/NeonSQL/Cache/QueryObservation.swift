/// The results of one query over time, for a live screen: what ``QueryExecutor/observe(_:)``
/// returns (generated code: `queries.observe.fetchHome(...)`).
///
/// Each iteration starts its own observation when it asks for its first element, and stops it
/// (unregistering, cancelling a request in flight) when the consumer stops iterating or its task
/// is cancelled.
///
/// ```swift
/// .task {
///     do {
///         for try await rows in queries.observe.fetchHome(userId: id) { model.rows = rows }
///     } catch { model.error = error }
/// }
/// ```
public struct QueryObservation<Element: Sendable>: AsyncSequence, Sendable {
    /// The error an iteration may throw.
    public typealias Failure = any Error

    private let makeStream: @Sendable () -> AsyncThrowingStream<Element, any Error>

    /// An observation whose every iteration consumes a new stream from `makeStream` (for an
    /// executor of your own; the stream's termination should stop its work).
    public init(_ makeStream: @escaping @Sendable () -> AsyncThrowingStream<Element, any Error>) {
        self.makeStream = makeStream
    }

    /// Starts an iteration.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: makeStream().makeAsyncIterator())
    }

    /// Iterates the results.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Element, any Error>.AsyncIterator

        /// The next result, nil when the observation ended.
        public mutating func next() async throws -> Element? {
            try await base.next()
        }
    }

    /// An observation of one result: `work` runs once when iterated, its value is yielded, and
    /// the sequence ends (what executors other than ``NeonClient`` give).
    public static func once(_ work: @escaping @Sendable () async throws -> Element) -> QueryObservation {
        QueryObservation {
            AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        continuation.yield(try await work())
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }
}
