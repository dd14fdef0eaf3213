import Logging
import NIOConcurrencyHelpers

/// Cancels the statement running on one leased connection when its request is cancelled, the way
/// Neon's proxy sends a CancelRequest when the HTTP client disconnects (reference §4).
///
/// postgres-nio does not expose the connection's BackendKeyData (for a CancelRequest), so the cancellation is
/// `pg_cancel_backend(pid)` on the admin connection. It is repeated until the lease ends
/// (``finish()``), so that a statement started just after a cancellation arrived is cancelled too;
/// ``finish()`` waits for the last attempt, so no cancellation can reach the backend after the
/// connection was closed or handed to another request.
final class BackendCanceller: Sendable {
    private enum State {
        case running
        case cancelling(Task<Void, Never>)
        case finished
    }

    /// Pause between two cancellation attempts.
    static let retryInterval: Duration = .milliseconds(200)

    private let pid: Int32?
    private let pools: UpstreamPools
    private let logger: Logger
    private let state = NIOLockedValueBox(State.running)

    init(pid: Int32?, pools: UpstreamPools, logger: Logger) {
        self.pid = pid
        self.pools = pools
        self.logger = logger
    }

    /// Starts cancelling (called from a task-cancellation handler: returns at once).
    func cancel() {
        state.withLockedValue { state in
            guard case .running = state else { return }
            state = .cancelling(Task { await self.cancelUntilFinished() })
        }
    }

    /// Ends the lease: stops cancelling and waits for an attempt in flight.
    /// - Returns: whether cancellation had started (the connection's session is then in doubt).
    func finish() async -> Bool {
        let previous = state.withLockedValue { state -> State in
            defer { state = .finished }
            return state
        }
        switch previous {
        case .cancelling(let task):
            await task.value
            return true
        case .running, .finished:
            return false
        }
    }

    private var isFinished: Bool {
        state.withLockedValue { state in
            if case .finished = state { return true }
            return false
        }
    }

    private func cancelUntilFinished() async {
        guard let pid else {
            logger.warning("cannot cancel the statement of a disconnected client: its backend is unknown")
            return
        }
        logger.debug("client went away; cancelling its statement", metadata: ["pid": "\(pid)"])
        while !isFinished {
            await pools.cancelBackend(pid: pid)
            if isFinished { return }
            try? await Task.sleep(for: Self.retryInterval)
        }
    }
}
