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
        let requestID = RequestID.make()
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
        let signal = await DisconnectSignal.signal(for: channel)
        let work = Task { await operation() }
        signal.watch { work.cancel() }
        let response = await withTaskCancellationHandler {
            await work.value
        } onCancel: {
            work.cancel()
        }
        signal.unwatch()
        return response
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

/// The request context: Hummingbird's basic one plus the connection's channel, whose
/// ``DisconnectSignal`` tells ``SQLResponder/cancellingOnDisconnect(channel:_:)`` that the client went away.
struct SQLRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
