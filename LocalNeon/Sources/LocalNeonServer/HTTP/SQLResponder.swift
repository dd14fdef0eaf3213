import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Answers every HTTP request as Neon's proxy does (reference §1): `POST /sql` runs SQL,
/// `OPTIONS /sql` is the CORS preflight, anything else is 400 `"query is not supported"`.
struct SQLResponder: HTTPResponder {
    typealias Context = SQLRequestContext

    let handler: SQLRequestHandler
    /// Bounds concurrent and queued requests (overload is answered, never piled up).
    let admission: AdmissionGate
    /// Test-only faults (`--enable-fault-injection`).
    let faults: FaultInjector

    init(handler: SQLRequestHandler) {
        let configuration = handler.configuration
        self.handler = handler
        admission = AdmissionGate(
            maximumRunning: configuration.maximumConcurrentRequests ?? configuration.maximumConnectionsPerPool,
            maximumWaiting: configuration.maximumQueuedRequests,
            maximumWait: configuration.maximumQueueWait)
        faults = FaultInjector(isEnabled: configuration.faultInjectionEnabled, logger: handler.logger)
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        let requestID = UUID().uuidString.lowercased()
        var response: Response
        if request.uri.path == "/sql" && request.method == .post {
            do {
                response = try await admission.withPermit {
                    await faults.respond(to: request, channel: context.channel) { [handler] request in
                        await Self.cancellingOnDisconnect(channel: context.channel) {
                            await handler.handle(request, requestID: requestID)
                        }
                    }
                }
            } catch {
                handler.logger.warning("request not admitted", metadata: ["reason": "\(error)"])
                response = Self.json(status: .internalServerError, body: error.error.body())
            }
        } else if request.uri.path == "/sql" && request.method == .options {
            response = Self.preflight()
        } else {
            response = Self.json(status: .badRequest, body: Array("\"query is not supported\"".utf8))
        }
        response.headers[.neonRequestID] = requestID
        return response
    }

    /// Runs `operation`, cancelling it when the client closes the connection (its input ends or
    /// the channel closes) before the response is ready; what it returns then is never delivered.
    static func cancellingOnDisconnect(
        channel: any Channel,
        _ operation: @escaping @Sendable () async -> Response
    ) async -> Response {
        let (disconnected, signal) = AsyncStream.makeStream(of: Void.self)
        let watching = await DisconnectWatcher.install(on: channel) { signal.finish() }
        defer {
            if watching { DisconnectWatcher.remove(from: channel) }
        }
        enum Outcome: Sendable {
            case response(Response)
            case disconnected
        }
        return await withTaskGroup(of: Outcome?.self) { group in
            group.addTask { .response(await operation()) }
            group.addTask {
                for await _ in disconnected {}
                return Task.isCancelled ? nil : .disconnected
            }
            var response: Response?
            while let outcome = await group.next() {
                switch outcome {
                case .response(let value):
                    response = value
                    group.cancelAll()
                case .disconnected:
                    group.cancelAll()
                case nil:
                    break
                }
            }
            return response ?? Response(status: .badRequest)
        }
    }

    static func preflight() -> Response {
        var headers = HTTPFields()
        headers[.allow] = "OPTIONS, POST"
        headers[.accessControlAllowOrigin] = "*"
        headers[.accessControlAllowHeaders] = "Authorization, Neon-Connection-String, Neon-Raw-Text-Output, Neon-Array-Mode, Neon-Pool-Opt-In, Neon-Batch-Read-Only, Neon-Batch-Isolation-Level"
        headers[.accessControlMaxAge] = "86400"
        return Response(status: .ok, headers: headers, body: ResponseBody())
    }

    static func json(status: HTTPResponse.Status, body: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension HTTPField.Name {
    static let neonRequestID = Self("Neon-Request-Id")!
    static let allow = Self("Allow")!
    static let accessControlAllowOrigin = Self("Access-Control-Allow-Origin")!
    static let accessControlAllowHeaders = Self("Access-Control-Allow-Headers")!
    static let accessControlMaxAge = Self("Access-Control-Max-Age")!
}

/// The request context: Hummingbird's basic one plus the connection's channel, which
/// ``SQLResponder/cancellingOnDisconnect(channel:_:)`` watches for the client going away.
struct SQLRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// A pass-through handler at the front of a connection's pipeline that reports once when the
/// client's side of the connection ends (input closed, or the connection closed or reset).
final class DisconnectWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    static let name = "neon-local.disconnect-watcher"

    private var onDisconnect: (@Sendable () -> Void)?

    private init(onDisconnect: @escaping @Sendable () -> Void) {
        self.onDisconnect = onDisconnect
    }

    /// Adds a watcher to `channel`; returns `false` when it could not (reporting a disconnect at once
    /// when that is because the channel is already closed).
    static func install(on channel: any Channel, onDisconnect: @escaping @Sendable () -> Void) async -> Bool {
        do {
            try await channel.eventLoop.submit {
                guard channel.isActive else { throw ChannelError.ioOnClosedChannel }
                try channel.pipeline.syncOperations.addHandler(DisconnectWatcher(onDisconnect: onDisconnect), name: name, position: .first)
            }.get()
            return true
        } catch {
            if !channel.isActive { onDisconnect() }
            return false
        }
    }

    static func remove(from channel: any Channel) {
        channel.pipeline.removeHandler(name: name, promise: nil)
    }

    private func fire() {
        let callback = onDisconnect
        onDisconnect = nil
        callback?()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            fire()
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        fire()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fire()
        context.fireErrorCaught(error)
    }
}
