import NIOConcurrencyHelpers

/// A pooled connection held for one request, whose session reset finishes after the request is
/// answered: ``giveBack(_:)`` returns at once, and the connection goes back to the pool only once
/// its session is reset (or it is closed), so the next request that leases it finds a clean session.
final class ConnectionLease: Sendable {
    /// What happens to the connection when the request is done with it.
    enum Return: Sendable {
        /// Reset its session (``SessionReset``), then back to the pool.
        case reset
        /// Close it (its session is in doubt, e.g. a statement was cancelled); the pool replaces it.
        case close
    }

    /// The leased connection.
    let connection: WireConnection
    private let pool: WirePool
    private let returned = NIOLockedValueBox(false)

    private init(connection: WireConnection, pool: WirePool) {
        self.connection = connection
        self.pool = pool
    }

    /// Leases a connection from `pool` (waiting, cancellably, while all are busy).
    static func lease(from pool: WirePool) async throws(WireError) -> ConnectionLease {
        ConnectionLease(connection: try await pool.lease(), pool: pool)
    }

    /// Hands the connection back (once; later calls do nothing).
    func giveBack(_ action: Return) {
        let first = returned.withLockedValue { returned in
            defer { returned = true }
            return !returned
        }
        guard first else { return }
        switch action {
        case .reset:
            connection.resetSession().whenComplete { [pool, connection] result in
                if case .success(true) = result {
                    pool.giveBack(connection)
                } else {
                    pool.discard(connection)
                }
            }
        case .close:
            pool.discard(connection)
        }
    }
}
