/// Why an operation on a ``WireConnection`` failed.
enum WireError: Error, Sendable {
    /// PostgreSQL answered with an ErrorResponse.
    case server(DatabaseErrorFields)
    /// The connection closed (or could not be opened) before the answer was complete.
    case connectionClosed
    /// PostgreSQL asked for an authentication method neon-local does not speak, or the exchange failed
    /// on the client's side (e.g. a server signature that does not verify).
    case authentication(String)
    /// A password is required and none was given.
    case passwordRequired
    /// The server sent something that is not PostgreSQL's protocol.
    case protocolViolation(String)
    /// The statement text contains a zero byte, which the protocol cannot carry.
    case zeroByteInStatement
    /// A result outgrew the byte limit it was read with (the connection was closed to stop it).
    case resultTooLarge

    /// The server's error fields, when PostgreSQL sent the error.
    var serverFields: DatabaseErrorFields? {
        if case .server(let fields) = self { return fields }
        return nil
    }
}

extension DatabaseErrorFields {
    /// The fields of an ErrorResponse, keyed by their type byte (protocol "Error and Notice Message Fields").
    init(fields: [UInt8: String]) {
        func field(_ code: Unicode.Scalar) -> String? { fields[UInt8(ascii: code)] }
        self.init(
            message: field("M") ?? "",
            code: field("C") ?? "",
            severity: field("S") ?? field("V") ?? ""
        )
        detail = field("D")
        hint = field("H")
        if let original = field("P") {
            position = original
        } else if let internalPositionValue = field("p") {
            internalPosition = internalPositionValue
            internalQuery = field("q")
        }
        `where` = field("W")
        schema = field("s")
        table = field("t")
        column = field("c")
        dataType = field("d")
        constraint = field("n")
        file = field("F")
        line = field("L")
        routine = field("R")
    }
}
