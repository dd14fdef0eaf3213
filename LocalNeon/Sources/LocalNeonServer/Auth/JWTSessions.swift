import Crypto
import Logging
import NIOConcurrencyHelpers

/// Runs JWT requests as their role: prepares each database once (the `auth` schema, the claims key,
/// the authenticator's membership in the role; see ``AuthSchemaSQL``), then hands out the
/// authenticator's pool and the statement that switches a leased connection to the request's role
/// and claims.
final class JWTSessions: Sendable {
    /// What a request for one (database, role) needs.
    struct Prepared: Sendable {
        /// The authenticator's pool for the database.
        var poolKey: UpstreamPools.Key
        /// The database's claims key (never logged).
        var claimsKey: String
    }

    private struct Target: Hashable {
        var database: String
        var role: String
    }

    private let configuration: LocalNeonConfiguration
    private let pools: UpstreamPools
    private let logger: Logger
    private let authenticatorPassword = NIOLockedValueBox<String?>(nil)
    private let prepared = NIOLockedValueBox<[Target: Prepared]>([:])

    init(configuration: LocalNeonConfiguration, pools: UpstreamPools, logger: Logger) {
        self.configuration = configuration
        self.pools = pools
        self.logger = logger
    }

    /// The pool and claims key for a verified request of `role` on `database` (set up on first use).
    func prepare(database: String, role: String) async throws(NeonError) -> Prepared {
        let target = Target(database: database, role: role)
        if let ready = prepared.withLockedValue({ $0[target] }) {
            return ready
        }
        let password = try await authenticator()
        let claimsKey = try await install(database: database, role: role)
        let ready = Prepared(
            poolKey: .init(user: AuthSchemaSQL.authenticatorRole, password: password, database: database),
            claimsKey: claimsKey
        )
        prepared.withLockedValue { $0[target] = ready }
        return ready
    }

    /// The `request.jwt.claims` value for `claims`: `<mac>.<claims>` (see ``AuthSchemaSQL``).
    static func signedClaims(_ claims: String, key: String) -> String {
        let digest = SHA256.hash(data: Array((key + claims + key).utf8))
        return digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined() + "." + claims
    }

    /// Switches a leased connection of the authenticator to `role` with `claims`.
    static func begin(role: String, claims: String, prepared: Prepared, on connection: WireConnection, logger: Logger) async throws(NeonError) {
        do {
            _ = try await connection.execute(AuthSchemaSQL.beginRequest, parameters: [role, signedClaims(claims, key: prepared.claimsKey)])
        } catch {
            throw PayloadExecutor.queryError(error)
        }
    }

    /// The authenticator's password, creating the role and its shared secret on first use.
    private func authenticator() async throws(NeonError) -> String {
        if let password = authenticatorPassword.withLockedValue({ $0 }) {
            return password
        }
        let admin = try await adminClient(database: configuration.postgresAdminDatabase)
        let password: String = try await transaction(on: admin) { connection, inRecovery in
            if inRecovery {
                // A hot standby: the primary's neon-local made the role and its secret, and
                // replication brought both here; a standby can only read them.
                guard let secret = try await Self.text(AuthSchemaSQL.selectAuthenticatorSecret, on: connection, logger: self.logger) else {
                    self.logger.error("on a standby, JWT sessions need the primary's neon-local to have served a JWT request first")
                    throw SetupFailure()
                }
                return secret
            }
            for statement in AuthSchemaSQL.authenticatorSecret {
                try await Self.execute(statement, on: connection, logger: self.logger)
            }
            guard let secret = try await Self.text(AuthSchemaSQL.selectAuthenticatorSecret, on: connection, logger: self.logger) else {
                throw SetupFailure()
            }
            if try await Self.integer(AuthSchemaSQL.authenticatorExists, on: connection, logger: self.logger) == 0 {
                try await Self.execute(AuthSchemaSQL.createAuthenticator, on: connection, logger: self.logger)
            }
            try await Self.execute(AuthSchemaSQL.alterAuthenticator(secret: secret), on: connection, logger: self.logger)
            return secret
        }
        authenticatorPassword.withLockedValue { $0 = password }
        return password
    }

    /// Installs the `auth` schema in `database` and lets the authenticator become `role`; returns the claims key.
    private func install(database: String, role: String) async throws(NeonError) -> String {
        let admin = try await adminClient(database: database)
        return try await transaction(on: admin) { connection, inRecovery in
            if inRecovery {
                // A hot standby has the primary's schema, functions and grants; only the key is read.
                guard let key = try await Self.text(AuthSchemaSQL.selectClaimsKey, on: connection, logger: self.logger) else {
                    self.logger.error("on a standby, JWT sessions need the primary's neon-local to have served a JWT request first")
                    throw SetupFailure()
                }
                return key
            }
            for statement in AuthSchemaSQL.claimsKey {
                try await Self.execute(statement, on: connection, logger: self.logger)
            }
            if try await Self.integer(AuthSchemaSQL.extensionInstalled, on: connection, logger: self.logger) == 0 {
                for statement in AuthSchemaSQL.functions {
                    try await Self.execute(statement, on: connection, logger: self.logger)
                }
            }
            switch try await Self.integer(AuthSchemaSQL.roleKind, binds: [role], on: connection, logger: self.logger) {
            case 1:
                try await Self.execute(AuthSchemaSQL.grantRole(role), on: connection, logger: self.logger)
            case 0:
                self.logger.warning("JWT role does not exist; its requests will fail", metadata: ["role": "\(role)"])
            default:
                // A token must never reach a session that ignores row-level security.
                self.logger.error("refusing a --jwt-role that is a superuser or bypasses row-level security", metadata: ["role": "\(role)"])
                throw SetupFailure()
            }
            guard let key = try await Self.text(AuthSchemaSQL.selectClaimsKey, on: connection, logger: self.logger) else {
                throw SetupFailure()
            }
            return key
        }
    }

    private func adminClient(database: String) async throws(NeonError) -> WirePool {
        try await pools.client(
            for: .init(user: configuration.postgresAdminUser, password: configuration.postgresAdminPassword, database: database),
            recheckingPassword: false
        )
    }

    private struct SetupFailure: Error {}

    /// Runs `body` in one transaction holding the install lock (on a hot standby, `inRecovery`, no lock:
    /// there the body only reads); any failure is Neon's 500 for a failed
    /// proxy-internal query (its details are logged, not sent).
    private func transaction<Value: Sendable>(
        on client: WirePool,
        _ body: @escaping @Sendable (_ connection: WireConnection, _ inRecovery: Bool) async throws -> Value
    ) async throws(NeonError) -> Value {
        do {
            let lease = try await ConnectionLease.lease(from: client)
            let connection = lease.connection
            do {
                try await Self.execute("BEGIN", on: connection, logger: self.logger)
                // A hot standby takes no lock (it installs nothing; the body only reads).
                let inRecovery = try await Self.isInRecovery(connection, logger: self.logger)
                if !inRecovery {
                    try await Self.execute(AuthSchemaSQL.advisoryLock, on: connection, logger: self.logger)
                }
                let value = try await body(connection, inRecovery)
                try await Self.execute("COMMIT", on: connection, logger: self.logger)
                lease.giveBack(.reset)
                return value
            } catch {
                // The reset rolls the open or failed transaction back.
                lease.giveBack(.reset)
                throw error
            }
        } catch {
            let detail = (error as? WireError)?.serverFields.map { "\($0.code) \($0.message)" } ?? String(describing: type(of: error))
            logger.error("could not set up JWT sessions (the admin user must be able to create roles, schemas and functions)", metadata: ["error": "\(detail)"])
            throw NeonError.internalError("could not set up the JWT authorization database extension")
        }
    }

    /// Whether the server is a hot standby (read-only: nothing to install, everything to read).
    private static func isInRecovery(_ connection: WireConnection, logger: Logger) async throws -> Bool {
        try await text("SELECT pg_catalog.pg_is_in_recovery()::text", on: connection, logger: logger) == "true"
    }

    private static func execute(_ sql: String, binds: [String] = [], on connection: WireConnection, logger: Logger) async throws {
        _ = try await connection.execute(sql, parameters: binds)
    }

    /// The first column of the last row, `nil` when there is none or it is NULL.
    private static func text(_ sql: String, binds: [String] = [], on connection: WireConnection, logger: Logger) async throws -> String? {
        try await connection.execute(sql, parameters: binds).rows.last?.first ?? nil
    }

    private static func integer(_ sql: String, binds: [String] = [], on connection: WireConnection, logger: Logger) async throws -> Int32 {
        try await text(sql, binds: binds, on: connection, logger: logger).flatMap { Int32($0) } ?? 0
    }
}
