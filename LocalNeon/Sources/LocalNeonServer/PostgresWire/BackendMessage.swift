import NIOCore

/// A PostgreSQL backend message, as far as neon-local reads it (protocol 3.0).
enum BackendMessage: Sendable {
    /// `Authentication*`: the request code and what follows it.
    case authentication(code: Int32, data: ByteBuffer)
    case backendKeyData(processID: Int32, secretKey: Int32)
    case parameterStatus
    /// `ReadyForQuery` with the transaction status: `I` idle, `T` in a transaction block, `E` failed one.
    case readyForQuery(status: UInt8)
    case rowDescription([ColumnDescription])
    /// One row, each cell as text (`nil` for NULL), and the row's size on the wire.
    case dataRow([String?], wireBytes: Int)
    case commandComplete(tag: String)
    case emptyQueryResponse
    case errorResponse(DatabaseErrorFields)
    case noticeResponse
    case parseComplete
    case bindComplete
    case closeComplete
    case noData
    case portalSuspended
    case parameterDescription
    case notificationResponse
    case copyInResponse
    case copyOutResponse
    case copyData
    case copyDone

    /// ParameterStatus, NoticeResponse and NotificationResponse: sent whenever the server has them,
    /// not as part of an answer.
    var isAsynchronous: Bool {
        switch self {
        case .parameterStatus, .noticeResponse, .notificationResponse: return true
        default: return false
        }
    }

    /// Reads one whole message from `buffer` when it holds one; `nil` when more bytes are needed.
    /// - Throws: ``WireError/protocolViolation(_:)`` for a message that cannot be PostgreSQL's.
    static func read(from buffer: inout ByteBuffer) throws(WireError) -> BackendMessage? {
        guard let type: UInt8 = buffer.getInteger(at: buffer.readerIndex),
              let length: Int32 = buffer.getInteger(at: buffer.readerIndex + 1)
        else { return nil }
        guard length >= 4 else { throw .protocolViolation("message length \(length)") }
        guard buffer.readableBytes >= 1 + Int(length) else { return nil }
        buffer.moveReaderIndex(forwardBy: 5)
        guard var body = buffer.readSlice(length: Int(length) - 4) else { return nil }
        return try parse(type: type, body: &body)
    }

    private static func parse(type: UInt8, body: inout ByteBuffer) throws(WireError) -> BackendMessage {
        switch type {
        case UInt8(ascii: "R"):
            guard let code: Int32 = body.readInteger() else { throw .protocolViolation("Authentication") }
            return .authentication(code: code, data: body)
        case UInt8(ascii: "K"):
            guard let pid: Int32 = body.readInteger(), let key: Int32 = body.readInteger() else {
                throw .protocolViolation("BackendKeyData")
            }
            return .backendKeyData(processID: pid, secretKey: key)
        case UInt8(ascii: "S"): return .parameterStatus
        case UInt8(ascii: "Z"):
            guard let status: UInt8 = body.readInteger() else { throw .protocolViolation("ReadyForQuery") }
            return .readyForQuery(status: status)
        case UInt8(ascii: "T"): return .rowDescription(try rowDescription(&body))
        case UInt8(ascii: "D"): return try dataRow(&body)
        case UInt8(ascii: "C"):
            guard let tag = body.readNullTerminatedString() else { throw .protocolViolation("CommandComplete") }
            return .commandComplete(tag: tag)
        case UInt8(ascii: "I"): return .emptyQueryResponse
        case UInt8(ascii: "E"): return .errorResponse(try errorFields(&body))
        case UInt8(ascii: "N"): return .noticeResponse
        case UInt8(ascii: "1"): return .parseComplete
        case UInt8(ascii: "2"): return .bindComplete
        case UInt8(ascii: "3"): return .closeComplete
        case UInt8(ascii: "n"): return .noData
        case UInt8(ascii: "s"): return .portalSuspended
        case UInt8(ascii: "t"): return .parameterDescription
        case UInt8(ascii: "A"): return .notificationResponse
        case UInt8(ascii: "G"): return .copyInResponse
        case UInt8(ascii: "H"), UInt8(ascii: "W"): return .copyOutResponse
        case UInt8(ascii: "d"): return .copyData
        case UInt8(ascii: "c"): return .copyDone
        default:
            throw .protocolViolation("unknown message type \(type)")
        }
    }

    private static func rowDescription(_ body: inout ByteBuffer) throws(WireError) -> [ColumnDescription] {
        guard let count: Int16 = body.readInteger(), count >= 0 else { throw .protocolViolation("RowDescription") }
        var columns: [ColumnDescription] = []
        columns.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let name = body.readNullTerminatedString(),
                  let table: UInt32 = body.readInteger(),
                  let attribute: Int16 = body.readInteger(),
                  let type: UInt32 = body.readInteger(),
                  let size: Int16 = body.readInteger(),
                  let modifier: Int32 = body.readInteger(),
                  let _: Int16 = body.readInteger()
            else { throw .protocolViolation("RowDescription") }
            columns.append(ColumnDescription(
                name: name, dataTypeID: type, tableID: table, columnID: attribute,
                dataTypeSize: size, dataTypeModifier: modifier))
        }
        return columns
    }

    private static func dataRow(_ body: inout ByteBuffer) throws(WireError) -> BackendMessage {
        let wireBytes = body.readableBytes
        guard let count: Int16 = body.readInteger(), count >= 0 else { throw .protocolViolation("DataRow") }
        var cells: [String?] = []
        cells.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let length: Int32 = body.readInteger() else { throw .protocolViolation("DataRow") }
            if length < 0 {
                cells.append(nil)
            } else {
                guard let text = body.readString(length: Int(length)) else { throw .protocolViolation("DataRow") }
                cells.append(text)
            }
        }
        return .dataRow(cells, wireBytes: wireBytes)
    }

    /// The fields of an ErrorResponse (one type byte, a string, per field; a zero byte ends them).
    private static func errorFields(_ body: inout ByteBuffer) throws(WireError) -> DatabaseErrorFields {
        var fields: [UInt8: String] = [:]
        while let code: UInt8 = body.readInteger(), code != 0 {
            guard let value = body.readNullTerminatedString() else { throw .protocolViolation("ErrorResponse") }
            fields[code] = value
        }
        return DatabaseErrorFields(fields: fields)
    }
}
