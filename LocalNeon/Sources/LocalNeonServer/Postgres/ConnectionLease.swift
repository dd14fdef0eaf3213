import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// A pooled connection held for one request, whose session reset runs after the request is
/// answered: ``giveBack(_:)`` returns at once, and the connection goes back to the pool only once
/// it is reset (or closed), so the next request that leases it finds a clean session.
///
/// postgres-nio lends connections only for the duration of a closure (`withConnection`), so a
/// small task holds that closure open until the request gives the connection back.
final class ConnectionLease: Sendable {
    /// What happens to the connection when the request is done with it.
    enum Return: Sendable {
        /// Reset its session (``SessionReset``), then back to the pool.
        case reset
        /// Close it (its session is in doubt, e.g. a statement was cancelled); the pool replaces it.
        case close
    }

    /// The leased connection.
    let connection: PostgresConnection
    private let returned: NIOLockedValueBox<CheckedContinuation<Return, Never>?>

    private init(connection: PostgresConnection, returned: CheckedContinuation<Return, Never>) {
        self.connection = connection
        self.returned = NIOLockedValueBox(returned)
    }

    /// Leases a connection from `client` (waiting, cancellably, while all are busy).
    static func lease(from client: PostgresClient, logger: Logger) async throws -> ConnectionLease {
        let holder = NIOLockedValueBox<Task<Void, Never>?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (leased: CheckedContinuation<ConnectionLease, any Error>) in
                let task = Task {
                    do {
                        try await client.withConnection { connection in
                            let action = await withCheckedContinuation { (returned: CheckedContinuation<Return, Never>) in
                                leased.resume(returning: ConnectionLease(connection: connection, returned: returned))
                            }
                            switch action {
                            case .reset:
                                await SessionReset.reset(connection, logger: logger)
                            case .close:
                                try? await connection.close()
                            }
                        }
                    } catch {
                        // Only a failed lease gets here: the closure above never throws.
                        leased.resume(throwing: error)
                    }
                }
                holder.withLockedValue { $0 = task }
            }
        } onCancel: {
            holder.withLockedValue { $0?.cancel() }
        }
    }

    /// Hands the connection back (once; later calls do nothing).
    func giveBack(_ action: Return) {
        let continuation = returned.withLockedValue { returned in
            defer { returned = nil }
            return returned
        }
        continuation?.resume(returning: action)
    }
}
