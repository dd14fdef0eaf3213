import Logging
import NIOConcurrencyHelpers
import NIOCore

/// One connection pool (``WirePool``) per (user, password, database), created on first use after the
/// credentials were checked against PostgreSQL with a direct connection, plus the admin's connection
/// (``AdminConnection``) that watches password changes.
///
/// Like Neon's proxy, a pooled connection is only used after the request's password has been
/// checked (docs/neon-sql-over-http.md §4 "Password changes"): a password is re-authenticated with a direct
/// connection whenever the role's password entry (`pg_authid`, read by the admin connection for
/// each request, concurrent requests sharing one read: ``PasswordFingerprints``) changed since it
/// last succeeded, so after `ALTER ROLE ... PASSWORD` the old password fails. A password that passed
/// is trusted without any check for ``LocalNeonConfiguration/credentialCacheTTL`` (as Neon's proxy
/// caches role secrets); a password that failed is never remembered, so it is checked every time.
final class UpstreamPools: Sendable {
    struct Key: Hashable, Sendable {
        var user: String
        var password: String?
        var database: String
    }

    private let configuration: LocalNeonConfiguration
    private let logger: Logger
    private let clients = NIOLockedValueBox<[Key: WirePool]>([:])
    /// The background work of each pool (``run()`` runs it).
    private let newClients: AsyncStream<@Sendable () async -> Void>
    private let newClientsContinuation: AsyncStream<@Sendable () async -> Void>.Continuation
    /// A key whose password last passed its check.
    private struct Authenticated {
        /// The role's password fingerprint when it passed (`nil` if the admin could not read it).
        var fingerprint: String?
        /// Until when the key is trusted without a check (the check's start plus the TTL).
        var trustedUntil: NIODeadline
    }

    /// For each key whose password last authenticated: when, and the role's password fingerprint then.
    private let authenticated = NIOLockedValueBox<[Key: Authenticated]>([:])
    /// ``LocalNeonConfiguration/credentialCacheTTL``.
    private let credentialCacheTTL: TimeAmount
    /// The admin's connection (password-change checks).
    private let admin: AdminConnection
    /// Coalesces the password checks of concurrent requests into shared reads of `pg_authid`.
    private let fingerprints: PasswordFingerprints

    init(configuration: LocalNeonConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        credentialCacheTTL = max(.zero, TimeAmount(configuration.credentialCacheTTL))
        (newClients, newClientsContinuation) = AsyncStream.makeStream(of: (@Sendable () async -> Void).self)
        let admin = AdminConnection(configuration: configuration, logger: logger)
        self.admin = admin
        fingerprints = PasswordFingerprints(read: { roles in await admin.passwordFingerprints(of: roles) })
    }

    /// Runs every pool's background work until cancelled.
    func run() async {
        await withDiscardingTaskGroup { group in
            for await work in newClients {
                group.addTask { await work() }
            }
            group.cancelAll()
        }
    }

    /// Stops accepting new pools (``run()`` then ends once its task is cancelled).
    func shutdown() {
        newClientsContinuation.finish()
        admin.close()
        for pool in clients.withLockedValue({ Array($0.values) }) { pool.shutDown() }
    }

    /// A connection for a request with these credentials (see ``client(for:recheckingPassword:)``).
    /// Once the pool exists, leasing and the password check run at the same time; the connection is
    /// handed out only after the check passed. Credentials trusted from a recent check need none.
    func lease(for key: Key, recheckingPassword: Bool, logger: Logger) async throws(NeonError) -> ConnectionLease {
        if recheckingPassword, let client = clients.withLockedValue({ $0[key] }) {
            if isTrusted(key) {
                return try await Self.lease(from: client, logger: logger).get()
            }
            async let early = Self.lease(from: client, logger: logger)
            do {
                try await checkPassword(key)
            } catch {
                if case .success(let lease) = await early {
                    lease.giveBack(.reset)
                }
                throw error
            }
            return try await early.get()
        }
        let client = try await client(for: key, recheckingPassword: recheckingPassword)
        return try await Self.lease(from: client, logger: logger).get()
    }

    private static func lease(from client: WirePool, logger: Logger) async -> Result<ConnectionLease, NeonError> {
        do {
            return .success(try await ConnectionLease.lease(from: client))
        } catch {
            logger.warning("could not lease a connection", metadata: ["error": "\(error)"])
            return .failure(.internalError("Failed to acquire permit to connect to the database. Too many database connection attempts are currently ongoing."))
        }
    }

    /// The pool for these credentials. The first request for a key authenticates against PostgreSQL;
    /// with `recheckingPassword`, a password is authenticated again whenever the role's password
    /// entry changed since it last succeeded (and always when the admin cannot read it).
    func client(for key: Key, recheckingPassword: Bool) async throws(NeonError) -> WirePool {
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
        // The admin's own pools (JWT setup) are used rarely: no connections kept open for them.
        let isAdmin = key.user == configuration.postgresAdminUser && key.password == configuration.postgresAdminPassword
        let settings = WirePool.Settings(
            host: configuration.postgresHost, port: configuration.postgresPort,
            user: key.user, password: key.password, database: key.database,
            minimumConnections: isAdmin ? 0 : min(configuration.minimumConnectionsPerPool, configuration.maximumConnectionsPerPool),
            maximumConnections: configuration.maximumConnectionsPerPool)
        let (client, isNew) = clients.withLockedValue { clients -> (WirePool, Bool) in
            if let existing = clients[key] { return (existing, false) }
            let client = WirePool(settings: settings)
            clients[key] = client
            return (client, true)
        }
        if isNew {
            newClientsContinuation.yield { await client.run() }
            logger.info("opened a connection pool", metadata: ["user": "\(key.user)", "database": "\(key.database)"])
        }
        return client
    }

    /// Whether `key` passed a check less than ``LocalNeonConfiguration/credentialCacheTTL`` ago.
    private func isTrusted(_ key: Key) -> Bool {
        guard credentialCacheTTL > .zero else { return false }
        let now = NIODeadline.now()
        return authenticated.withLockedValue { authenticated in
            guard let entry = authenticated[key] else { return false }
            return now < entry.trustedUntil
        }
    }

    /// Authenticates `key` unless it is trusted from a recent check, or it succeeded before and the
    /// role's password entry is unchanged since. Only a success is remembered, from the time the
    /// check started (the TTL counts from before PostgreSQL was asked).
    private func checkPassword(_ key: Key) async throws(NeonError) {
        if isTrusted(key) { return }
        let started = NIODeadline.now()
        let fingerprint = await fingerprints.current(of: key.user)
        if let fingerprint, authenticated.withLockedValue({ $0[key]?.fingerprint }) == fingerprint {
            authenticated.withLockedValue { $0[key] = Authenticated(fingerprint: fingerprint, trustedUntil: started + credentialCacheTTL) }
            return
        }
        do {
            try await verify(key)
        } catch {
            authenticated.withLockedValue { _ = $0.removeValue(forKey: key) }
            throw error
        }
        authenticated.withLockedValue { $0[key] = Authenticated(fingerprint: fingerprint, trustedUntil: started + credentialCacheTTL) }
    }

    /// Connects once directly, so that wrong credentials give Neon's errors instead of a pool retrying.
    private func verify(_ key: Key) async throws(NeonError) {
        do {
            let connection = try await WireConnection.connect(
                host: configuration.postgresHost, port: configuration.postgresPort,
                user: key.user, password: key.password, database: key.database)
            connection.close()
        } catch {
            if case .connectionClosed = error {
                logger.warning("could not connect to PostgreSQL")
            }
            throw Self.connectError(error, user: key.user)
        }
    }

    /// Maps a connection failure to Neon's answer (docs/neon-sql-over-http.md §7.2).
    static func connectError(_ error: WireError, user: String) -> NeonError {
        switch error {
        case .passwordRequired:
            return .user("password authentication failed for user '\(user)'")
        case .server(let fields):
            switch fields.code {
            case "28P01", "28000":
                return .user("password authentication failed for user '\(user)'")
            case "3D000":
                return .database(fields, status: 400)
            default:
                return .database(fields, status: 500)
            }
        case .connectionClosed, .authentication, .protocolViolation, .zeroByteInStatement, .resultTooLarge:
            return .internalError("Couldn't connect to compute node")
        }
    }
}
