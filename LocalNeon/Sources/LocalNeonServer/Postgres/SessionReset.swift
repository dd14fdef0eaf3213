/// Clears session state before a connection goes back to the pool, so nothing leaks between
/// requests (docs/neon-sql-over-http.md §4: Neon runs ROLLBACK; CLOSE ALL; SET SESSION AUTHORIZATION DEFAULT;
/// RESET ALL; DEALLOCATE ALL; UNLISTEN *; pg_advisory_unlock_all(); DISCARD TEMP; DISCARD SEQUENCES).
/// `DISCARD ALL` does all of these but the ROLLBACK (plus DISCARD PLANS).
///
/// It costs no round trip of its own: ``WireConnection/execute(_:parameters:rowByteLimit:resetAfterwards:)``
/// writes `DISCARD ALL` as a simple query in the same packet as a request's last statement, and
/// ``WireConnection/resetSession()`` waits for its answer. `DISCARD ALL` refuses to run inside a
/// transaction block (SQLSTATE 25001) or a failed one (25P02), which is exactly when a `ROLLBACK` is
/// needed (a request whose only statement was `BEGIN`); only then are `ROLLBACK` and `DISCARD ALL`
/// sent after it. A reset that fails closes the connection, so the pool replaces it.
enum SessionReset {
    static let discardAll = "DISCARD ALL"
    static let rollback = "ROLLBACK"
    /// SQLSTATEs with which `DISCARD ALL` refuses to run inside a transaction block (open or failed).
    static let transactionBlockStates: Set<String> = ["25001", "25P02"]
}
