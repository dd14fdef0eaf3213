import Dispatch
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// neon-local's HTTP/1.1 server on 127.0.0.1: NIO's HTTP codec with protocol-error handling, then one ``HTTPConnectionHandler`` per connection. Runs until the calling
/// task is cancelled (or SIGINT/SIGTERM arrives, when asked); then it stops listening and closes
/// every open connection.
struct HTTPServer: Sendable {
    let port: Int
    let responder: SQLResponder
    let logger: Logger

    func run(stopOnSignals: Bool, onListening: @escaping @Sendable (Int) async -> Void) async throws {
        let connections = OpenChannels()
        let responder = self.responder
        let maximumRequestBytes = responder.handler.configuration.maximumRequestBytes
        let faultInjection = responder.faults.isEnabled
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 4)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    connections.add(channel)
                    let operations = channel.pipeline.syncOperations
                    try operations.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: true)
                    try operations.addHandler(HTTPConnectionHandler(
                        responder: responder, maximumRequestBytes: maximumRequestBytes, faultInjection: faultInjection))
                }
            }
        let server = try await bootstrap.bind(host: "127.0.0.1", port: port).get()
        let signals = stopOnSignals ? Self.closeOnSignals(server, logger: logger) : []
        defer { signals.forEach { $0.cancel() } }
        await onListening(server.localAddress?.port ?? port)
        await withTaskCancellationHandler {
            try? await server.closeFuture.get()
        } onCancel: {
            server.close(promise: nil)
        }
        connections.closeAll()
    }

    /// Closes `server` on SIGINT or SIGTERM (whose default action, ending the process, is turned off).
    private static func closeOnSignals(_ server: any Channel, logger: Logger) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                logger.notice("stopping (signal \(number))")
                server.close(promise: nil)
            }
            source.resume()
            return source
        }
    }
}

/// The open connections, closed together when the server stops.
private final class OpenChannels: Sendable {
    private let channels = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])

    func add(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        channels.withLockedValue { $0[key] = channel }
        channel.closeFuture.whenComplete { [channels] _ in
            _ = channels.withLockedValue { $0.removeValue(forKey: key) }
        }
    }

    func closeAll() {
        for channel in channels.withLockedValue({ Array($0.values) }) {
            channel.close(promise: nil)
        }
    }
}
