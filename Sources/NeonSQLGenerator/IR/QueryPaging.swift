/// How a `:many` query with `-- @page size N by k1, k2` is read page by page: the SQL of the first
/// page and of every later one, which adds the keyset predicate `(k1, k2) > ($a, $b)` on the last
/// row's key values (bound after the query's own parameters), never OFFSET.
struct QueryPaging: Sendable, Hashable {
    /// Rows per request.
    let size: Int
    /// The key columns, as indices into the query's columns, in ORDER BY order.
    let keyColumns: [Int]
    /// The query's order is descending (the predicate is then `<`).
    let descending: Bool
    /// `SELECT ... FROM (<query>) AS neon_sql_page ORDER BY <keys> LIMIT <size>`.
    let firstPageSQL: String
    /// The same with `WHERE (<keys>) > ($n+1, ...)`.
    let nextPageSQL: String
}
