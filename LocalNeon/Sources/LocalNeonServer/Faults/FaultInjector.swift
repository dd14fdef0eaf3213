import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Applies a request's ``FaultPlan`` around the normal handling of `POST /sql`, for tests of how
/// clients survive network and server faults. Inactive (every request handled normally, the header
/// ignored) unless fault injection is enabled.
struct FaultInjector: Sendable {
    /// Whether `X-Neon-Local-Fault` is honoured.
    let isEnabled: Bool
    let logger: Logger

    /// Answers `request`: normally through `handle`, or as its fault plan says. `handle` runs the
    /// request (reading its body, executing, committing) and returns the answer to send.
    func respond(
        to request: Request,
        channel: any Channel,
        handle: @escaping @Sendable (Request) async -> Response
    ) async -> Response {
        guard isEnabled, let value = SQLRequestHandler.header(request, FaultPlan.headerName) else {
            return await handle(request)
        }
        let plan: FaultPlan
        do {
            plan = try FaultPlan.parse(value)
        } catch {
            return SQLResponder.json(status: .badRequest, body: NeonError.user(error.message).body())
        }
        logger.notice("injecting a fault", metadata: ["fault": "\(value)"])

        if plan.action == .closeBeforeRead {
            return Self.close(channel)
        }
        if let milliseconds = plan.delayMilliseconds {
            // Waits, unless the client goes away first (then nothing runs).
            let waited = await SQLResponder.cancellingOnDisconnect(channel: channel) {
                do {
                    try await Task.sleep(for: .milliseconds(milliseconds))
                    return Response(status: .ok)
                } catch {
                    return Response(status: .requestTimeout)
                }
            }
            guard waited.status == .ok, channel.isActive else { return Self.close(channel) }
        }
        switch plan.action {
        case nil:
            return await handle(request)
        case .closeBeforeRead:
            return Self.close(channel)
        case .dropBeforeStatement:
            await Self.drain(request)
            return Self.close(channel)
        case .status(let code):
            await Self.drain(request)
            return Self.injectedStatus(code, when: "instead of running the request")
        case .dropAfterCommit:
            _ = await handle(request)
            return Self.close(channel)
        case .statusAfterCommit(let code):
            _ = await handle(request)
            return Self.injectedStatus(code, when: "after running the request")
        case .truncateBody:
            let full = await handle(request)
            return await Self.truncated(full, channel: channel)
        }
    }

    /// The error body of an injected status (Neon's proxy-error shape).
    private static func injectedStatus(_ code: Int, when: String) -> Response {
        SQLResponder.json(
            status: HTTPResponse.Status(code: code),
            body: NeonError(status: code, message: "neon-local fault injection: HTTP \(code) \(when)", fields: nil).body())
    }

    /// Closes the connection; the returned response is never delivered.
    private static func close(_ channel: any Channel) -> Response {
        channel.close(mode: .all, promise: nil)
        return Response(status: .badRequest)
    }

    /// Reads and discards the request body.
    private static func drain(_ request: Request) async {
        do {
            for try await _ in request.body {}
        } catch {
            // The client went away while sending: nothing more to read.
        }
    }

    /// `response` with its full `Content-Length` but only the first half of its body, after which
    /// the connection is closed.
    private static func truncated(_ response: Response, channel: any Channel) async -> Response {
        var collector = CollectingWriter()
        do {
            try await response.body.write(collector.writer())
        } catch {
            return close(channel)
        }
        let bytes = collector.collected()
        let half = ByteBuffer(bytes: bytes.prefix(bytes.count / 2))
        let body = ResponseBody(contentLength: bytes.count) { writer in
            try await writer.write(half)
            // Give the event loop a moment to put the half on the wire, then cut the connection.
            try? await Task.sleep(for: .milliseconds(50))
            channel.close(mode: .all, promise: nil)
        }
        return Response(status: response.status, headers: response.headers, body: body)
    }
}

/// Collects a response body's bytes.
private struct CollectingWriter {
    private let storage = Storage()

    final class Storage: @unchecked Sendable {
        // @unchecked: used by one task at a time (the body write, then `collected()`).
        var bytes: [UInt8] = []
    }

    struct Writer: ResponseBodyWriter {
        let storage: Storage
        mutating func write(_ buffer: ByteBuffer) async throws {
            storage.bytes.append(contentsOf: buffer.readableBytesView)
        }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    func writer() -> Writer { Writer(storage: storage) }
    func collected() -> [UInt8] { storage.bytes }
}
