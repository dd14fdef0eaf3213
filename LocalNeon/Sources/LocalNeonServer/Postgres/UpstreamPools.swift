import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// One connection pool (postgres-nio `PostgresClient`) per (user, password, database), created on
/// first use after the credentials were checked against PostgreSQL with a direct connection.
final class UpstreamPools: Sendable {
    struct Key: Hashable, Sendable {
        var user: String
        var password: String?
        var database: String
    }

    private let configuration: LocalNeonConfiguration
    private let logger: Logger
    private let clients = NIOLockedValueBox<[Key: PostgresClient]>([:])
    private let newClients: AsyncStream<PostgresClient>
    private let newClientsContinuation: AsyncStream<PostgresClient>.Continuation
    private let nextConnectionID = NIOLockedValueBox(1)

    init(configuration: LocalNeonConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        (newClients, newClientsContinuation) = AsyncStream.makeStream(of: PostgresClient.self)
    }

    /// Runs every pool's background work until cancelled.
    func run() async {
        await withDiscardingTaskGroup { group in
            for await client in newClients {
                group.addTask { await client.run() }
            }
            group.cancelAll()
        }
    }

    /// Stops accepting new pools (``run()`` then ends once its task is cancelled).
    func shutdown() {
        newClientsContinuation.finish()
    }

    /// The pool for these credentials; the first request for a key authenticates against PostgreSQL.
    func client(for key: Key) async throws(NeonError) -> PostgresClient {
        if let client = clients.withLockedValue({ $0[key] }) {
            return client
        }
        try await verify(key)
        var options = PostgresClient.Configuration.Options()
        options.maximumConnections = configuration.maximumConnectionsPerPool
        options.connectionIdleTimeout = .seconds(300)
        options.keepAliveBehavior = nil
        var clientConfiguration = PostgresClient.Configuration(
            host: configuration.postgresHost,
            port: configuration.postgresPort,
            username: key.user,
            password: key.password,
            database: key.database,
            tls: .disable
        )
        clientConfiguration.options = options
        let (client, isNew) = clients.withLockedValue { clients -> (PostgresClient, Bool) in
            if let existing = clients[key] { return (existing, false) }
            let client = PostgresClient(configuration: clientConfiguration, backgroundLogger: logger)
            clients[key] = client
            return (client, true)
        }
        if isNew {
            newClientsContinuation.yield(client)
            logger.info("opened a connection pool", metadata: ["user": "\(key.user)", "database": "\(key.database)"])
        }
        return client
    }

    /// Connects once directly, so that wrong credentials give Neon's errors instead of a pool retrying.
    private func verify(_ key: Key) async throws(NeonError) {
        let connectionID = nextConnectionID.withLockedValue { id -> Int in
            defer { id += 1 }
            return id
        }
        let connectionConfiguration = PostgresConnection.Configuration(
            host: configuration.postgresHost,
            port: configuration.postgresPort,
            username: key.user,
            password: key.password,
            database: key.database,
            tls: .disable
        )
        do {
            let connection = try await PostgresConnection.connect(configuration: connectionConfiguration, id: connectionID, logger: logger)
            try? await connection.close()
        } catch let error as PSQLError {
            throw Self.connectError(error, user: key.user)
        } catch {
            logger.warning("could not connect to PostgreSQL", metadata: ["error": "\(type(of: error))"])
            throw NeonError.internalError("Couldn't connect to compute node")
        }
    }

    /// Maps a connection failure to Neon's answer (reference §7.2).
    static func connectError(_ error: PSQLError, user: String) -> NeonError {
        if error.code == .authMechanismRequiresPassword {
            return .user("password authentication failed for user '\(user)'")
        }
        guard let fields = DatabaseErrorFields(error) else {
            return .internalError("Couldn't connect to compute node")
        }
        switch fields.code {
        case "28P01", "28000":
            return .user("password authentication failed for user '\(user)'")
        case "3D000":
            return .database(fields, status: 400)
        default:
            return .database(fields, status: 500)
        }
    }
}
