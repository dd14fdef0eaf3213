import Logging
import NIOCore

/// `neon-local`: Neon's SQL-over-HTTP endpoint (`POST /sql`) served on 127.0.0.1 in front of a
/// real PostgreSQL.
///
/// ```swift
/// var configuration = LocalNeonConfiguration(port: 4444)
/// try configuration.setPostgresURL("postgresql://postgres@127.0.0.1:5432/postgres")
/// let server = LocalNeonServer(configuration: configuration)
/// try await server.run()   // until SIGINT/SIGTERM or task cancellation
/// ```
public struct LocalNeonServer: Sendable {
    /// The configuration the server runs with.
    public let configuration: LocalNeonConfiguration
    private let logger: Logger

    /// Creates a server; nothing listens until ``run(stopOnSignals:onListening:)``.
    public init(configuration: LocalNeonConfiguration, logger: Logger = Logger(label: "neon-local")) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Listens and serves until the task is cancelled (or, when enabled, SIGINT/SIGTERM arrives).
    ///
    /// - Parameters:
    ///   - stopOnSignals: stop on SIGINT and SIGTERM (for the executable): the listener and then every
    ///     open connection are closed.
    ///   - onListening: called with the bound port once the server accepts connections.
    public func run(
        stopOnSignals: Bool = false,
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let pools = UpstreamPools(configuration: configuration, logger: logger)
        let jwt = configuration.jwtAuthentication.map { settings in
            (verifier: JWTVerifier(settings: settings), sessions: JWTSessions(configuration: configuration, pools: pools, logger: logger))
        }
        let handler = SQLRequestHandler(configuration: configuration, pools: pools, typeCatalog: TypeCatalog(), logger: logger, jwt: jwt)
        let server = HTTPServer(port: configuration.port, responder: SQLResponder(handler: handler), logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await pools.run() }
            group.addTask {
                try await server.run(stopOnSignals: stopOnSignals, onListening: onListening)
            }
            defer {
                pools.shutdown()
                group.cancelAll()
            }
            // The server ends first (signal, cancellation or error); then the pools are closed.
            try await group.next()
        }
    }
}
