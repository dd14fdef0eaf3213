import Logging
import PostgresNIO

/// Clears session state before a connection goes back to the pool, so nothing leaks between
/// requests (reference §4: Neon runs ROLLBACK; CLOSE ALL; SET SESSION AUTHORIZATION DEFAULT;
/// RESET ALL; DEALLOCATE ALL; UNLISTEN *; pg_advisory_unlock_all(); DISCARD TEMP; DISCARD SEQUENCES).
/// `DISCARD ALL` does all of these but the ROLLBACK (plus DISCARD PLANS).
enum SessionReset {
    static let statements = ["ROLLBACK", "DISCARD ALL"]

    /// Resets the session; on failure the connection is closed so the pool replaces it.
    static func reset(_ connection: PostgresConnection, logger: Logger) async {
        do {
            for statement in statements {
                let rows = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                for try await _ in rows {}
            }
        } catch {
            logger.warning("session reset failed; closing the connection", metadata: ["error": "\(String(describing: type(of: error)))"])
            try? await connection.close()
        }
    }
}
