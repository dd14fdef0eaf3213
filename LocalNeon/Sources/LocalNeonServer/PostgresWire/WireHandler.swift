import Crypto
import NIOCore

/// The channel handler behind a ``WireConnection``: runs the startup and authentication exchange,
/// then matches PostgreSQL's answers to the operations written, in order (each operation's answer
/// ends with its `ReadyForQuery`, so operations can be pipelined: written before earlier ones are answered).
///
/// Every member is used on the channel's event loop only.
final class WireHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// The credentials the startup sends (the password only when PostgreSQL asks for it).
    struct Credentials {
        var user: String
        var password: String?
        var database: String
    }

    private enum Startup {
        case waiting(Credentials, EventLoopPromise<(processID: Int32, secretKey: Int32)>)
        case scram(SCRAMSHA256, EventLoopPromise<(processID: Int32, secretKey: Int32)>)
        case done
    }

    private var startup: Startup
    private var backendKey: (processID: Int32, secretKey: Int32) = (0, 0)
    private var inbound: ByteBuffer?
    private var operations = CircularBuffer<WireOperation>()
    private var context: ChannelHandlerContext?
    private var startupSent = false
    private(set) var isClosed = false
    /// The transaction status of the last `ReadyForQuery` (`I`, `T` or `E`).
    private(set) var transactionStatus = UInt8(ascii: "I")

    init(credentials: Credentials, startupDone: EventLoopPromise<(processID: Int32, secretKey: Int32)>) {
        startup = .waiting(credentials, startupDone)
    }

    func channelActive(context: ChannelHandlerContext) {
        self.context = context
        guard !startupSent, case .waiting(let credentials, _) = startup else { return }
        startupSent = true
        var buffer = context.channel.allocator.buffer(capacity: 64)
        FrontendMessages.startup(user: credentials.user, database: credentials.database, into: &buffer)
        context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { channelActive(context: context) }
    }

    /// Queues `operations` and writes `messages` (their requests, in the same order) in one write.
    func send(_ messages: ByteBuffer, operations newOperations: [WireOperation]) {
        guard !isClosed, let context else {
            for operation in newOperations { operation.fail(.connectionClosed) }
            return
        }
        operations.append(contentsOf: newOperations)
        context.writeAndFlush(wrapOutboundOut(messages), promise: nil)
    }

    /// Closes the connection, failing what is pending.
    func close() {
        guard !isClosed, let context else { return }
        var buffer = context.channel.allocator.buffer(capacity: 5)
        FrontendMessages.terminate(into: &buffer)
        context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
        context.close(promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var incoming = unwrapInboundIn(data)
        if inbound == nil || inbound?.readableBytes == 0 {
            inbound = incoming
        } else {
            inbound?.writeBuffer(&incoming)
        }
        do {
            while !isClosed, var buffer = inbound {
                inbound = nil
                let message = try BackendMessage.read(from: &buffer)
                inbound = buffer
                guard let message else { break }
                try handle(message, context: context)
            }
        } catch {
            failAndClose(error, context: context)
        }
        if let buffer = inbound, buffer.readableBytes == 0 {
            inbound = nil
        } else if var buffer = inbound, buffer.readerIndex > 4096 {
            buffer.discardReadBytes()
            inbound = buffer
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        failAll(.connectionClosed)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        failAndClose(.connectionClosed, context: context)
    }

    private func failAndClose(_ error: WireError, context: ChannelHandlerContext) {
        failAll(error)
        context.close(promise: nil)
    }

    private func failAll(_ error: WireError) {
        isClosed = true
        switch startup {
        case .waiting(_, let promise), .scram(_, let promise):
            startup = .done
            promise.fail(error)
        case .done:
            break
        }
        while let operation = operations.popFirst() {
            if operation.exceededByteLimit {
                operation.fail(.resultTooLarge)
            } else if let serverError = operation.error {
                // PostgreSQL said why before closing (e.g. FATAL 57P01 when its backend was terminated).
                operation.fail(.server(serverError))
            } else {
                operation.fail(error)
            }
        }
    }

    private func handle(_ message: BackendMessage, context: ChannelHandlerContext) throws(WireError) {
        if case .done = startup {
            try handleOperationMessage(message, context: context)
        } else {
            try handleStartupMessage(message, context: context)
        }
    }

    private func handleStartupMessage(_ message: BackendMessage, context: ChannelHandlerContext) throws(WireError) {
        switch (message, startup) {
        case (.authentication(let code, var data), .waiting(let credentials, let promise)):
            switch code {
            case 0:
                break
            case 3:
                guard let password = credentials.password else { throw .passwordRequired }
                write(context) { FrontendMessages.password(password, into: &$0) }
            case 5:
                guard let password = credentials.password else { throw .passwordRequired }
                guard let salt = data.readBytes(length: 4) else { throw .protocolViolation("AuthenticationMD5Password") }
                let answer = Self.md5PasswordAnswer(password: password, user: credentials.user, salt: salt)
                write(context) { FrontendMessages.password(answer, into: &$0) }
            case 10:
                guard let password = credentials.password else { throw .passwordRequired }
                var mechanisms: [String] = []
                while let mechanism = data.readNullTerminatedString(), !mechanism.isEmpty { mechanisms.append(mechanism) }
                guard mechanisms.contains(SCRAMSHA256.mechanism) else {
                    throw .authentication("unsupported SASL mechanisms \(mechanisms)")
                }
                let scram = SCRAMSHA256(password: password)
                write(context) { FrontendMessages.saslInitialResponse(mechanism: SCRAMSHA256.mechanism, data: scram.clientFirstMessage, into: &$0) }
                startup = .scram(scram, promise)
            default:
                throw .authentication("unsupported authentication request \(code)")
            }
        case (.authentication(let code, var data), .scram(var scram, let promise)):
            switch code {
            case 11:
                let final = try scram.clientFinalMessage(serverFirst: data.readBytes(length: data.readableBytes) ?? [])
                startup = .scram(scram, promise)
                write(context) { FrontendMessages.saslResponse(data: final, into: &$0) }
            case 12:
                try scram.verify(serverFinal: data.readBytes(length: data.readableBytes) ?? [])
            case 0:
                break
            default:
                throw .authentication("unexpected authentication request \(code) during SCRAM")
            }
        case (.backendKeyData(let processID, let secretKey), _):
            backendKey = (processID, secretKey)
        case (.parameterStatus, _), (.noticeResponse, _):
            break
        case (.errorResponse(let fields), _):
            throw .server(fields)
        case (.readyForQuery(let status), .waiting(_, let promise)), (.readyForQuery(let status), .scram(_, let promise)):
            transactionStatus = status
            startup = .done
            promise.succeed(backendKey)
        default:
            throw .protocolViolation("unexpected message during startup")
        }
    }

    private func handleOperationMessage(_ message: BackendMessage, context: ChannelHandlerContext) throws(WireError) {
        // These may arrive at any time, also with nothing pending.
        if message.isAsynchronous { return }
        guard let operation = operations.first else {
            if case .errorResponse(let fields) = message { throw .server(fields) }  // e.g. FATAL at shutdown
            throw .protocolViolation("a message with no request pending")
        }
        switch message {
        case .rowDescription(let columns):
            operation.startResult(columns: columns)
        case .noData:
            operation.startResult(columns: [])
        case .dataRow(let cells, let wireBytes):
            if !operation.append(row: cells, wireBytes: wireBytes) {
                // Too large: stop the statement by closing the connection (the pool replaces it).
                failAndClose(.connectionClosed, context: context)
            }
        case .commandComplete(let tag):
            operation.commandTag = tag
        case .emptyQueryResponse:
            operation.commandTag = ""
        case .errorResponse(let fields):
            if operation.error == nil { operation.error = fields }
        case .copyInResponse:
            // Nothing can feed it over HTTP, and PostgreSQL in copy-in mode ignores the Sync and
            // reset already written: the statement fails here and the connection is closed.
            operations.removeFirst()
            operation.fail(.server(DatabaseErrorFields(
                message: "COPY FROM STDIN is not supported over HTTP", code: "0A000", severity: "ERROR")))
            failAndClose(.connectionClosed, context: context)
        case .readyForQuery(let status):
            transactionStatus = status
            operations.removeFirst()
            operation.complete()
        case .parseComplete, .bindComplete, .closeComplete, .portalSuspended, .parameterDescription,
             .copyOutResponse, .copyData, .copyDone, .parameterStatus, .noticeResponse, .notificationResponse:
            break
        case .authentication, .backendKeyData:
            throw .protocolViolation("authentication message after startup")
        }
    }

    private func write(_ context: ChannelHandlerContext, _ encode: (inout ByteBuffer) -> Void) {
        var buffer = context.channel.allocator.buffer(capacity: 128)
        encode(&buffer)
        context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
    }

    /// The answer to `AuthenticationMD5Password`: `md5` + hex(md5(hex(md5(password + user)) + salt)).
    static func md5PasswordAnswer(password: String, user: String, salt: [UInt8]) -> String {
        let inner = hex(Insecure.MD5.hash(data: Array((password + user).utf8)))
        return "md5" + hex(Insecure.MD5.hash(data: Array(inner.utf8) + salt))
    }

    private static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        for byte in digest {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// One request written to PostgreSQL (an extended-protocol statement or a simple `Query`) and the
/// answer collected for it, completed at its `ReadyForQuery`. Used on the event loop only.
final class WireOperation {
    private let promise: EventLoopPromise<StatementResult>
    /// Rows are kept up to this many bytes (counted as ``StatementExecutor`` always has: 16 per row, 8 per cell, plus the data).
    private let rowByteLimit: Int
    private var rowBytes = 0
    private(set) var exceededByteLimit = false
    private var columns: [ColumnDescription] = []
    private var rows: [[String?]] = []
    var commandTag = ""
    var error: DatabaseErrorFields?

    init(promise: EventLoopPromise<StatementResult>, rowByteLimit: Int) {
        self.promise = promise
        self.rowByteLimit = rowByteLimit
    }

    var futureResult: EventLoopFuture<StatementResult> { promise.futureResult }

    /// A new result set (a simple query with several statements keeps the last one).
    func startResult(columns: [ColumnDescription]) {
        self.columns = columns
        rows = []
    }

    /// Keeps a row; `false` once the rows outgrew the limit.
    func append(row: [String?], wireBytes: Int) -> Bool {
        rowBytes += 16 + 8 * row.count + wireBytes
        if rowBytes > rowByteLimit {
            exceededByteLimit = true
            return false
        }
        rows.append(row)
        return true
    }

    func complete() {
        if let error {
            promise.fail(WireError.server(error))
        } else {
            promise.succeed(StatementResult(columns: columns, rows: rows, commandTag: commandTag))
        }
    }

    func fail(_ error: WireError) {
        promise.fail(error)
    }
}
