import Logging

/// The outcome of one statement: its RowDescription, its rows as PostgreSQL text, its command tag.
struct StatementResult: Sendable {
    var columns: [ColumnDescription]
    /// Each row's values as PostgreSQL text, `nil` for NULL.
    var rows: [[String?]]
    /// The CommandComplete tag (`SELECT 3`, `INSERT 0 1`, `CREATE TABLE`, `""` for an empty query).
    var commandTag: String
}

/// Runs one statement the way Neon's proxy does: extended protocol with an unnamed statement,
/// every parameter as untyped text, results in text format, one statement per query. The portal is
/// described, so a statement that returns no rows still reports its columns (`SELECT ... WHERE false`,
/// `UPDATE ... RETURNING` that matched nothing) and one without a result set reports none.
struct StatementExecutor {
    var connection: WireConnection
    var logger: Logger
    /// Rows are collected up to this many bytes of raw data before the request fails with 507
    /// (a guard against running out of memory; the exact limit is checked while rendering JSON).
    var collectionByteLimit: Int
    var maximumResponseBytes: Int

    /// - Parameter isLastStatement: the request's last statement: the session reset is written with it.
    func execute(_ request: QueryRequest, isLastStatement: Bool) async throws(NeonError) -> StatementResult {
        // A cancelled request (client gone) starts no further statement.
        if Task.isCancelled { throw NeonError.user("query was cancelled") }
        do {
            return try await connection.execute(
                request.query, parameters: request.params, rowByteLimit: collectionByteLimit, resetAfterwards: isLastStatement)
        } catch .resultTooLarge {
            throw NeonError.responseTooLarge(limit: maximumResponseBytes)
        } catch {
            throw PayloadExecutor.queryError(error)
        }
    }
}
