import Logging
import NIOCore
import NIOHTTP1

/// Applies a request's ``FaultPlan`` around the normal handling of `POST /sql`, for tests of how
/// clients survive network and server faults. Inactive (every request handled normally, the header
/// ignored) unless fault injection is enabled.
struct FaultInjector: Sendable {
    /// Whether `X-Neon-Local-Fault` is honoured.
    let isEnabled: Bool
    let logger: Logger

    /// Whether the request whose head carries `headers` asks for `close-before-read` (the
    /// connection then closes as soon as the head arrived).
    func closesBeforeRead(_ headers: HTTPHeaders) -> Bool {
        guard isEnabled, let value = headers.first(name: FaultPlan.headerName), let plan = try? FaultPlan.parse(value) else {
            return false
        }
        return plan.action == .closeBeforeRead
    }

    /// Answers `request`: normally through `handle`, or as its fault plan says. `handle` runs the
    /// request (executing, committing) and returns the answer to send.
    func answer(
        _ request: HTTPRequestMessage,
        channel: any Channel,
        handle: @escaping @Sendable (HTTPRequestMessage) async -> HTTPResponseMessage
    ) async -> HTTPAnswer {
        guard isEnabled, let value = request.header(FaultPlan.headerName) else {
            return .respond(await handle(request))
        }
        let plan: FaultPlan
        do {
            plan = try FaultPlan.parse(value)
        } catch {
            return .respond(.json(status: .badRequest, body: NeonError.user(error.message).body()))
        }
        logger.notice("injecting a fault", metadata: ["fault": "\(value)"])

        if let milliseconds = plan.delayMilliseconds {
            // Waits, unless the client goes away first (the task is cancelled; then nothing runs).
            do {
                try await Task.sleep(for: .milliseconds(milliseconds))
            } catch {
                return .close
            }
            guard channel.isActive else { return .close }
        }
        switch plan.action {
        case nil:
            return .respond(await handle(request))
        case .closeBeforeRead, .dropBeforeStatement:
            return .close
        case .status(let code):
            return .respond(Self.injectedStatus(code, when: "instead of running the request"))
        case .dropAfterCommit:
            _ = await handle(request)
            return .close
        case .statusAfterCommit(let code):
            _ = await handle(request)
            return .respond(Self.injectedStatus(code, when: "after running the request"))
        case .truncateBody:
            return .truncate(await handle(request))
        }
    }

    /// The error body of an injected status (Neon's proxy-error shape).
    private static func injectedStatus(_ code: Int, when: String) -> HTTPResponseMessage {
        .json(
            status: HTTPResponseStatus(statusCode: code),
            body: NeonError(status: code, message: "neon-local fault injection: HTTP \(code) \(when)", fields: nil).body())
    }
}
