import Foundation

/// How `:copyfrom` queries send many rows: every row in one `INSERT ... SELECT * FROM unnest(...)`
/// statement (one request, one round trip), split into several statements only when one request
/// would be larger than Neon accepts.
public enum CopyFrom {
    /// The largest request body a `:copyfrom` statement is built to: below the 10 MiB that Neon's
    /// proxy accepts by default (`max_request_size_bytes`), with room for headers.
    public static let defaultMaxRequestBytes = 8 * 1024 * 1024
}

extension QueryExecutor {
    /// Inserts `rows` with the statements `statement` builds (the generated `:copyfrom` method
    /// calls it) and returns the number of rows inserted.
    ///
    /// All rows go in one statement when its request body is at most `maxRequestBytes`; otherwise
    /// the rows are halved until each part fits, and the parts are sent one request each, in
    /// order: each part is atomic, the whole is not (a failure leaves the parts sent before it
    /// inserted). No request is sent for an empty array.
    /// - Throws: ``NeonError``; ``NeonError/encoding(_:)`` for a value that cannot be encoded.
    public func copyFrom<Row>(
        _ rows: [Row], maxRequestBytes: Int = CopyFrom.defaultMaxRequestBytes,
        statement: (ArraySlice<Row>) -> Statement<Int>
    ) async throws -> Int {
        var inserted = 0
        var pending: [ArraySlice<Row>] = rows.isEmpty ? [] : [rows[...]]
        while let part = pending.popLast() {
            let built = statement(part)
            if let failure = built.bindings.failure { throw NeonError.encoding(failure) }
            if part.count > 1, RequestBody.single(sql: built.sql, parameters: built.bindings.values).count > maxRequestBytes {
                let middle = part.startIndex + part.count / 2
                pending.append(part[middle...])
                pending.append(part[..<middle])
                continue
            }
            inserted += try await execute(built)
        }
        return inserted
    }
}
