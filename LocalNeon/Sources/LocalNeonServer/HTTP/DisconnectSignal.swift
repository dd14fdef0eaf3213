import NIOConcurrencyHelpers
import NIOCore

/// Reports once that the client's side of one HTTP connection ended (input closed, or the
/// connection closed or reset), to whichever request is watching at that moment.
///
/// One signal per connection, made by its first request (``signal(for:)``): a ``DisconnectWatcher``
/// at the front of the connection's pipeline fires it. Later requests on the connection only look
/// the signal up, so watching costs no pipeline change and no event-loop hop per request.
final class DisconnectSignal: Sendable {
    private struct State {
        var disconnected = false
        var onDisconnect: (@Sendable () -> Void)?
    }

    private let state = NIOLockedValueBox(State())

    /// Calls `onDisconnect` when the client goes away before ``unwatch()``; at once (and returns
    /// `false`) when it already has.
    @discardableResult
    func watch(_ onDisconnect: @escaping @Sendable () -> Void) -> Bool {
        let alreadyGone = state.withLockedValue { state -> Bool in
            guard !state.disconnected else { return true }
            state.onDisconnect = onDisconnect
            return false
        }
        if alreadyGone { onDisconnect() }
        return !alreadyGone
    }

    /// Stops watching (the request is answered).
    func unwatch() {
        state.withLockedValue { $0.onDisconnect = nil }
    }

    /// Records the disconnect and tells the watching request, once.
    fileprivate func fire() {
        let callback = state.withLockedValue { state -> (@Sendable () -> Void)? in
            guard !state.disconnected else { return nil }
            state.disconnected = true
            defer { state.onDisconnect = nil }
            return state.onDisconnect
        }
        callback?()
    }

    /// Signals of open connections, by channel; an entry is removed when its channel closes.
    private static let signals = NIOLockedValueBox<[ObjectIdentifier: DisconnectSignal]>([:])

    /// The signal of `channel`, installing its watcher on first use; a fired signal when the channel
    /// is already closed.
    static func signal(for channel: any Channel) async -> DisconnectSignal {
        if let signal = signals.withLockedValue({ $0[ObjectIdentifier(channel)] }) {
            return signal
        }
        do {
            return try await channel.eventLoop.submit { () throws -> DisconnectSignal in
                if let signal = signals.withLockedValue({ $0[ObjectIdentifier(channel)] }) {
                    return signal
                }
                guard channel.isActive else { throw ChannelError.ioOnClosedChannel }
                let signal = DisconnectSignal()
                try channel.pipeline.syncOperations.addHandler(DisconnectWatcher(signal: signal), position: .first)
                signals.withLockedValue { $0[ObjectIdentifier(channel)] = signal }
                // The closure keeps the channel alive until its entry is gone, so no later channel
                // can reuse the identifier while the entry still names this one's signal.
                channel.closeFuture.whenComplete { _ in
                    _ = signals.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(channel)) }
                }
                return signal
            }.get()
        } catch {
            let closed = DisconnectSignal()
            closed.fire()
            return closed
        }
    }
}

/// A pass-through handler at the front of a connection's pipeline that fires its connection's
/// ``DisconnectSignal`` when the client's side ends.
final class DisconnectWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let signal: DisconnectSignal

    init(signal: DisconnectSignal) {
        self.signal = signal
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            signal.fire()
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        signal.fire()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        signal.fire()
        context.fireErrorCaught(error)
    }
}
