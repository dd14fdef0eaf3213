/// What an `:execresult` query returns: the rows it affected and PostgreSQL's command tag.
///
/// ```swift
/// let result = try await queries.archiveOldPosts(before: cutoff)
/// print(result.command, result.rowsAffected)   // "UPDATE" 12
/// ```
public struct ExecResult: Sendable, Hashable, Codable {
    /// Rows inserted, updated, deleted (or returned, for a statement with rows); 0 when the
    /// command reports no count.
    public var rowsAffected: Int
    /// The command tag's verb as Neon reports it: `INSERT`, `UPDATE`, `DELETE`, `MERGE`, `SELECT`...
    public var command: String

    /// Creates a result (for test doubles and previews).
    public init(rowsAffected: Int, command: String) {
        self.rowsAffected = rowsAffected
        self.command = command
    }
}
