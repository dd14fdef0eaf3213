/// `copyFrom` with ``CopyFrom/Splitting/never`` was given rows that do not fit one request:
/// nothing was sent.
public struct CopyTooLargeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The query's name.
    public var query: String
    /// The number of rows.
    public var rows: Int
    /// The size of the one request they would need, in bytes.
    public var requestBytes: Int
    /// The limit it exceeds (`maxRequestBytes`).
    public var maxRequestBytes: Int

    /// Creates the error.
    public init(query: String, rows: Int, requestBytes: Int, maxRequestBytes: Int) {
        self.query = query
        self.rows = rows
        self.requestBytes = requestBytes
        self.maxRequestBytes = maxRequestBytes
    }

    /// E.g. `the 5000 rows of ImportAuthors need a 9000000-byte request, more than the 8388608 bytes
    /// allowed, and splitting is off (CopyFrom.Splitting.never): nothing was sent`.
    public var description: String {
        "NeonSQL: the \(rows) row\(rows == 1 ? "" : "s") of \(query) need a \(requestBytes)-byte request, more than the "
            + "\(maxRequestBytes) bytes allowed, and splitting is off (CopyFrom.Splitting.never): nothing was sent"
    }
}
