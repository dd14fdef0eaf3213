import Foundation

/// A cached read on a network that hangs answers from the cache in time.
extension CachedReads {
    /// ``fetchShared(_:key:lease:body:cache:)``, but when the answer has not come within
    /// ``NeonConfiguration/cachedReadDeadline``, `fallback` (an entry past its max-age, not made
    /// stale by a write) marked stale. The request goes on in
    /// a task of its own: its result is stored, and so reaches the key's observations, when it
    /// lands. Cancelling the caller before the deadline cancels the request (unless an identical
    /// read shares it); a failure before the deadline is thrown (the caller's offline rules
    /// apply), after it is dropped.
    func fetchShared<R: Sendable>(
        _ statement: Statement<R>, key: CacheKey, lease: TokenLease, body: Data?, cache: QueryCache,
        orAfterDeadline fallback: Cached<R>
    ) async throws -> Cached<R> {
        let reads = self
        let race = DeadlineRace<Cached<R>>()
        let fetch = Task {
            do {
                race.finish(.success(try await reads.fetchShared(statement, key: key, lease: lease, body: body, cache: cache)))
            } catch {
                race.finish(.failure(error))
            }
        }
        let deadline = configuration.cachedReadDeadline
        let timer = Task {
            try await Task.sleep(for: deadline)
            race.finish(nil)
        }
        defer { timer.cancel() }
        let outcome = await withTaskCancellationHandler {
            await race.wait()
        } onCancel: {
            fetch.cancel()
            race.finish(.failure(NeonError.cancelled))
        }
        if let outcome { return try outcome.get() }
        cache.emit(.hit(query: statement.name, isStale: true))
        return Cached(value: fallback.value, fetchedAt: fallback.fetchedAt, isStale: true, isFromNetwork: false)
    }
}

/// The first of a fetch's outcome and its deadline (nil), awaited once.
private final class DeadlineRace<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: Result<Value, any Error>??
    private var waiter: CheckedContinuation<Result<Value, any Error>?, Never>?

    /// Records the first outcome (later ones are ignored) and hands it to the waiter.
    func finish(_ result: Result<Value, any Error>?) {
        let waiter: CheckedContinuation<Result<Value, any Error>?, Never>? = lock.withLock {
            guard outcome == nil else { return nil }
            outcome = .some(result)
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume(returning: result)
    }

    func wait() async -> Result<Value, any Error>? {
        await withCheckedContinuation { continuation in
            let finished: Result<Value, any Error>?? = lock.withLock {
                if let outcome { return .some(outcome) }
                waiter = continuation
                return nil
            }
            if let finished { continuation.resume(returning: finished) }
        }
    }
}
