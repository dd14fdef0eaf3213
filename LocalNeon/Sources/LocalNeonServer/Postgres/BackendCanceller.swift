import Logging
import NIOConcurrencyHelpers

/// Cancels the statement running on one leased connection when its request is cancelled, the way
/// Neon's proxy sends a CancelRequest when the HTTP client disconnects (docs/neon-sql-over-http.md §4).
///
/// The CancelRequest (``WireConnection/cancelRunningStatement()``) is repeated until the lease ends
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

    private let connection: WireConnection
    private let logger: Logger
    private let state = NIOLockedValueBox(State.running)

    init(connection: WireConnection, logger: Logger) {
        self.connection = connection
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
        logger.debug("client went away; cancelling its statement", metadata: ["pid": "\(connection.processID)"])
        while !isFinished {
            if !(await connection.cancelRunningStatement()) {
                logger.warning("could not send a CancelRequest for the statement of a disconnected client")
            }
            if isFinished { return }
            try? await Task.sleep(for: Self.retryInterval)
        }
    }
}
