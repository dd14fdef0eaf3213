import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// The PostgreSQL process id of each open pooled connection (what `pg_cancel_backend` needs), asked
/// once per connection instead of once per request.
///
/// postgres-nio keeps the connection's BackendKeyData to itself, so the id is read with
/// `pg_backend_pid()` on the connection's first lease and remembered until the connection closes.
final class BackendPIDs: Sendable {
    private let pids = NIOLockedValueBox<[ObjectIdentifier: Int32]>([:])

    /// The process serving `connection`, `nil` if it cannot be read.
    func pid(of connection: PostgresConnection, logger: Logger) async -> Int32? {
        let key = ObjectIdentifier(connection)
        if let pid = pids.withLockedValue({ $0[key] }) {
            return pid
        }
        guard let pid = await Self.read(connection, logger: logger) else { return nil }
        pids.withLockedValue { $0[key] = pid }
        // The closure keeps the connection alive until the entry is gone, so no later connection
        // can reuse the identifier while it still names this one's process.
        connection.closeFuture.whenComplete { [pids] _ in
            _ = pids.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(connection)) }
        }
        return pid
    }

    private static func read(_ connection: PostgresConnection, logger: Logger) async -> Int32? {
        do {
            let rows = try await connection.query("SELECT pg_catalog.pg_backend_pid()", logger: logger)
            var pid: Int32?
            for try await row in rows {
                pid = try row.decode(Int32.self)
            }
            return pid
        } catch {
            return nil
        }
    }
}
