/// How `neon-local` listens and where its PostgreSQL is.
public struct LocalNeonConfiguration: Sendable {
    /// Port to listen on (on 127.0.0.1 only); 0 picks a free port (see ``LocalNeonServer/onListening``).
    public var port: Int
    /// Host of the upstream PostgreSQL.
    public var postgresHost: String
    /// Port of the upstream PostgreSQL.
    public var postgresPort: Int
    /// Admin user of the upstream PostgreSQL: with JWT authentication it creates the
    /// `neon_local_authenticator` role and each database's `auth` schema, and on a
    /// separate connection it cancels the statements of disconnected clients (`pg_cancel_backend`) and
    /// notices password changes (`pg_authid`), for which it should be a superuser.
    public var postgresAdminUser: String
    /// Admin password; never logged.
    public var postgresAdminPassword: String?
    /// Database the admin connection opens (the `--postgres-url` path; `postgres` by default).
    public var postgresAdminDatabase: String
    /// Largest accepted request body in bytes (Neon's default: 10 MiB).
    public var maximumRequestBytes: Int
    /// Largest response body in bytes (Neon's default: 10 MiB), checked after each row.
    public var maximumResponseBytes: Int
    /// JWT authentication (Neon RLS): when set, `Authorization: Bearer <JWT>` is verified against
    /// its keys and required for its roles; `nil` refuses bearer tokens (password only).
    public var jwtAuthentication: JWTAuthentication?
    /// Most pooled connections per (user, password, database).
    public var maximumConnectionsPerPool: Int
    /// Pooled connections per (user, password, database) opened with the pool and kept open (at
    /// most ``maximumConnectionsPerPool``). Connections beyond them close after 5 idle minutes.
    /// 0 (the default) opens connections only on demand.
    public var minimumConnectionsPerPool = 0
    /// How long a password that PostgreSQL accepted is trusted without looking at `pg_authid`
    /// again, as Neon's proxy caches role secrets: within it a request with the same user, password
    /// and database is not checked at all, so an `ALTER ROLE ... PASSWORD` (or `NOLOGIN`, or an
    /// expired `VALID UNTIL`) takes effect for them only once it has passed. A wrong password is
    /// never cached: it is checked by PostgreSQL every time. `.zero` checks every request (the role's
    /// password entry is read, shared by concurrent requests); the default is 1 second.
    public var credentialCacheTTL: Duration = .seconds(1)

    /// Honour the `X-Neon-Local-Fault` request header (tests of client fault handling only; see
    /// `FaultPlan`). Off by default: without it the header is ignored.
    public var faultInjectionEnabled = false
    /// Most requests executing at once (`nil`: ``maximumConnectionsPerPool``); more wait in a queue.
    public var maximumConcurrentRequests: Int? = nil
    /// Most requests waiting for a turn; beyond it a request is answered at once with HTTP 500
    /// `Too many connections to this endpoint. Please try again later.`
    public var maximumQueuedRequests = 256
    /// Longest wait in the queue; then HTTP 500 `Failed to acquire permit to connect to the database...`.
    public var maximumQueueWait: Duration = .seconds(10)

    /// Neon's default request and response size limit (10 MiB).
    public static let defaultSizeLimit = 10 * 1024 * 1024

    /// Creates a configuration.
    public init(
        port: Int = 4444,
        postgresHost: String = "127.0.0.1",
        postgresPort: Int = 5432,
        postgresAdminUser: String = "postgres",
        postgresAdminPassword: String? = nil,
        postgresAdminDatabase: String = "postgres",
        maximumRequestBytes: Int = LocalNeonConfiguration.defaultSizeLimit,
        maximumResponseBytes: Int = LocalNeonConfiguration.defaultSizeLimit,
        jwtAuthentication: JWTAuthentication? = nil,
        maximumConnectionsPerPool: Int = 20
    ) {
        self.port = port
        self.postgresHost = postgresHost
        self.postgresPort = postgresPort
        self.postgresAdminUser = postgresAdminUser
        self.postgresAdminPassword = postgresAdminPassword
        self.postgresAdminDatabase = postgresAdminDatabase
        self.maximumRequestBytes = maximumRequestBytes
        self.maximumResponseBytes = maximumResponseBytes
        self.jwtAuthentication = jwtAuthentication
        self.maximumConnectionsPerPool = maximumConnectionsPerPool
    }

    /// Sets the upstream from a `postgresql://user[:password]@host[:port][/db]` URL.
    ///
    /// - Throws: ``LocalNeonConfigurationError`` when the URL is not a PostgreSQL URL with a host.
    public mutating func setPostgresURL(_ url: String) throws(LocalNeonConfigurationError) {
        let parts: URLParts
        do {
            parts = try URLParts.parse(url)
        } catch {
            throw LocalNeonConfigurationError(message: "invalid --postgres-url: \(error.message)")
        }
        guard parts.scheme == "postgres" || parts.scheme == "postgresql" else {
            throw LocalNeonConfigurationError(message: "invalid --postgres-url: the scheme must be postgresql://")
        }
        guard let host = parts.host else {
            throw LocalNeonConfigurationError(message: "invalid --postgres-url: a host is required")
        }
        postgresHost = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        if let port = parts.port, !port.isEmpty, let number = Int(port) {
            postgresPort = number
        }
        if !parts.user.isEmpty {
            postgresAdminUser = PercentDecoding.decodeLossy(parts.user)
        }
        postgresAdminPassword = parts.password.map(PercentDecoding.decodeLossy)
        if let database = parts.path?.dropFirst().split(separator: "/").first, !database.isEmpty {
            postgresAdminDatabase = PercentDecoding.decodeLossy(String(database))
        }
    }
}

/// An invalid ``LocalNeonConfiguration`` setting.
public struct LocalNeonConfigurationError: Error, CustomStringConvertible {
    /// What is wrong (never contains a password).
    public var message: String
    public var description: String { message }
}
