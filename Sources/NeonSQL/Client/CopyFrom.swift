import Foundation

/// How `:copyfrom` queries send many rows: every row in one `INSERT ... SELECT * FROM unnest(...)`
/// statement (one request, one round trip), split into several statements only when one request
/// would be larger than Neon accepts.
public enum CopyFrom {
    /// The largest request body a `:copyfrom` statement is built to: below the 10 MiB that Neon's
    /// proxy accepts by default (`max_request_size_bytes`), with room for headers.
    public static let defaultMaxRequestBytes = 8 * 1024 * 1024

    /// What `copyFrom` does with rows that do not fit one request of `maxRequestBytes`.
    public enum Splitting: Sendable, Hashable {
        /// Split them into parts that fit, sent one request each, in order (the default, and what
        /// the generated `:copyfrom` methods use). Each part is atomic, the whole is not: a failure
        /// after a committed part throws ``NeonError/copyIncomplete(_:)``, which says which rows
        /// are in the database.
        case whenTooLarge
        /// Never split: all rows go in one statement, one transaction, or nothing is sent
        /// (``NeonError/copyTooLarge(_:)``, thrown before sending anything).
        case never
    }
}

extension QueryExecutor {
    /// Inserts `rows` with the statements `statement` builds (the generated `:copyfrom` method
    /// calls it) and returns the number of rows inserted.
    ///
    /// All rows go in one statement when its request body is at most `maxRequestBytes`. Otherwise,
    /// with ``CopyFrom/Splitting/whenTooLarge``, the rows are halved until each part fits (a single
    /// row larger than the limit goes alone), and the parts are sent one request each, in order:
    /// each part is atomic, the whole is not. A failure of the first part is thrown as it is
    /// (nothing was inserted); a failure after at least one committed part is thrown as
    /// ``NeonError/copyIncomplete(_:)``, carrying the rows committed before it and the cause
    /// (``NeonError/isOutcomeUnknown`` stays `true` when the failed part may have been applied).
    /// With ``CopyFrom/Splitting/never``, rows that do not fit one request throw
    /// ``NeonError/copyTooLarge(_:)`` and nothing is sent. No request is sent for an empty array.
    ///
    /// Each part's request body is encoded once: the body measured against the limit is the one
    /// ``NeonClient`` sends.
    /// - Throws: ``NeonError``; ``NeonError/encoding(_:)`` for a value that cannot be encoded (the
    ///   statement of all rows is built first, so it is thrown before anything is sent). An error
    ///   that is not a ``NeonError`` (from a custom executor) is rethrown as it is.
    public func copyFrom<Row>(
        _ rows: [Row], maxRequestBytes: Int = CopyFrom.defaultMaxRequestBytes, splitting: CopyFrom.Splitting = .whenTooLarge,
        statement: (ArraySlice<Row>) -> Statement<Int>
    ) async throws -> Int {
        try await copyFrom(rows, maxRequestBytes: maxRequestBytes, splitting: splitting, encode: RequestBody.single,
                           statement: statement)
    }

    /// ``copyFrom(_:maxRequestBytes:splitting:statement:)`` with the request-body encoder given
    /// (tests count the encodings).
    func copyFrom<Row>(
        _ rows: [Row], maxRequestBytes: Int, splitting: CopyFrom.Splitting,
        encode: (_ sql: String, _ parameters: [String?]) -> Data,
        statement: (ArraySlice<Row>) -> Statement<Int>
    ) async throws -> Int {
        var progress = CopyProgress(totalRows: rows.count)
        var pending: [ArraySlice<Row>] = rows.isEmpty ? [] : [rows[...]]
        while let part = pending.popLast() {
            let built = statement(part)
            if let failure = built.bindings.failure { throw progress.failure(NeonError.encoding(failure), rows: part.indices) }
            let body = encode(built.sql, built.bindings.values)
            if body.count > maxRequestBytes {
                if splitting == .never {
                    throw NeonError.copyTooLarge(CopyTooLargeError(query: built.name, rows: part.count, requestBytes: body.count,
                                                              maxRequestBytes: maxRequestBytes))
                }
                if part.count > 1 {
                    let middle = part.startIndex + part.count / 2
                    pending.append(part[middle...])
                    pending.append(part[..<middle])
                    continue
                }
            }
            do {
                let inserted = try await execute(built, encodedBody: body)
                progress.committed(part.indices, inserted: inserted)
            } catch {
                throw progress.failure(error, rows: part.indices)
            }
        }
        return progress.rowsInserted
    }
}

/// The parts of a `copyFrom` committed so far (a prefix of the rows, since parts go in order).
private struct CopyProgress {
    let totalRows: Int
    var rowsInserted = 0
    var committedEnd = 0
    var parts = 0

    init(totalRows: Int) { self.totalRows = totalRows }

    mutating func committed(_ rows: Range<Int>, inserted: Int) {
        rowsInserted = rowsInserted.addingSaturating(inserted)
        committedEnd = rows.upperBound
        parts += 1
    }

    /// The error to throw for `error` in the part of `rows`: as it is before any part was
    /// committed (or when it is not a ``NeonError``), ``NeonError/copyIncomplete(_:)`` after.
    func failure(_ error: any Error, rows: Range<Int>) -> any Error {
        guard parts > 0, let cause = error as? NeonError else { return error }
        return NeonError.copyIncomplete(CopyIncompleteError(
            rowsInserted: rowsInserted, committedRows: 0..<committedEnd, partsCommitted: parts, failedRows: rows,
            totalRows: totalRows, cause: cause))
    }
}
