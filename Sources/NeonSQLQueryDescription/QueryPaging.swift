/// How a `:many` query with `-- @page size N by k1, k2` is read page by page: the SQL of the first
/// page and of every later one, which adds the keyset predicate `(k1, k2) > ($a, $b)` on the last
/// row's key values (bound after the query's own parameters), never OFFSET.
package struct QueryPaging: Sendable, Hashable {
    /// Rows per request.
    package let size: Int
    /// The key columns, as indices into the query's columns, in ORDER BY order.
    package let keyColumns: [Int]
    /// The query's order is descending (the predicate is then `<`).
    package let descending: Bool
    /// `SELECT ... FROM (<query>) AS neon_sql_page ORDER BY <keys> LIMIT <size>`.
    package let firstPageSQL: String
    /// The same with `WHERE (<keys>) > ($n+1, ...)`.
    package let nextPageSQL: String

    /// Every stored property, as the memberwise initializer takes them.
    package init(size: Int, keyColumns: [Int], descending: Bool, firstPageSQL: String, nextPageSQL: String) {
        self.size = size
        self.keyColumns = keyColumns
        self.descending = descending
        self.firstPageSQL = firstPageSQL
        self.nextPageSQL = nextPageSQL
    }
}
