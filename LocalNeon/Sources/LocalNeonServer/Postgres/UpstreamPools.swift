import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// One connection pool (postgres-nio `PostgresClient`) per (user, password, database), created on
/// first use after the credentials were checked against PostgreSQL with a direct connection,
/// plus a small admin pool that watches password changes and cancels abandoned statements.
///
/// Like Neon's proxy, a pooled connection is only used after the request's password has been
/// checked (reference §4 "Password changes"): a password is re-authenticated with a direct
/// connection whenever the role's password entry (`pg_authid`, read by the admin connection)
/// changed since it last succeeded, so after `ALTER ROLE ... PASSWORD` the old password fails.
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
    /// For each key whose password last authenticated: the role's password fingerprint at that time.
    private let authenticated = NIOLockedValueBox<[Key: String]>([:])
    /// The admin pool (password-change checks, cancellation).
    private let admin: PostgresClient
    /// Set once an admin query failed, so that the failure is logged once.
    private let adminFailureLogged = NIOLockedValueBox(false)
    /// How long an admin query may take before it is given up (e.g. while the admin cannot connect).
    static let adminTimeout: Duration = .seconds(2)

    init(configuration: LocalNeonConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        (newClients, newClientsContinuation) = AsyncStream.makeStream(of: PostgresClient.self)
        let adminConfiguration = Self.clientConfiguration(
            configuration, user: configuration.postgresAdminUser, password: configuration.postgresAdminPassword,
            database: configuration.postgresAdminDatabase, maximumConnections: 4)
        admin = PostgresClient(configuration: adminConfiguration, backgroundLogger: logger)
        newClientsContinuation.yield(admin)
    }

    /// A pool's configuration for the upstream PostgreSQL: idle connections close after 5 minutes
    /// (Neon's pooled idle timeout), no keep-alive queries, no TLS (127.0.0.1 only).
    private static func clientConfiguration(
        _ configuration: LocalNeonConfiguration, user: String, password: String?, database: String, maximumConnections: Int
    ) -> PostgresClient.Configuration {
        var options = PostgresClient.Configuration.Options()
        options.maximumConnections = maximumConnections
        options.connectionIdleTimeout = .seconds(300)
        options.keepAliveBehavior = nil
        var clientConfiguration = PostgresClient.Configuration(
            host: configuration.postgresHost, port: configuration.postgresPort,
            username: user, password: password, database: database, tls: .disable)
        clientConfiguration.options = options
        return clientConfiguration
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

    /// The pool for these credentials. The first request for a key authenticates against PostgreSQL;
    /// with `recheckingPassword`, a password is authenticated again whenever the role's password
    /// entry changed since it last succeeded (and always when the admin cannot read it).
    func client(for key: Key, recheckingPassword: Bool) async throws(NeonError) -> PostgresClient {
        if recheckingPassword {
            try await checkPassword(key)
        } else if let client = clients.withLockedValue({ $0[key] }) {
            return client
        } else {
            try await verify(key)
        }
        if let client = clients.withLockedValue({ $0[key] }) {
            return client
        }
        let clientConfiguration = Self.clientConfiguration(
            configuration, user: key.user, password: key.password, database: key.database,
            maximumConnections: configuration.maximumConnectionsPerPool)
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

    /// Authenticates `key` unless it succeeded before and the role's password entry is unchanged since.
    private func checkPassword(_ key: Key) async throws(NeonError) {
        let fingerprint = await passwordFingerprint(of: key.user)
        if let fingerprint, authenticated.withLockedValue({ $0[key] }) == fingerprint {
            return
        }
        do {
            try await verify(key)
        } catch {
            authenticated.withLockedValue { _ = $0.removeValue(forKey: key) }
            throw error
        }
        authenticated.withLockedValue { $0[key] = fingerprint }
    }

    /// A digest of everything in `pg_authid` that decides whether a password logs in (the secret,
    /// whose salt changes with every `ALTER ROLE ... PASSWORD`; LOGIN; VALID UNTIL; the role's oid),
    /// or `nil` when the role does not exist or the admin connection cannot tell.
    private func passwordFingerprint(of role: String) async -> String? {
        let query = PostgresQuery(
            unsafeSQL: """
                SELECT pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
                    oid::text || '|' || rolcanlogin::text || '|' || (rolvaliduntil IS NULL OR rolvaliduntil > pg_catalog.now())::text
                    || '|' || coalesce(rolpassword, ''), 'UTF8')), 'hex')
                FROM pg_catalog.pg_authid WHERE rolname = $1
                """,
            binds: .untypedText([role])
        )
        let result: String?? = await adminQuery { client in
            let rows = try await client.query(query, logger: self.logger)
            var fingerprint: String?
            for try await row in rows {
                fingerprint = try row.decode(String.self)
            }
            return fingerprint
        }
        return result ?? nil
    }

    /// Asks PostgreSQL to cancel whatever backend `pid` is running; returns whether the request was sent.
    @discardableResult
    func cancelBackend(pid: Int32) async -> Bool {
        let query = PostgresQuery(unsafeSQL: "SELECT pg_catalog.pg_cancel_backend($1)", binds: .untypedText(["\(pid)"]))
        let sent: Bool? = await adminQuery { client in
            let rows = try await client.query(query, logger: self.logger)
            for try await _ in rows {}
            return true
        }
        return sent ?? false
    }

    /// Runs `body` on the admin pool within ``adminTimeout``; `nil` (the first failure logged) when it fails.
    private func adminQuery<Value: Sendable>(_ body: @escaping @Sendable (PostgresClient) async throws -> Value) async -> Value? {
        let admin = self.admin
        let outcome = await withTaskGroup(of: Result<Value, any Error>?.self) { group in
            group.addTask {
                do {
                    return .success(try await body(admin))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: Self.adminTimeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        switch outcome {
        case .success(let value):
            return value
        case .failure(let error):
            logAdminFailure("\(String(reflecting: type(of: error)))\((error as? PSQLError).flatMap { DatabaseErrorFields($0) }.map { ": \($0.code)" } ?? "")")
            return nil
        case nil:
            logAdminFailure("timed out")
            return nil
        }
    }

    private func logAdminFailure(_ reason: String) {
        let first = adminFailureLogged.withLockedValue { logged in
            defer { logged = true }
            return !logged
        }
        if first {
            logger.warning(
                "the admin connection failed: password changes are detected by authenticating every request, and statements of disconnected clients may not be cancelled",
                metadata: ["user": "\(configuration.postgresAdminUser)", "reason": "\(reason)"]
            )
        }
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
