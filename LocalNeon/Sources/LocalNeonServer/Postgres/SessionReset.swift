import Logging
import PostgresNIO

/// Clears session state before a connection goes back to the pool, so nothing leaks between
/// requests (reference §4: Neon runs ROLLBACK; CLOSE ALL; SET SESSION AUTHORIZATION DEFAULT;
/// RESET ALL; DEALLOCATE ALL; UNLISTEN *; pg_advisory_unlock_all(); DISCARD TEMP; DISCARD SEQUENCES).
/// `DISCARD ALL` does all of these but the ROLLBACK (plus DISCARD PLANS).
///
/// One statement in the usual case: `DISCARD ALL` refuses to run inside a transaction block
/// (SQLSTATE 25001) or an aborted one (25P02), which is exactly when a `ROLLBACK` is needed; only
/// then are `ROLLBACK` and `DISCARD ALL` sent.
enum SessionReset {
    static let discardAll = "DISCARD ALL"
    static let rollback = "ROLLBACK"
    /// What `DISCARD ALL` answers when a transaction block is open or aborted.
    static let transactionBlockStates: Set<String> = ["25001", "25P02"]

    /// Resets the session; on failure the connection is closed so the pool replaces it.
    static func reset(_ connection: PostgresConnection, logger: Logger) async {
        do {
            do {
                try await execute(discardAll, on: connection, logger: logger)
            } catch let error as PSQLError where DatabaseErrorFields(error).map({ transactionBlockStates.contains($0.code) }) == true {
                try await execute(rollback, on: connection, logger: logger)
                try await execute(discardAll, on: connection, logger: logger)
            }
        } catch {
            logger.warning("session reset failed; closing the connection", metadata: ["error": "\(String(describing: type(of: error)))"])
            try? await connection.close()
        }
    }

    /// Runs a statement that returns no rows (through the callback API, which costs less than a row sequence).
    private static func execute(_ statement: String, on connection: PostgresConnection, logger: Logger) async throws {
        _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) { _ in }.get()
    }
}
