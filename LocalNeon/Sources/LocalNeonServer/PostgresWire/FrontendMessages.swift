import NIOCore

/// Encodes the PostgreSQL frontend messages neon-local sends (protocol 3.0): startup,
/// authentication answers, the extended-query messages for one unnamed statement with untyped text
/// parameters and text results, the simple `Query`, `Terminate` and `CancelRequest`.
///
/// Each function appends one whole message to a buffer, so that several messages (a statement and
/// the session reset after it) go out in one write.
enum FrontendMessages {
    /// `StartupMessage` for protocol 3.0 with `user`, `database` and UTF-8 client encoding.
    static func startup(user: String, database: String, into buffer: inout ByteBuffer) {
        let start = buffer.writerIndex
        buffer.writeInteger(Int32(0))
        buffer.writeInteger(Int32(196_608))  // 3.0
        for (name, value) in [("user", user), ("database", database), ("client_encoding", "UTF8")] {
            buffer.writeNullTerminatedString(name)
            buffer.writeNullTerminatedString(value)
        }
        buffer.writeInteger(UInt8(0))
        buffer.setInteger(Int32(buffer.writerIndex - start), at: start)
    }

    /// `PasswordMessage` (cleartext or MD5 answer).
    static func password(_ text: String, into buffer: inout ByteBuffer) {
        message("p", into: &buffer) { $0.writeNullTerminatedString(text) }
    }

    /// `SASLInitialResponse` for `mechanism` with the client's first message.
    static func saslInitialResponse(mechanism: String, data: [UInt8], into buffer: inout ByteBuffer) {
        message("p", into: &buffer) { body in
            body.writeNullTerminatedString(mechanism)
            body.writeInteger(Int32(data.count))
            body.writeBytes(data)
        }
    }

    /// `SASLResponse` with the client's final message.
    static func saslResponse(data: [UInt8], into buffer: inout ByteBuffer) {
        message("p", into: &buffer) { $0.writeBytes(data) }
    }

    /// `Parse`, `Bind`, `Describe` (portal), `Execute` and `Sync` for one statement: unnamed statement
    /// and portal, every parameter untyped (OID 0) text (`nil` is NULL), every result column as text.
    static func extendedQuery(_ sql: String, parameters: [String?], into buffer: inout ByteBuffer) {
        message("P", into: &buffer) { body in
            body.writeInteger(UInt8(0))  // unnamed statement
            body.writeNullTerminatedString(sql)
            body.writeInteger(Int16(0))  // no parameter types: all inferred
        }
        message("B", into: &buffer) { body in
            body.writeInteger(UInt8(0))  // unnamed portal
            body.writeInteger(UInt8(0))  // unnamed statement
            body.writeInteger(Int16(0))  // parameter formats: all text
            body.writeInteger(Int16(truncatingIfNeeded: parameters.count))
            for parameter in parameters {
                if let parameter {
                    body.writeInteger(Int32(parameter.utf8.count))
                    body.writeString(parameter)
                } else {
                    body.writeInteger(Int32(-1))
                }
            }
            body.writeInteger(Int16(0))  // result formats: all text
        }
        message("D", into: &buffer) { body in
            body.writeInteger(UInt8(ascii: "P"))
            body.writeInteger(UInt8(0))
        }
        message("E", into: &buffer) { body in
            body.writeInteger(UInt8(0))
            body.writeInteger(Int32(0))  // all rows
        }
        message("S", into: &buffer) { _ in }
    }

    /// The simple-protocol `Query`.
    static func query(_ sql: String, into buffer: inout ByteBuffer) {
        message("Q", into: &buffer) { $0.writeNullTerminatedString(sql) }
    }

    /// `Terminate`.
    static func terminate(into buffer: inout ByteBuffer) {
        message("X", into: &buffer) { _ in }
    }

    /// `CancelRequest` (sent on a connection of its own).
    static func cancelRequest(processID: Int32, secretKey: Int32, into buffer: inout ByteBuffer) {
        buffer.writeInteger(Int32(16))
        buffer.writeInteger(Int32(80_877_102))
        buffer.writeInteger(processID)
        buffer.writeInteger(secretKey)
    }

    /// One message: its type byte, its length (which counts itself), its body.
    private static func message(_ type: Unicode.Scalar, into buffer: inout ByteBuffer, body: (inout ByteBuffer) -> Void) {
        buffer.writeInteger(UInt8(ascii: type))
        let lengthIndex = buffer.writerIndex
        buffer.writeInteger(Int32(0))
        body(&buffer)
        buffer.setInteger(Int32(buffer.writerIndex - lengthIndex), at: lengthIndex)
    }
}
