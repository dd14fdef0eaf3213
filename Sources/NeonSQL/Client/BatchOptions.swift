/// Transaction options of a batch, sent as Neon's batch headers (only when set).
public struct BatchOptions: Sendable, Hashable {
    /// `Neon-Batch-Isolation-Level` values.
    public enum IsolationLevel: String, Sendable, Hashable, CaseIterable {
        /// `READ UNCOMMITTED` (behaves as READ COMMITTED in PostgreSQL).
        case readUncommitted = "ReadUncommitted"
        /// `READ COMMITTED`, PostgreSQL's default.
        case readCommitted = "ReadCommitted"
        /// `REPEATABLE READ`.
        case repeatableRead = "RepeatableRead"
        /// `SERIALIZABLE`.
        case serializable = "Serializable"
    }

    /// The isolation level; `nil` sends no header (the database default applies).
    public var isolationLevel: IsolationLevel?
    /// `READ ONLY` transaction (`Neon-Batch-Read-Only: true`); also makes the batch retryable.
    public var readOnly: Bool
    /// `DEFERRABLE` transaction (`Neon-Batch-Deferrable: true`; meaningful with serializable read-only).
    public var deferrable: Bool

    /// Creates options; the defaults send no batch headers.
    public init(isolationLevel: IsolationLevel? = nil, readOnly: Bool = false, deferrable: Bool = false) {
        self.isolationLevel = isolationLevel
        self.readOnly = readOnly
        self.deferrable = deferrable
    }

    var headers: [HTTPHeader] {
        var headers: [HTTPHeader] = []
        if let isolationLevel { headers.append(HTTPHeader("Neon-Batch-Isolation-Level", isolationLevel.rawValue)) }
        if readOnly { headers.append(HTTPHeader("Neon-Batch-Read-Only", "true")) }
        if deferrable { headers.append(HTTPHeader("Neon-Batch-Deferrable", "true")) }
        return headers
    }
}
