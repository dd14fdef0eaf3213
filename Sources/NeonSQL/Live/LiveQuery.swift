import Foundation
import Observation

/// One observed query for a screen: its latest value, whether that value is stale, whether the
/// first one is still loading, the last error, and the pending writes that touch it, as an
/// `@Observable` model (the Observation module only, so SwiftUI, TCA and tests on Linux read it
/// alike).
///
/// Create it in one line from a generated statement; it observes from creation until
/// ``stop()`` or until its owner lets it go (its deinit cancels the observation):
///
/// ```swift
/// @State private var categories = client.liveQuery(Statements.fetchCategories())
/// ```
///
/// It shows what ``NeonClient/observeCached(_:)`` yields: the cached result at once (marked
/// ``isStale`` when a write or an unreachable server made it possibly out of date), then the
/// server's, then a new one after every change the client learns of (a write through it, a
/// ``NeonClient/revalidate()`` that found the result changed). With another executor (a test
/// double) it shows that executor's ``QueryExecutor/observe(_:)``, every value counted as from
/// the network.
@MainActor
@Observable
public final class LiveQuery<Value: Sendable> {
    /// The latest value; nil until the first one arrives.
    public private(set) var value: Value?
    /// Whether ``value`` may be out of date: a write may have changed it, or it answers from the
    /// cache because the server could not be reached in time.
    public private(set) var isStale = false
    /// Whether ``value`` came from the network (false: from the cache).
    public private(set) var isFromNetwork = false
    /// Whether ``value`` shows optimistic edits of writes not yet confirmed by the server
    /// (``CacheEdits``, given to ``NeonClient/enqueue(_:optimistic:)->QueuedWrite<Result>``).
    public private(set) var hasPendingEdits = false
    /// When ``value`` was fetched (the start of its request), nil before the first value.
    public private(set) var fetchedAt: Date?
    /// Whether the observation runs and has not produced its first value or error yet.
    public private(set) var isLoading = false
    /// Whether the observation runs (between ``start()`` and ``stop()``, or its end).
    public private(set) var isObserving = false
    /// The error that ended the observation, if any (``start()`` tries again). A refetch that
    /// fails for lack of network after a value arrived does not end it: the value stays.
    public private(set) var error: (any Error)?
    /// The queued writes that may change this query's result and have not been applied yet, in
    /// enqueue order, for a screen to show as pending ("syncing…").
    ///
    /// Created with ``QueryExecutor/liveQuery(_:revalidatingEvery:)`` on a ``NeonClient`` with an
    /// ``NeonConfiguration/outbox``, it follows the outbox: the current identity's pending writes
    /// whose tables may change what the query reads (every process sharing the directory
    /// included). Otherwise it stays empty unless the app sets it.
    public var pendingWrites: [PendingWrite] = []

    @ObservationIgnored private let observation: QueryObservation<Cached<Value>>
    @ObservationIgnored private let pendingWriteUpdates: (@Sendable () -> AsyncStream<[PendingWrite]>)?
    @ObservationIgnored private let lifetime = LiveQueryLifetime()
    @ObservationIgnored private let pendingLifetime = LiveQueryLifetime()

    /// A model showing `observation`; it starts observing at once unless `startsObserving` is
    /// false (then call ``start()``).
    public init(_ observation: QueryObservation<Cached<Value>>, startsObserving: Bool = true) {
        self.observation = observation
        self.pendingWriteUpdates = nil
        if startsObserving { start() }
    }

    /// A model showing `observation` and, while it observes, the pending writes each stream
    /// `pendingWriteUpdates` makes yields.
    init(_ observation: QueryObservation<Cached<Value>>,
         pendingWriteUpdates: (@Sendable () -> AsyncStream<[PendingWrite]>)?, startsObserving: Bool = true) {
        self.observation = observation
        self.pendingWriteUpdates = pendingWriteUpdates
        if startsObserving { start() }
    }

    /// Starts observing (again, after ``stop()`` or an error); does nothing while observing.
    public func start() {
        guard !isObserving else { return }
        isObserving = true
        isLoading = value == nil
        error = nil
        let observation = observation
        lifetime.replace(with: Task { [weak self] in
            do {
                for try await result in observation {
                    guard let self else { return }
                    self.show(result)
                }
                self?.finish(with: nil)
            } catch {
                self?.finish(with: error)
            }
        })
        if let pendingWriteUpdates {
            let updates = pendingWriteUpdates()
            pendingLifetime.replace(with: Task { [weak self] in
                for await writes in updates {
                    guard let self else { return }
                    if self.pendingWrites != writes { self.pendingWrites = writes }
                }
            })
        }
    }

    /// Stops observing (cancels a request in flight); the last value stays.
    public func stop() {
        lifetime.cancel()
        pendingLifetime.cancel()
        isObserving = false
        isLoading = false
    }

    deinit {
        lifetime.cancel()
        pendingLifetime.cancel()
    }

    private func show(_ result: Cached<Value>) {
        value = result.value
        isStale = result.isStale
        isFromNetwork = result.isFromNetwork
        hasPendingEdits = result.hasPendingEdits
        fetchedAt = result.fetchedAt
        isLoading = false
    }

    private func finish(with error: (any Error)?) {
        guard isObserving else { return }
        isObserving = false
        isLoading = false
        if let error, !Self.isCancellation(error) { self.error = error }
    }

    /// Whether `error` only says the observation was stopped.
    private static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if case .cancelled? = error as? NeonError { return true }
        return false
    }
}

/// The task a ``LiveQuery`` observes in, cancellable from its deinit.
final class LiveQueryLifetime: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Void, Never>?

    func replace(with task: Task<Void, Never>) {
        let old = lock.withLock { () -> Task<Void, Never>? in
            defer { self.task = task }
            return self.task
        }
        old?.cancel()
    }

    func cancel() {
        lock.withLock { task }?.cancel()
    }
}
