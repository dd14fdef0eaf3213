/// A `:copyfrom` insert that was split into parts (one request and one transaction each) failed
/// after at least one part had been committed: the rows of the committed parts **are** in the
/// database, the rest are not (or, when ``isFailedPartOutcomeUnknown``, the failed part's rows may be).
///
/// Parts are sent in order, so the committed rows are always a prefix of the array passed to
/// ``QueryExecutor/copyFrom(_:maxRequestBytes:splitting:statement:)``: ``committedRows``. To finish
/// the job, insert `rows[committedRows.upperBound...]` again (after checking the failed part when
/// its outcome is unknown), or delete what was committed. To have all rows or none, pass
/// ``CopyFrom/Splitting/never``.
public struct CopyIncompleteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rows inserted by the committed parts, as PostgreSQL counted them (the sum of their
    /// `rowCount`s: fewer than `committedRows.count` when the statement skips rows, e.g. with
    /// `ON CONFLICT DO NOTHING`).
    public var rowsInserted: Int
    /// The indices (in the array passed to `copyFrom`) of the rows whose parts were committed:
    /// always `0..<n` with `n > 0`.
    public var committedRows: Range<Int>
    /// The number of parts committed.
    public var partsCommitted: Int
    /// The indices of the rows of the part that failed: not inserted, unless
    /// ``isFailedPartOutcomeUnknown``. The rows after it were never sent.
    public var failedRows: Range<Int>
    /// The number of rows passed to `copyFrom`.
    public var totalRows: Int
    /// Why the part failed; ``NeonError/outcomeUnknown(cause:sent:)`` when it may have been applied.
    public var cause: NeonError

    /// Creates the error.
    public init(rowsInserted: Int, committedRows: Range<Int>, partsCommitted: Int, failedRows: Range<Int>,
                totalRows: Int, cause: NeonError) {
        self.rowsInserted = rowsInserted
        self.committedRows = committedRows
        self.partsCommitted = partsCommitted
        self.failedRows = failedRows
        self.totalRows = totalRows
        self.cause = cause
    }

    /// `true` when the failed part's request may or may not have been applied (its ``cause`` is
    /// ``NeonError/outcomeUnknown(cause:sent:)``): its rows (``failedRows``) may be in the database too.
    public var isFailedPartOutcomeUnknown: Bool { cause.isOutcomeUnknown }

    /// E.g. `copy incomplete: rows 0..<512 committed in 2 parts (512 rows inserted) of 1000; rows
    /// 512..<768 failed and rows 768..<1000 were not sent: <cause>`.
    public var description: String {
        var text = "NeonSQL: copy incomplete: rows \(committedRows.lowerBound)..<\(committedRows.upperBound) committed in "
            + "\(partsCommitted) part\(partsCommitted == 1 ? "" : "s") (\(rowsInserted) rows inserted) of \(totalRows); "
        text += "rows \(failedRows.lowerBound)..<\(failedRows.upperBound) "
        text += isFailedPartOutcomeUnknown ? "may or may not have been inserted" : "failed"
        if failedRows.upperBound < totalRows {
            text += " and rows \(failedRows.upperBound)..<\(totalRows) were not sent"
        }
        return text + ": " + cause.description.replacingOccurrences(of: "NeonSQL: ", with: "")
    }
}
