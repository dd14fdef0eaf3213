import NIOCore
import NIOPosix

/// One PostgreSQL connection speaking the protocol the way Neon's proxy does for SQL over HTTP:
/// each statement as an unnamed extended-protocol statement with untyped text parameters and text
/// results, the statement's RowDescription asked for (so a result with no rows still has its
/// columns), and the session reset written in the same packet as a request's last statement.
///
/// Operations may be started from any task; they are queued on the connection's event loop in the
/// order they are started. One request uses a connection at a time (``WirePool``).
final class WireConnection: Sendable {
    /// The PostgreSQL process serving the connection (BackendKeyData).
    let processID: Int32
    /// The key a CancelRequest for this connection must carry (BackendKeyData).
    private let secretKey: Int32
    /// Where the server listens (a CancelRequest goes there on a connection of its own).
    private let host: String
    private let port: Int
    private let channel: any Channel
    private let handler: NIOLoopBound<WireHandler>
    /// The reset written after the last operation, if nothing was written after it.
    private let pendingReset: NIOLoopBoundBox<EventLoopFuture<StatementResult>?>

    /// Made on `channel`'s event loop.
    private init(channel: any Channel, handler: WireHandler, processID: Int32, secretKey: Int32, host: String, port: Int) {
        self.channel = channel
        self.processID = processID
        self.secretKey = secretKey
        self.host = host
        self.port = port
        self.handler = NIOLoopBound(handler, eventLoop: channel.eventLoop)
        pendingReset = NIOLoopBoundBox(nil, eventLoop: channel.eventLoop)
    }

    /// Connects and authenticates (trust, cleartext, MD5 or SCRAM-SHA-256).
    static func connect(
        host: String, port: Int, user: String, password: String?, database: String,
        connectTimeout: TimeAmount = .seconds(10),
        eventLoop: any EventLoop = MultiThreadedEventLoopGroup.singleton.any()
    ) async throws(WireError) -> WireConnection {
        let startupDone = eventLoop.makePromise(of: (processID: Int32, secretKey: Int32).self)
        let credentials = WireHandler.Credentials(user: user, password: password, database: database)
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: eventLoop)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .connectTimeout(connectTimeout)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(WireHandler(credentials: credentials, startupDone: startupDone))
                    }
                }
                .connect(host: host, port: port)
                .get()
        } catch {
            startupDone.fail(WireError.connectionClosed)
            throw .connectionClosed
        }
        let key: (processID: Int32, secretKey: Int32)
        do {
            key = try await startupDone.futureResult.get()
        } catch {
            channel.close(promise: nil)
            throw (error as? WireError) ?? .connectionClosed
        }
        do {
            // Loop-bound state is made on the connection's event loop.
            return try await channel.eventLoop.submit {
                let handler = try channel.pipeline.syncOperations.handler(type: WireHandler.self)
                return WireConnection(
                    channel: channel, handler: handler, processID: key.processID, secretKey: key.secretKey, host: host, port: port)
            }.get()
        } catch {
            channel.close(promise: nil)
            throw .connectionClosed
        }
    }

    /// Whether the connection is open (PostgreSQL may still close it at any time).
    var isOpen: Bool { channel.isActive }

    /// Runs one statement; with `resetAfterwards`, the session reset (`DISCARD ALL`) is written in the
    /// same packet, so that it costs no round trip of its own (``resetSession()`` then only waits for it).
    /// - Parameter rowByteLimit: rows beyond this many bytes fail the statement with
    ///   ``WireError/resultTooLarge`` and close the connection (which stops the statement).
    func execute(
        _ sql: String, parameters: [String?] = [], rowByteLimit: Int = .max, resetAfterwards: Bool = false
    ) async throws(WireError) -> StatementResult {
        guard !sql.utf8.contains(0) else { throw .zeroByteInStatement }
        return try await run(rowByteLimit: rowByteLimit, resetAfterwards: resetAfterwards) { buffer in
            FrontendMessages.extendedQuery(sql, parameters: parameters, into: &buffer)
        }
    }

    /// Runs SQL through the simple protocol (transaction control, nothing user-supplied).
    func simpleQuery(_ sql: String, resetAfterwards: Bool = false) async throws(WireError) {
        guard !sql.utf8.contains(0) else { throw .zeroByteInStatement }
        _ = try await run(rowByteLimit: .max, resetAfterwards: resetAfterwards) { buffer in
            FrontendMessages.query(sql, into: &buffer)
        }
    }

    private func run(
        rowByteLimit: Int, resetAfterwards: Bool, encode: @escaping @Sendable (inout ByteBuffer) -> Void
    ) async throws(WireError) -> StatementResult {
        let eventLoop = channel.eventLoop
        let future: EventLoopFuture<StatementResult> = onEventLoop { [self] in
            let operation = WireOperation(promise: eventLoop.makePromise(), rowByteLimit: rowByteLimit)
            var buffer = channel.allocator.buffer(capacity: 256)
            encode(&buffer)
            var operations = [operation]
            if resetAfterwards {
                let reset = WireOperation(promise: eventLoop.makePromise(), rowByteLimit: .max)
                FrontendMessages.query(SessionReset.discardAll, into: &buffer)
                operations.append(reset)
                pendingReset.value = reset.futureResult
            } else {
                pendingReset.value = nil
            }
            handler.value.send(buffer, operations: operations)
            return operation.futureResult
        }
        do {
            return try await future.get()
        } catch let error as WireError {
            throw error
        } catch {
            throw .connectionClosed
        }
    }

    /// Brings the session back to a fresh one: waits for the reset written with the last statement,
    /// or writes one (with a `ROLLBACK` first when a transaction block is open or failed).
    /// - Returns: a future that succeeds with whether the session is clean (else the connection is closed).
    func resetSession() -> EventLoopFuture<Bool> {
        let eventLoop = channel.eventLoop
        return onEventLoop { [self] in
            let pending = pendingReset.value
            pendingReset.value = nil
            let first = pending ?? writeReset(rollbackFirst: handler.value.transactionStatus != UInt8(ascii: "I"))
            return first.map { _ in true }.flatMapError { [self] error in
                // A transaction block left open by the request (a single `BEGIN`): roll it back, then reset.
                if let code = (error as? WireError)?.serverFields?.code, SessionReset.transactionBlockStates.contains(code) {
                    return writeReset(rollbackFirst: true).map { _ in true }
                }
                return eventLoop.makeSucceededFuture(false)
            }.flatMapError { _ in
                eventLoop.makeSucceededFuture(false)
            }.map { [self] clean in
                if !clean { handler.value.close() }
                return clean
            }
        }
    }

    /// Writes `[ROLLBACK;] DISCARD ALL` (two simple queries: `DISCARD ALL` cannot share a query
    /// string, which would make it a transaction block) and returns the reset's answer.
    private func writeReset(rollbackFirst: Bool) -> EventLoopFuture<StatementResult> {
        let eventLoop = channel.eventLoop
        var buffer = channel.allocator.buffer(capacity: 64)
        var operations: [WireOperation] = []
        if rollbackFirst {
            FrontendMessages.query(SessionReset.rollback, into: &buffer)
            operations.append(WireOperation(promise: eventLoop.makePromise(), rowByteLimit: .max))
        }
        FrontendMessages.query(SessionReset.discardAll, into: &buffer)
        let reset = WireOperation(promise: eventLoop.makePromise(), rowByteLimit: .max)
        operations.append(reset)
        handler.value.send(buffer, operations: operations)
        return reset.futureResult
    }

    /// Asks PostgreSQL to cancel the statement this connection runs, as Neon's proxy does when the
    /// HTTP client goes away: a CancelRequest with the connection's BackendKeyData, sent on a new
    /// connection. Returns whether it was sent (PostgreSQL answers nothing; a statement that already
    /// ended is not affected).
    func cancelRunningStatement() async -> Bool {
        do {
            let cancelChannel = try await ClientBootstrap(group: channel.eventLoop)
                .connectTimeout(.seconds(2))
                .connect(host: host, port: port)
                .get()
            var buffer = cancelChannel.allocator.buffer(capacity: 16)
            FrontendMessages.cancelRequest(processID: processID, secretKey: secretKey, into: &buffer)
            try await cancelChannel.writeAndFlush(buffer).get()
            // PostgreSQL closes the connection once it has read the request.
            _ = try? await cancelChannel.closeFuture.get()
            return true
        } catch {
            return false
        }
    }

    /// Closes the connection (pending operations fail).
    func close() {
        channel.eventLoop.execute { [handler] in handler.value.close() }
    }

    /// Runs `body` on the connection's event loop (at once when already there).
    private func onEventLoop<Value: Sendable>(_ body: @escaping @Sendable () -> EventLoopFuture<Value>) -> EventLoopFuture<Value> {
        if channel.eventLoop.inEventLoop { return body() }
        return channel.eventLoop.flatSubmit(body)
    }
}
