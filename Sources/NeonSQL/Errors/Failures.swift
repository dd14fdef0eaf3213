/// A non-success HTTP status that is not a database error (413, 507, 5xx, or anything unexpected).
public struct HTTPStatusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status code.
    public var status: Int
    /// The `message` of Neon's JSON error body, or the (trimmed) raw body when it is not JSON.
    public var message: String
    /// The `code` of the body, when present and non-empty.
    public var code: String?

    /// Creates an HTTP status error.
    public init(status: Int, message: String, code: String? = nil) {
        self.status = status
        self.message = message
        self.code = code
    }

    /// 413: the request body exceeded Neon's request size limit.
    public var isRequestTooLarge: Bool { status == 413 }
    /// 507: the result exceeded Neon's response size limit.
    public var isResponseTooLarge: Bool { status == 507 }
    /// Any 5xx status.
    public var isServerError: Bool { (500..<600).contains(status) }

    /// `HTTP <status>: <message>`.
    public var description: String {
        var text = "NeonSQL: HTTP \(status)"
        switch status {
        case 413: text += " (request too large)"
        case 507: text += " (response too large)"
        default: break
        }
        return text + ": \(message)"
    }
}

/// A failure below HTTP: the request could not be delivered or its response was lost.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is known about whether the server saw the request.
    public enum Kind: Sendable, Hashable {
        /// The connection could not be established (DNS, connect, TLS): the request was **not** sent,
        /// so retrying it is always safe.
        case connectionFailed
        /// The connection broke after the request may have been sent: the server may have run it.
        case connectionLost
        /// Anything else (an unknown failure); treated like ``connectionLost``.
        case other
    }

    /// The kind of failure.
    public var kind: Kind
    /// A human-readable explanation (from the HTTP stack), secret-free.
    public var message: String

    /// Creates a transport error.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// `true` when the request certainly never reached the server.
    public var requestWasNotSent: Bool { kind == .connectionFailed }

    /// `transport error (<kind>): <message>`.
    public var description: String {
        let name: String
        switch kind {
        case .connectionFailed: name = "connection failed, request not sent"
        case .connectionLost: name = "connection lost"
        case .other: name = "transport failure"
        }
        return "NeonSQL: \(name): \(message)"
    }
}

/// A value in the response could not be decoded into the expected Swift type, or the response's
/// columns do not match what the generated row expects (schema drift).
public struct ResponseDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Name of the column (from the response's `fields`, or the generated row when missing).
    public var column: String?
    /// 0-based position of the column.
    public var columnIndex: Int?
    /// 0-based index of the row within its result.
    public var row: Int?
    /// 0-based index of the statement within a batch, when decoding a batch.
    public var statementIndex: Int?
    /// The text of the cell (`nil` for SQL NULL or when not about a cell).
    public var text: String?
    /// What was wrong.
    public var reason: String

    /// Creates a decoding failure.
    public init(
        column: String? = nil, columnIndex: Int? = nil, row: Int? = nil, statementIndex: Int? = nil,
        text: String? = nil, reason: String
    ) {
        self.column = column
        self.columnIndex = columnIndex
        self.row = row
        self.statementIndex = statementIndex
        self.text = text
        self.reason = reason
    }

    /// E.g. `cannot decode column "dua_id" (#0) of row 3 from text "abc": not an integer`.
    public var description: String {
        var text = "NeonSQL: cannot decode"
        if let column { text += " column \"\(column)\"" }
        if let columnIndex { text += " (#\(columnIndex))" }
        if let row { text += " of row \(row)" }
        if let statementIndex { text += " of batch statement \(statementIndex)" }
        if let cell = self.text {
            let shown = cell.count > 120 ? String(cell.prefix(120)) + "…" : cell
            text += " from text \"\(shown)\""
        }
        return text + ": \(reason)"
    }
}

/// A bound parameter could not be encoded to PostgreSQL text (e.g. an `Int` outside the range of
/// the column type). Thrown by `execute` before anything is sent.
public struct ParameterEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based parameter number (`$n`).
    public var parameter: Int
    /// The PostgreSQL type the value was bound as.
    public var type: String
    /// What was wrong.
    public var reason: String

    /// Creates an encoding failure.
    public init(parameter: Int, type: String, reason: String) {
        self.parameter = parameter
        self.type = type
        self.reason = reason
    }

    /// E.g. `cannot encode parameter $2 as smallint: 40000 is outside the range of smallint`.
    public var description: String { "NeonSQL: cannot encode parameter $\(parameter) as \(type): \(reason)" }
}

/// Thrown by a ``PostgresTextDecodable`` type when a cell's text is not a valid value; the runtime adds
/// the column, row and text and rethrows it as ``NeonError/decoding(_:)``.
public struct PostgresTextDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with the text.
    public var reason: String
    /// Creates an error with a reason.
    public init(_ reason: String) { self.reason = reason }
    /// The reason.
    public var description: String { reason }
}

/// Thrown by a ``PostgresTextEncodable`` value that cannot be expressed as the requested PostgreSQL type;
/// the runtime records it with the parameter number and throws it from `execute`.
public struct PostgresTextEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with the value.
    public var reason: String
    /// Creates an error with a reason.
    public init(_ reason: String) { self.reason = reason }
    /// The reason.
    public var description: String { reason }
}
