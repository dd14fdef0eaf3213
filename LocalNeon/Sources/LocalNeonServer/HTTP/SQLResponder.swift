import Logging
import NIOCore

/// Answers every HTTP request as Neon's proxy does (docs/neon-sql-over-http.md §1): `POST /sql` runs SQL,
/// `OPTIONS /sql` is the CORS preflight, anything else is 400 `"query is not supported"`.
struct SQLResponder: Sendable {
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

    /// The answer to `request`, which arrived on `channel`. Runs in the request's own task, which is
    /// cancelled when the client goes away (what it returns then is never delivered).
    func answer(_ request: HTTPRequestMessage, channel: any Channel) async -> HTTPAnswer {
        let requestID = RequestID.make()
        var answer: HTTPAnswer
        if request.path == "/sql" && request.method == .POST {
            do {
                answer = try await admission.withPermit {
                    await faults.answer(request, channel: channel) { [handler] request in
                        await handler.handle(request, requestID: requestID)
                    }
                }
            } catch {
                handler.logger.warning("request not admitted", metadata: ["reason": "\(error)"])
                answer = .respond(.json(status: .internalServerError, body: error.error.body()))
            }
        } else if request.path == "/sql" && request.method == .OPTIONS {
            answer = .respond(Self.preflight())
        } else {
            answer = .respond(.json(status: .badRequest, body: Array("\"query is not supported\"".utf8)))
        }
        switch answer {
        case .respond(var response):
            response.headers.append(("Neon-Request-Id", requestID))
            return .respond(response)
        case .truncate(var response):
            response.headers.append(("Neon-Request-Id", requestID))
            return .truncate(response)
        case .close:
            return .close
        }
    }

    static func preflight() -> HTTPResponseMessage {
        HTTPResponseMessage(status: .ok, headers: [
            ("Allow", "OPTIONS, POST"),
            ("Access-Control-Allow-Origin", "*"),
            ("Access-Control-Allow-Headers", "Authorization, Neon-Connection-String, Neon-Raw-Text-Output, Neon-Array-Mode, Neon-Pool-Opt-In, Neon-Batch-Read-Only, Neon-Batch-Isolation-Level"),
            ("Access-Control-Max-Age", "86400"),
        ])
    }
}
