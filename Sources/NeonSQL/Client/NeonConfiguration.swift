import Foundation

/// How requests are authenticated.
public enum NeonAuthentication: Sendable {
    /// The password in the connection string (Neon's default).
    case password
    /// `Authorization: Bearer <token>` from a provider called for every request (Neon RLS /
    /// "Neon Authorize"). Use a connection string without a password for a role set up for JWTs.
    case bearerToken(@Sendable () async throws -> String)

    var isBearerToken: Bool {
        if case .bearerToken = self { return true }
        return false
    }
}

/// When and how to retry a failed request. Only failures that are safe to retry are retried:
/// a request that never left (connection failures) always; a 5xx or lost response only for
/// read-only statements and batches. A write is never sent twice.
public struct RetryPolicy: Sendable, Hashable {
    /// Total attempts including the first (1 disables retries).
    public var maxAttempts: Int
    /// Delay before the first retry; doubled for each further retry.
    public var baseDelay: Duration
    /// Upper bound of a single delay.
    public var maxDelay: Duration
    /// Fraction of each delay that is randomised (0 = none, 1 = full jitter).
    public var jitter: Double

    /// Creates a policy.
    public init(maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(100), maxDelay: Duration = .seconds(2), jitter: Double = 0.5) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.jitter = min(max(jitter, 0), 1)
    }

    /// 3 attempts, 100 ms doubling up to 2 s, 50 % jitter.
    public static let `default` = RetryPolicy()
    /// No retries.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The delay before retry number `retry` (1-based): exponential backoff with jitter.
    public func delay(beforeRetry retry: Int) -> Duration {
        let multiplier = 1 << min(max(retry - 1, 0), 30)
        // Compared before multiplying: a base delay near Duration's limit must not overflow.
        let base = max(baseDelay, .zero)
        let delay = base > maxDelay / multiplier ? maxDelay : base * multiplier
        guard jitter > 0 else { return delay }
        let factor = 1 - jitter * Double.random(in: 0...1)
        return delay * factor
    }
}

/// Where and how to reach a Neon database.
///
/// Descriptions, debug descriptions and reflection never show the password.
public struct NeonConfiguration: Sendable {
    let connection: ConnectionString
    /// The `/sql` endpoint requests go to. Setting it makes it explicit: a later change of
    /// ``authentication`` keeps it.
    public var endpoint: URL {
        didSet { endpointIsDerived = false }
    }
    /// Whether ``endpoint`` was derived from the connection string (not given): it then follows
    /// ``authentication``, as Neon's `/sql` host differs for a bearer token (`apiauth.`).
    private var endpointIsDerived: Bool
    /// How requests are authenticated. Changing it re-derives a derived ``endpoint``.
    public var authentication: NeonAuthentication {
        didSet {
            guard endpointIsDerived, let derived = try? connection.derivedEndpoint(jwt: authentication.isBearerToken) else { return }
            endpoint = derived
            endpointIsDerived = true
        }
    }
    /// Time allowed for one HTTP attempt, from sending to the complete response.
    public var requestTimeout: Duration
    /// Which failures are retried, and how often.
    public var retryPolicy: RetryPolicy
    /// Called once for every HTTP attempt with the query names, kind, attempt, duration, bytes,
    /// rows and failure category (never SQL parameter values, passwords or tokens); nil (the
    /// default) observes nothing. It runs on the request's task: keep it quick.
    public var requestObserver: (@Sendable (NeonRequestEvent) -> Void)?
    /// Exactly-once writes with idempotency keys (recommended for apps; needs the keys' table,
    /// ``ExactlyOnceWrites/migrationSQL``). `nil` (the default): each write goes on a fresh
    /// connection and a lost answer is ``NeonError/outcomeUnknown(cause:sent:)``.
    public var exactlyOnceWrites: ExactlyOnceWrites?
    /// The durable queue ``NeonClient/enqueue(_:optimistic:)->QueuedWrite<Result>`` puts writes in (requires
    /// ``exactlyOnceWrites``); nil (the default): `enqueue` throws ``OutboxError/notConfigured``.
    /// See ``Outbox`` and the "Writing offline" article.
    public var outbox: Outbox?
    /// Read replicas, in the order added (``addReadReplica(connectionString:endpoint:)``); the
    /// observer's ``NeonRequestRoute/replica(_:)`` is an index into it. Empty (the default): every
    /// request goes to the primary.
    public internal(set) var readReplicas: [ReadReplica] = []
    /// How replicas are used and taken out of rotation.
    public var replicaPolicy: ReplicaPolicy = .default
    /// The cache of query results (memory, optionally a directory); nil (the default) caches
    /// nothing. See ``QueryCache`` and ``CachePolicy``.
    public var cache: QueryCache?
    /// The cache policy of a read-only statement that has neither an override
    /// (``Statement/cachePolicy``) nor a `-- @cache max-age`; ``CachePolicy/networkOnly`` by
    /// default. Used only with a ``cache``.
    public var defaultCachePolicy: CachePolicy = .networkOnly
    /// How old a cached result may be and still answer a read whose request failed for lack of
    /// network (a transport failure, a timeout, or 500/502/503/504), marked stale; 7 days by
    /// default.
    public var maxStale: Duration = .seconds(7 * 24 * 60 * 60)
    /// How long a ``CachePolicy/cacheFirst(maxAge:)`` read waits for the network when it has a
    /// cached result to fall back on (one past its max-age but no older than ``maxStale``, and
    /// not made stale by a write; ``CachePolicy/networkOnly`` always waits):
    /// past it, the read answers that result marked stale while the request goes on, and the
    /// fresh result reaches the query's observations (and the cache) when it lands. 2 seconds by
    /// default; a network that hangs no longer holds a screen for the request timeout times the
    /// attempts. A read whose entry a write made stale waits for the network (it never answers
    /// data older than a write the client finished), falling back on the cache only when the
    /// network fails.
    public var cachedReadDeadline: Duration = .seconds(2)

    /// The user name of the connection string.
    public var user: String { connection.user }
    /// The host of the connection string (the endpoint id is its first label).
    public var host: String { connection.host }
    /// The database name.
    public var database: String { connection.database }
    /// `true` when the connection string carries a password.
    public var hasPassword: Bool { connection.password != nil }

    /// Creates a configuration from a Neon connection string
    /// (`postgresql://user:password@ep-x-123.us-east-2.aws.neon.tech/neondb?sslmode=require`).
    ///
    /// - Parameters:
    ///   - connectionString: the database's connection string (its password is never shown).
    ///   - endpoint: an explicit `/sql` URL (for `neon-local`, e.g. `http://127.0.0.1:4444/sql`, or a
    ///     proxy). By default it is derived as Neon's driver does: `https://api.<host minus its first
    ///     label>/sql`, or `https://apiauth.<...>/sql` with a bearer token.
    ///   - authentication: ``NeonAuthentication/password`` (default) or a bearer-token provider.
    ///   - requestTimeout: the time allowed for one HTTP attempt.
    ///   - retryPolicy: which failures are retried, and how often.
    /// - Throws: ``NeonError/invalidConfiguration(_:)`` for an invalid connection string or endpoint;
    ///   the message never contains the password.
    public init(
        connectionString: String,
        endpoint: URL? = nil,
        authentication: NeonAuthentication = .password,
        requestTimeout: Duration = .seconds(30),
        retryPolicy: RetryPolicy = .default
    ) throws {
        let connection = try ConnectionString(connectionString)
        if let endpoint {
            guard let scheme = endpoint.scheme?.lowercased(), scheme == "https" || scheme == "http", endpoint.host != nil else {
                throw NeonError.invalidConfiguration("the endpoint must be an http:// or https:// URL with a host")
            }
            self.endpoint = endpoint
            self.endpointIsDerived = false
        } else {
            self.endpoint = try connection.derivedEndpoint(jwt: authentication.isBearerToken)
            self.endpointIsDerived = true
        }
        guard requestTimeout > .zero else {
            throw NeonError.invalidConfiguration("the request timeout must be positive")
        }
        self.connection = connection
        self.authentication = authentication
        self.requestTimeout = requestTimeout
        self.retryPolicy = retryPolicy
    }

    /// Replaces the password and `token` in `text` by `****`.
    func redact(_ text: String, token: String? = nil) -> String {
        var text = text
        let connections = [connection] + readReplicas.map(\.connection)
        for connection in connections where text.contains(connection.raw) {
            text = text.replacingOccurrences(of: connection.raw, with: connection.redacted)
        }
        var secrets = [token]
        for connection in connections {
            secrets += [connection.password, connection.password?.addingPercentEncoding(withAllowedCharacters: .urlPasswordAllowed)]
        }
        // Longest first: one secret may contain another.
        for secret in secrets.compactMap({ $0 }).sorted(by: { $0.count > $1.count }) {
            if secret.count >= 1, text.contains(secret) {
                text = text.replacingOccurrences(of: secret, with: "****")
            }
        }
        return text
    }
}

extension NeonConfiguration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Endpoint, user, host, database; never the password.
    public var description: String {
        "NeonConfiguration(endpoint: \(endpoint.absoluteString), connection: \(connection.redacted), "
            + "auth: \(authenticationName), timeout: \(requestTimeout), retries: \(retryPolicy.maxAttempts - 1)"
            + (readReplicas.isEmpty ? "" : ", replicas: \(readReplicas.map(\.host).joined(separator: ", "))") + ")"
    }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// Reflection without the password (`dump` prints this).
    public var customMirror: Mirror {
        Mirror(self, children: [
            "endpoint": endpoint.absoluteString,
            "connection": connection.redacted,
            "authentication": authenticationName,
            "requestTimeout": requestTimeout,
            "retryPolicy": retryPolicy,
            "readReplicas": readReplicas.map(\.connection.redacted),
        ], displayStyle: .struct)
    }

    private var authenticationName: String {
        switch authentication {
        case .password: return "password"
        case .bearerToken: return "bearer token"
        }
    }
}
