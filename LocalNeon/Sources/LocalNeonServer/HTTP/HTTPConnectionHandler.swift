import NIOCore
import NIOHTTP1

/// One HTTP connection: collects each request (head and body, up to the request limit), answers it
/// through ``SQLResponder`` in a task of its own, and writes the answer. Requests a client pipelines
/// (sends before the previous answer) wait in order behind the running one, so at most one request
/// per connection runs and answers go out in request order; reading pauses while
/// ``maximumQueuedRequests`` wait. (NIO's pipelining handler would pause reading for every request,
/// two `epoll_ctl` calls each.) When the client goes away, the running request's task is
/// cancelled (its statement is then cancelled on PostgreSQL, ``BackendCanceller``).
///
/// Every member is used on the channel's event loop only.
final class HTTPConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let responder: SQLResponder
    private let maximumRequestBytes: Int
    private let faultInjection: Bool
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var bodyExceededLimit = false
    private var running: Task<Void, Never>?
    private var isOpen = true
    /// Complete requests waiting for the running one, in arrival order.
    private var queued = CircularBuffer<(request: HTTPRequestMessage, head: HTTPRequestHead)>()
    /// Requests that may wait before reading pauses.
    static let maximumQueuedRequests = 8

    init(responder: SQLResponder, maximumRequestBytes: Int, faultInjection: Bool) {
        self.responder = responder
        self.maximumRequestBytes = maximumRequestBytes
        self.faultInjection = faultInjection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
            body = []
            // Judged by Content-Length first: a body announced too large is not kept.
            let announced = requestHead.headers.first(name: "Content-Length").flatMap { Int($0) } ?? 0
            bodyExceededLimit = announced > maximumRequestBytes
            if faultInjection, responder.faults.closesBeforeRead(requestHead.headers) {
                context.close(promise: nil)
                return
            }
            // A client that asks first (curl does for larger bodies) is told to send the body.
            if requestHead.headers.first(name: "Expect")?.lowercased() == "100-continue", !bodyExceededLimit {
                let interim = HTTPResponseHead(version: requestHead.version, status: .continue)
                context.writeAndFlush(wrapOutboundOut(.head(interim)), promise: nil)
            }
        case .body(let buffer):
            guard !bodyExceededLimit else { return }
            if body.count + buffer.readableBytes > maximumRequestBytes {
                bodyExceededLimit = true
                body = []
            } else {
                body.append(contentsOf: buffer.readableBytesView)
            }
        case .end:
            guard let requestHead = head else { return }
            head = nil
            let path = requestHead.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let request = HTTPRequestMessage(
                method: requestHead.method, path: path, headers: requestHead.headers, body: body, bodyExceededLimit: bodyExceededLimit)
            body = []
            if running == nil {
                start(request, head: requestHead, context: context)
            } else {
                queued.append((request, requestHead))
                if queued.count >= Self.maximumQueuedRequests {
                    context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
                }
            }
        }
    }

    private func start(_ request: HTTPRequestMessage, head requestHead: HTTPRequestHead, context: ChannelHandlerContext) {
        let keepAlive = requestHead.isKeepAlive
        let version = requestHead.version
        let responder = self.responder
        let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        let channel = context.channel
        running = Task {
            let answer = await responder.answer(request, channel: channel)
            channel.eventLoop.execute {
                let (handler, context) = loopBound.value
                handler.running = nil
                handler.write(answer, version: version, keepAlive: keepAlive, context: context)
                handler.startNext(context: context, keepAlive: keepAlive, answer: answer)
            }
        }
    }

    /// Starts the next waiting request, if the connection stays open for it.
    private func startNext(context: ChannelHandlerContext, keepAlive: Bool, answer: HTTPAnswer) {
        guard isOpen, keepAlive, case .respond = answer, let next = queued.popFirst() else {
            queued.removeAll()
            return
        }
        if queued.count == Self.maximumQueuedRequests - 1 {
            context.channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
        }
        start(next.request, head: next.head, context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        isOpen = false
        running?.cancel()
        queued.removeAll()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        running?.cancel()
        context.close(promise: nil)
    }

    private func write(_ answer: HTTPAnswer, version: HTTPVersion, keepAlive: Bool, context: ChannelHandlerContext) {
        guard isOpen else { return }
        switch answer {
        case .close:
            context.close(promise: nil)
        case .respond(let response):
            context.write(wrapOutboundOut(.head(Self.head(of: response, version: version, keepAlive: keepAlive))), promise: nil)
            if !response.body.isEmpty {
                context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: response.body)))), promise: nil)
            }
            if keepAlive {
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            } else {
                let channel = context.channel
                context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
            }
        case .truncate(let response):
            context.write(wrapOutboundOut(.head(Self.head(of: response, version: version, keepAlive: keepAlive))), promise: nil)
            let half = context.channel.allocator.buffer(bytes: response.body.prefix(response.body.count / 2))
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(half))), promise: nil)
            // Give the bytes a moment to reach the wire, then cut the connection.
            let channel = context.channel
            channel.eventLoop.scheduleTask(in: .milliseconds(50)) { channel.close(promise: nil) }
        }
    }

    /// The response's head with its full `Content-Length` (also when only part of the body follows).
    private static func head(of response: HTTPResponseMessage, version: HTTPVersion, keepAlive: Bool) -> HTTPResponseHead {
        var headers = HTTPHeaders()
        headers.reserveCapacity(response.headers.count + 2)
        for header in response.headers {
            headers.add(name: header.name, value: header.value)
        }
        headers.add(name: "Content-Length", value: String(response.body.count))
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        return HTTPResponseHead(version: version, status: response.status, headers: headers)
    }
}
