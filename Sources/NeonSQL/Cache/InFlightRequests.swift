import Foundation

/// Identical reads in flight share one request: the first caller's fetch runs in a task of its
/// own, and every caller of the same key waits for it. A waiter that is cancelled stops waiting
/// at once (``NeonError/cancelled``); the fetch is cancelled when its last waiter is.
final class InFlightRequests: @unchecked Sendable {
    /// A fetched result: the decoded value, the response body and when the request started.
    struct Fetched: Sendable {
        let value: any Sendable
        let body: Data
        let fetchedAt: Date
    }

    private final class Call: @unchecked Sendable {
        var waiters: [UUID: CheckedContinuation<Fetched, any Error>] = [:]
        var task: Task<Void, Never>?
    }

    private let lock = NSLock()
    private var calls: [CacheKey: Call] = [:]

    /// Runs `fetch` for `key`, or joins the run already in flight.
    func run(_ key: CacheKey, _ fetch: @escaping @Sendable () async throws -> Fetched) async throws -> Fetched {
        let id = UUID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Fetched, any Error>) in
                lock.lock()
                if Task.isCancelled {
                    lock.unlock()
                    continuation.resume(throwing: NeonError.cancelled)
                    return
                }
                if let call = calls[key] {
                    call.waiters[id] = continuation
                    lock.unlock()
                    return
                }
                let call = Call()
                call.waiters[id] = continuation
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
            guard let call = calls[key], let continuation = call.waiters.removeValue(forKey: id) else {
                lock.unlock()
                return
            }
            if call.waiters.isEmpty {
                calls[key] = nil
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
