/// The output and batch options a request selects with Neon's headers (docs/neon-sql-over-http.md §2).
/// Flags are true only for the byte-exact value `"true"`.
struct RequestOptions: Sendable, Equatable {
    /// A transaction isolation level named by `Neon-Batch-Isolation-Level`.
    enum IsolationLevel: String, Sendable, Equatable {
        case serializable = "Serializable"
        case readUncommitted = "ReadUncommitted"
        case readCommitted = "ReadCommitted"
        case repeatableRead = "RepeatableRead"

        /// The SQL spelling used in `START TRANSACTION ISOLATION LEVEL ...`.
        var sql: String {
            switch self {
            case .serializable: return "SERIALIZABLE"
            case .readUncommitted: return "READ UNCOMMITTED"
            case .readCommitted: return "READ COMMITTED"
            case .repeatableRead: return "REPEATABLE READ"
            }
        }
    }

    var rawTextOutput = false
    var defaultArrayMode = false
    var isolationLevel: IsolationLevel?
    var readOnly = false
    var deferrable = false

    /// Reads the options; an unknown isolation level is a 400 `invalid isolation level`.
    /// - Parameter header: returns the first raw value of a header (case-insensitive name), or `nil`.
    static func parse(header: (String) -> String?) throws(NeonError) -> RequestOptions {
        var options = RequestOptions()
        options.rawTextOutput = header("Neon-Raw-Text-Output") == "true"
        options.defaultArrayMode = header("Neon-Array-Mode") == "true"
        if let level = header("Neon-Batch-Isolation-Level") {
            guard let parsed = IsolationLevel(rawValue: level) else {
                throw .user("invalid isolation level")
            }
            options.isolationLevel = parsed
        }
        options.readOnly = header("Neon-Batch-Read-Only") == "true"
        options.deferrable = header("Neon-Batch-Deferrable") == "true"
        return options
    }

    /// `START TRANSACTION[ ISOLATION LEVEL X][, READ ONLY][, DEFERRABLE]` (tokio-postgres' builder).
    var startTransactionSQL: String {
        var modes: [String] = []
        if let isolationLevel { modes.append("ISOLATION LEVEL \(isolationLevel.sql)") }
        if readOnly { modes.append("READ ONLY") }
        if deferrable { modes.append("DEFERRABLE") }
        return modes.isEmpty ? "START TRANSACTION" : "START TRANSACTION " + modes.joined(separator: ", ")
    }

    /// Headers echoed on batch responses (docs/neon-sql-over-http.md §5).
    var echoedBatchHeaders: [(name: String, value: String)] {
        var headers: [(String, String)] = []
        if readOnly { headers.append(("Neon-Batch-Read-Only", "true")) }
        if deferrable { headers.append(("Neon-Batch-Deferrable", "true")) }
        if let isolationLevel { headers.append(("Neon-Batch-Isolation-Level", isolationLevel.rawValue)) }
        return headers
    }
}
