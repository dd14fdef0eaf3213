import Foundation

/// Results in the shape the caller wants: what generated code uses for a query of one column
/// (`[Int]` instead of rows) and for a `:one` query PostgreSQL always answers with exactly one row.
extension Statement {
    /// The same statement (SQL, bindings, table effects, cache settings) whose decoded result is
    /// passed through `transform`; `rowCount` says how many rows a mapped result stands for (what
    /// the request observer reports).
    @inlinable
    public func map<Mapped: Sendable>(rowCount: @escaping @Sendable (Mapped) -> Int?,
                                      _ transform: @escaping @Sendable (Result) throws -> Mapped) -> Statement<Mapped> {
        let decode = decoder
        var mapped = Statement<Mapped>(name: name, kind: kind, sql: sql, bindings: bindings, readOnly: isReadOnly, tables: tables,
                                       cacheMaxAge: cacheMaxAge, rowCount: rowCount) { reader in
            try transform(decode(&reader))
        }
        mapped.cachePolicy = cachePolicy
        return mapped
    }

    /// The statement's one row, required: for a `:one` query PostgreSQL answers with exactly one
    /// row whatever the data (an aggregate without GROUP BY, a SELECT without FROM, an INSERT of
    /// one VALUES row with RETURNING). An answer without a row throws ``ResponseDecodingError``.
    @inlinable
    public func exactlyOne<Row: Sendable>() -> Statement<Row> where Result == Row? {
        let query = name
        return map(rowCount: { _ in 1 }) { row in
            guard let row else {
                throw ResponseDecodingError(reason: "'\(query)' returned no row, but PostgreSQL answers it with exactly one")
            }
            return row
        }
    }
}
