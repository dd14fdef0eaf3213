import Foundation

/// A durable queue of writes that survives a bad network, a crash and `kill -9`: set
/// ``NeonConfiguration/outbox`` and call ``NeonClient/enqueue(_:optimistic:)->QueuedWrite<Result>`` instead of `execute` for a
/// write that must not be lost.
///
/// ```swift
/// var configuration = try NeonConfiguration(connectionString: url, authentication: .bearerToken(token))
/// configuration.exactlyOnceWrites = ExactlyOnceWrites()        // required
/// configuration.outbox = Outbox(directory: appGroupURL.appendingPathComponent("outbox"))
/// let client = NeonClient(configuration: configuration)
/// try await client.enqueue(Statements.markMyDuaCompleted(duaId: 7, xpEarned: 10))
/// ```
///
/// - `enqueue` returns once the write and its idempotency key are on disk (written and
///   `fsync`ed); it is sent at once when the network allows.
/// - Writes are replayed in enqueue order, each under the identity that enqueued it only
///   (``CacheIdentity``: the JWT's subject and role, or the connection's user), with the key
///   chosen at enqueue, so a write an earlier attempt committed is recognised, not applied twice.
/// - Several writes go in one request (one transaction); a write the database refuses is
///   isolated by bisection and reported (``OutboxOutcome/rejected(_:)``), the others still apply
///   in order.
/// - Every process that opens the same directory (an app and its widget, through an app group)
///   shares the queue: one of them drains at a time (a file lock the system releases on a crash).
///
/// One `Outbox` value serves every client made from the configuration holding it; create one
/// per directory and process. See the "Writing offline" article.
public final class Outbox: @unchecked Sendable {
    /// The directory holding the queue (`writes.log`, its lock files, `quarantine/`).
    public let directory: URL
    /// How much the queue may hold (``OutboxError/full(_:)`` beyond).
    public let limit: OutboxLimit
    /// How long draining waits after a failure outside the writes.
    public let retryPolicy: OutboxRetryPolicy
    /// Writes per request at most when draining (default 100).
    public let maxWritesPerRequest: Int
    /// Bytes of SQL and parameters per request at most when draining (default 1 MiB).
    public let maxBytesPerRequest: Int

    let state = NSLock()
    private var openedLog: OutboxLog?
    private var openedDrainLock: OutboxFileLock?
    var schedule = DrainSchedule()
    private var settlementWaiters: [UUID: [(token: UUID, continuation: CheckedContinuation<OutboxOutcome, any Error>)]] = [:]
    private var settled: [UUID: OutboxOutcome] = [:]
    private var settledOrder: [UUID] = []
    private var outcomeSubscribers: [UUID: AsyncStream<OutboxOutcome>.Continuation] = [:]
    private var pendingSubscribers: [UUID: AsyncStream<[PendingWrite]>.Continuation] = [:]
    private var lifecycleHandlers: [@Sendable (OutboxLifecycleEvent) -> Void] = []
    /// The caches holding optimistic edits (``CacheEdits``) of writes enqueued by this process,
    /// by write: settled when the write is.
    private var editedWrites: [UUID: QueryCache] = [:]
    /// Whether this process knows of pending writes (so a successful request wakes the drainer).
    var mayHavePending = true

    /// An outbox in `directory` (created if needed; use an app-group container to share it with
    /// extensions).
    public init(directory: URL, limit: OutboxLimit = .default, retryPolicy: OutboxRetryPolicy = .default,
                maxWritesPerRequest: Int = 100, maxBytesPerRequest: Int = 1024 * 1024) {
        self.directory = directory
        self.limit = limit
        self.retryPolicy = retryPolicy
        self.maxWritesPerRequest = max(1, maxWritesPerRequest)
        self.maxBytesPerRequest = max(1, maxBytesPerRequest)
    }

    // MARK: Observing

    /// The writes waiting to be applied, of every identity, in enqueue order (read from the
    /// directory, so writes other processes enqueued are included).
    public func pendingWrites() async throws -> [PendingWrite] {
        try await log().pending().map(PendingWrite.init)
    }

    /// The pending writes now, then again after every change this process makes or sees (an
    /// enqueue, a write settled, a drain that read other processes' writes): for "3 changes
    /// waiting to sync".
    public func pendingWritesUpdates() -> AsyncStream<[PendingWrite]> {
        let (stream, continuation) = AsyncStream<[PendingWrite]>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        state.withLock { pendingSubscribers[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { self?.pendingSubscribers.removeValue(forKey: id) }
        }
        Task { [weak self] in
            guard let self, let log = try? self.log(), let pending = try? await log.pending() else { return }
            continuation.yield(pending.map(PendingWrite.init))
        }
        return stream
    }

    /// Every outcome this process settles or learns of from now on: applied writes (with their
    /// results), rejections (with the database error), discarded writes, damage moved to
    /// `quarantine/`. Each call returns a stream of its own.
    public func outcomes() -> AsyncStream<OutboxOutcome> {
        let (stream, continuation) = AsyncStream<OutboxOutcome>.makeStream()
        let id = UUID()
        state.withLock { outcomeSubscribers[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { self?.outcomeSubscribers.removeValue(forKey: id) }
        }
        return stream
    }

    // MARK: Controlling

    /// Tells the outbox the network is reachable again (from `NWPathMonitor`, say): a drain
    /// waiting out a backoff starts at once.
    public func networkBecameReachable() {
        wake(client: nil)
    }

    /// Removes the pending writes of `identity` without sending them (a sign-out that should not
    /// keep them): each is reported as ``OutboxOutcome/discarded(_:)``. Without this, a signed-out
    /// identity's writes stay queued and are sent when it signs in again (never under another).
    /// Waits for a drain in progress (in any process) to finish its request first.
    /// - Returns: the discarded writes.
    @discardableResult
    public func discardPendingWrites(of identity: CacheIdentity) async throws -> [PendingWrite] {
        let lock = try drainLock()
        try await lock.acquire()
        defer { lock.release() }
        let log = try log()
        let writes = try await log.pending(identity: identity.digest)
        try await log.resolve(writes.map { StoredResolution(id: $0.id, kind: .discarded, results: nil, rejection: nil) })
        for write in writes { deliver(.discarded(PendingWrite(write)), effects: nil) }
        await publishPending()
        return writes.map(PendingWrite.init)
    }

    // MARK: Internal

    /// The log, opened on first use.
    func log() throws -> OutboxLog {
        try state.withLock {
            if let openedLog { return openedLog }
            let log = try OutboxLog(directory: directory)
            openedLog = log
            return log
        }
    }

    /// The lock the draining process holds.
    func drainLock() throws -> OutboxFileLock {
        try state.withLock {
            if let openedDrainLock { return openedDrainLock }
            _ = try OutboxLog.ensureDirectory(directory)
            let lock = try OutboxFileLock(url: directory.appendingPathComponent("drain.lock"))
            openedDrainLock = lock
            return lock
        }
    }

    /// Adds a handler told synchronously of every write's life in this process (enqueued before
    /// the drainer can send it; applied; rejected; discarded): the seam optimistic edits and the
    /// observation of pending writes attach to.
    func addLifecycleHandler(_ handler: @escaping @Sendable (OutboxLifecycleEvent) -> Void) {
        state.withLock { lifecycleHandlers.append(handler) }
    }

    /// Remembers that `cache` shows optimistic edits of `write`, to settle them with the write.
    func recordEdits(of write: UUID, in cache: QueryCache) {
        state.withLock { editedWrites[write] = cache }
    }

    /// Settles the optimistic edits of a settled write: undone when it was rejected or discarded;
    /// when applied, they stay until a refetch that includes the write is stored (the drainer
    /// settles its own applied writes with their invalidation; this covers writes another process
    /// applied).
    private func settleEdits(of id: UUID, _ outcome: OutboxOutcome) {
        guard let cache = state.withLock({ editedWrites.removeValue(forKey: id) }) else { return }
        switch outcome {
        case .applied: cache.settleEdits(of: id, .applied)
        case .rejected, .discarded, .damaged: cache.settleEdits(of: id, .rejected)
        }
    }

    /// Reports an enqueued write to the lifecycle handlers and the pending-list subscribers.
    func didEnqueue(_ write: StoredWrite, effects: TableEffects) async {
        let (handlers, observed) = state.withLock {
            mayHavePending = true
            return (lifecycleHandlers, !pendingSubscribers.isEmpty)
        }
        let pending = PendingWrite(write)
        for handler in handlers { handler(.enqueued(pending, effects: effects)) }
        // The list is built only for someone observing it (an enqueue stays one append + fsync).
        if observed { await publishPending() }
    }

    /// Delivers a settled write's outcome: lifecycle handlers, outcome subscribers, waiters.
    func deliver(_ outcome: OutboxOutcome, effects: TableEffects?) {
        let id: UUID?
        switch outcome {
        case .applied(let applied): id = applied.id
        case .rejected(let rejection): id = rejection.id
        case .discarded(let pending): id = pending.id
        case .damaged: id = nil
        }
        let (handlers, subscribers, waiters) = state.withLock {
            var waiters: [CheckedContinuation<OutboxOutcome, any Error>] = []
            if let id {
                if settled[id] == nil {
                    settledOrder.append(id)
                    if settledOrder.count > 4096 { settled.removeValue(forKey: settledOrder.removeFirst()) }
                }
                settled[id] = outcome
                waiters = settlementWaiters.removeValue(forKey: id)?.map(\.continuation) ?? []
            }
            return (lifecycleHandlers, Array(outcomeSubscribers.values), waiters)
        }
        let event: OutboxLifecycleEvent?
        switch outcome {
        case .applied(let applied): event = .applied(applied, effects: effects ?? TableEffects())
        case .rejected(let rejection): event = .rejected(rejection)
        case .discarded(let pending): event = .discarded(pending)
        case .damaged: event = nil
        }
        if let id { settleEdits(of: id, outcome) }
        if let event { for handler in handlers { handler(event) } }
        for subscriber in subscribers { subscriber.yield(outcome) }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    /// Sends the current pending list to the subscribers.
    func publishPending() async {
        let subscribers = state.withLock { Array(pendingSubscribers.values) }
        guard let log = try? log() else { return }
        let pending = await log.cachedPending()
        state.withLock { mayHavePending = !pending.isEmpty }
        guard !subscribers.isEmpty else { return }
        let list = pending.map(PendingWrite.init)
        for subscriber in subscribers { subscriber.yield(list) }
    }

    /// Delivers the outcomes of awaited writes another process settled (read from the log).
    func deliverSettlementsReadFromLog() async {
        let awaited = state.withLock { Array(settlementWaiters.keys) }
        guard !awaited.isEmpty, let log = try? log() else { return }
        for id in awaited {
            guard await !log.isPending(id) else { continue }
            guard let resolution = await log.resolution(of: id) else {
                // Settled by another process and its record already compacted away.
                deliver(.applied(AppliedWrite(id: id, names: [], wasAppliedEarlier: true, statementResults: nil)), effects: nil)
                continue
            }
            deliver(Self.outcome(of: resolution, names: []), effects: nil)
        }
    }

    static func outcome(of resolution: StoredResolution, names: [String]) -> OutboxOutcome {
        switch resolution.kind {
        case .applied, .appliedEarlier:
            return .applied(AppliedWrite(id: resolution.id, names: names, wasAppliedEarlier: resolution.kind == .appliedEarlier,
                                         statementResults: resolution.results))
        case .rejected:
            let error = resolution.rejection?.error ?? .malformedResponse("rejected")
            return .rejected(WriteRejection(id: resolution.id, names: names, error: error))
        case .discarded:
            return .discarded(PendingWrite(id: resolution.id, names: names))
        }
    }

    /// Waits for `id` to be settled (in this process or another).
    func settlement(of id: UUID) async throws -> OutboxOutcome {
        if let known = state.withLock({ settled[id] }) { return known }
        if let log = try? log(), await !log.isPending(id), let resolution = await log.resolution(of: id) {
            return Self.outcome(of: resolution, names: [])
        }
        let token = UUID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let done: OutboxOutcome? = state.withLock {
                    if let known = settled[id] { return known }
                    if Task.isCancelled { return nil }
                    settlementWaiters[id, default: []].append((token, continuation))
                    return nil
                }
                if let done {
                    continuation.resume(returning: done)
                } else if Task.isCancelled, state.withLock({ settlementWaiters[id]?.contains { $0.token == token } != true }) {
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let waiter = state.withLock { () -> CheckedContinuation<OutboxOutcome, any Error>? in
                guard let index = settlementWaiters[id]?.firstIndex(where: { $0.token == token }) else { return nil }
                return settlementWaiters[id]?.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }
}

extension PendingWrite {
    /// A write known only by its id (settled by another process).
    init(id: UUID, names: [String]) {
        self.id = id
        self.names = names
        self.enqueuedAt = Date(timeIntervalSince1970: 0)
        self.identityDigest = ""
        self.tables = TableEffects(readsUnknown: true, writesUnknown: true)
    }
}
