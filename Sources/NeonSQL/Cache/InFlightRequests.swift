import Foundation

/// Identical reads in flight share one request: the first caller's fetch runs in a task of its
/// own, and every caller of the same key waits for it, as long as no write has invalidated what
/// it reads since its request started. A read that starts after such a write gets a request of
/// its own (read-your-writes: it never receives rows fetched before the write); the older
/// request still answers its own waiters. A waiter that is cancelled stops waiting at once
/// (``NeonError/cancelled``); a fetch is cancelled when its last waiter is.
final class InFlightRequests: @unchecked Sendable {
    /// A fetched result: the decoded value, the response body, when the request started, and
    /// whether a write finished while it was in flight (what it read may have changed since).
    struct Fetched: Sendable {
        let value: any Sendable
        let body: Data
        let fetchedAt: Date
        let isStale: Bool
    }

    private final class Call: @unchecked Sendable {
        /// ``QueryCache``'s invalidation count when the call started.
        let invalidations: UInt64
        var waiters: [UUID: CheckedContinuation<Fetched, any Error>] = [:]
        var task: Task<Void, Never>?
        init(invalidations: UInt64) { self.invalidations = invalidations }
    }

    /// The call a waiter waits on (set under the lock), for its cancellation.
    private final class Joined: @unchecked Sendable {
        var call: Call?
    }

    private let lock = NSLock()
    /// The call a new read of each key may join.
    private var calls: [CacheKey: Call] = [:]

    /// Runs `fetch` for `key`, or joins the run already in flight unless `isOutdated` says a
    /// write invalidated its reads after it started.
    /// - Parameters:
    ///   - invalidations: the cache's invalidation count, read before this call (recorded with a
    ///     new run: a write counted after it makes the run outdated).
    ///   - isOutdated: whether an invalidation after the given count concerns `key`'s reads;
    ///     called under this object's lock (it must not call back into it).
    func run(_ key: CacheKey, invalidations: UInt64, isOutdated: (UInt64) -> Bool,
             _ fetch: @escaping @Sendable () async throws -> Fetched) async throws -> Fetched {
        let id = UUID()
        let joined = Joined()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Fetched, any Error>) in
                lock.lock()
                if Task.isCancelled {
                    lock.unlock()
                    continuation.resume(throwing: NeonError.cancelled)
                    return
                }
                if let call = calls[key], !isOutdated(call.invalidations) {
                    call.waiters[id] = continuation
                    joined.call = call
                    lock.unlock()
                    return
                }
                let call = Call(invalidations: invalidations)
                call.waiters[id] = continuation
                joined.call = call
                calls[key] = call
                call.task = Task {
                    let result: Result<Fetched, any Error>
                    do {
                        result = .success(try await fetch())
                    } catch {
                        result = .failure(error)
                    }
                    self.finish(key, call, result)
                }
                lock.unlock()
            }
        } onCancel: {
            lock.lock()
            guard let call = joined.call, let continuation = call.waiters.removeValue(forKey: id) else {
                lock.unlock()
                return
            }
            if call.waiters.isEmpty {
                if calls[key] === call { calls[key] = nil }
                call.task?.cancel()
            }
            lock.unlock()
            continuation.resume(throwing: NeonError.cancelled)
        }
    }

    /// How many callers are waiting for requests in flight (for tests).
    var waiterCount: Int {
        lock.withLock { calls.values.reduce(0) { $0 + $1.waiters.count } }
    }

    private func finish(_ key: CacheKey, _ call: Call, _ result: Result<Fetched, any Error>) {
        lock.lock()
        if calls[key] === call { calls[key] = nil }
        let waiters = Array(call.waiters.values)
        call.waiters.removeAll()
        lock.unlock()
        for waiter in waiters { waiter.resume(with: result) }
    }
}
