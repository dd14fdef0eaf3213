import NIOConcurrencyHelpers

/// Bounds the work neon-local takes on, so that overload is answered instead of piling up: at most
/// `maximumRunning` requests run at once; up to `maximumWaiting` more wait (first come, first served)
/// at most `maximumWait` each; anything beyond is rejected at once.
///
/// Rejections are answered like Neon's proxy does when it cannot get a connection (docs/neon-sql-over-http.md §7.2):
/// HTTP 500 with a proxy error body (see ``Rejection/error``).
final class AdmissionGate: Sendable {
    /// Why a request was not admitted.
    enum Rejection: Error, Sendable, Equatable {
        /// `maximumWaiting` requests were already waiting.
        case queueFull
        /// The request waited `maximumWait` without getting a turn.
        case waitedTooLong
        /// The request was cancelled (its client went away) while waiting.
        case cancelled

        /// The answer for the client: Neon's 500 texts.
        var error: NeonError {
            switch self {
            case .queueFull:
                return .internalError("Too many connections to this endpoint. Please try again later.")
            case .waitedTooLong, .cancelled:
                return .internalError("Failed to acquire permit to connect to the database. Too many database connection attempts are currently ongoing.")
            }
        }
    }

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var running = 0
        var waiting: [Waiter] = []
        /// Ids admitted to the queue and not yet granted or abandoned (registered in `waiting` or about to be).
        var queued: Set<UInt64> = []
        var nextID: UInt64 = 0
    }

    let maximumRunning: Int
    let maximumWaiting: Int
    let maximumWait: Duration
    private let state = NIOLockedValueBox(State())

    /// Creates a gate; `maximumRunning` is at least 1, `maximumWaiting` at least 0.
    init(maximumRunning: Int, maximumWaiting: Int, maximumWait: Duration) {
        self.maximumRunning = max(1, maximumRunning)
        self.maximumWaiting = max(0, maximumWaiting)
        self.maximumWait = maximumWait
    }

    /// Requests running and waiting now (for tests and logs).
    var load: (running: Int, waiting: Int) {
        state.withLockedValue { ($0.running, $0.queued.count) }
    }

    /// Runs `body` once admitted, or throws the ``Rejection``.
    func withPermit<T: Sendable>(_ body: () async -> T) async throws(Rejection) -> T {
        try await acquire()
        defer { release() }
        return await body()
    }

    private enum Admission {
        case admitted
        case wait(UInt64)
        case rejected
    }

    private func acquire() async throws(Rejection) {
        let admission = state.withLockedValue { state -> Admission in
            if state.running < maximumRunning {
                state.running += 1
                return .admitted
            }
            if state.queued.count >= maximumWaiting { return .rejected }
            state.nextID += 1
            state.queued.insert(state.nextID)
            return .wait(state.nextID)
        }
        let id: UInt64
        switch admission {
        case .admitted: return
        case .rejected: throw .queueFull
        case .wait(let waiterID): id = waiterID
        }
        let timeout = Task { [maximumWait] in
            try? await Task.sleep(for: maximumWait)
            self.abandon(id)
        }
        defer { timeout.cancel() }
        let admitted = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let resumeNow = state.withLockedValue { state -> Bool in
                    // The timeout or a cancellation may already have abandoned this id: do not wait then.
                    guard state.queued.contains(id), !Task.isCancelled else {
                        state.queued.remove(id)
                        return true
                    }
                    state.waiting.append(Waiter(id: id, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume(returning: false) }
            }
        } onCancel: {
            self.abandon(id)
        }
        if !admitted {
            throw Task.isCancelled ? .cancelled : .waitedTooLong
        }
    }

    /// Gives the turn to the first waiter, or frees the slot.
    private func release() {
        let next = state.withLockedValue { state -> Waiter? in
            if state.waiting.isEmpty {
                state.running -= 1
                return nil
            }
            let first = state.waiting.removeFirst()
            state.queued.remove(first.id)
            return first
        }
        next?.continuation.resume(returning: true)
    }

    /// Stops waiting for `id` (timeout or cancellation), if it still waits.
    private func abandon(_ id: UInt64) {
        let waiter = state.withLockedValue { state -> Waiter? in
            state.queued.remove(id)
            guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiting.remove(at: index)
        }
        waiter?.continuation.resume(returning: false)
    }
}
