import Foundation

/// A read replica of the primary database: a separate Neon compute endpoint over the same
/// storage, reached with the same role and database (and the same password or token provider).
///
/// Add replicas with ``NeonConfiguration/addReadReplica(connectionString:endpoint:)``. The client
/// then sends read-only statements and batches to them (round-robin among the healthy ones) and
/// everything else to the primary; see ``ReadRouting`` and the "Scaling out with read replicas" article.
public struct ReadReplica: Sendable, Hashable {
    let connection: ConnectionString
    /// The `/sql` URL given for this replica, if any (else derived from its connection string as
    /// the primary's is).
    let explicitEndpoint: URL?

    /// The replica's host (its endpoint id is the first label). Never shows the password.
    public var host: String { connection.host }

    init(connection: ConnectionString, explicitEndpoint: URL?) {
        self.connection = connection
        self.explicitEndpoint = explicitEndpoint
    }

    /// The `/sql` endpoint of this replica: the given one, or derived from its host like the
    /// primary's (`https://api.<host minus its first label>/sql`, `apiauth.` with a bearer token).
    func endpoint(bearerToken: Bool) throws -> URL {
        if let explicitEndpoint { return explicitEndpoint }
        return try connection.derivedEndpoint(jwt: bearerToken)
    }
}

/// Where a read-only request may go (``NeonClient/routing(_:)``).
public enum ReadRouting: Sendable, Hashable {
    /// A replica, never returning data older than this client's own writes (the default): while
    /// a write made through the client (or its ``NeonClient/session()``) may not have reached the
    /// replica yet, the read carries a check, in the same request, that the replica sees it; if
    /// it does not, the read goes to the primary (after ``ReplicaPolicy/catchUpWait``).
    case replicaReadingYourWrites
    /// A replica, without the check: the result may be older than the client's own last writes
    /// (by the replica's replay lag, usually milliseconds). For lists where staleness is fine.
    case replicaAllowingStaleReads
    /// The primary, always (also for read-only statements).
    case primary
}

/// How replicas are used and taken out of rotation.
public struct ReplicaPolicy: Sendable, Hashable {
    /// How long a read that found its replica behind the client's writes keeps trying that
    /// replica (with short pauses) before going to the primary. `.zero` (the default) goes to
    /// the primary at once.
    public var catchUpWait: Duration
    /// A replica found behind a write that completed longer ago than this is lagging: it is taken
    /// out of rotation for ``retryAfter``.
    public var maxLag: Duration
    /// How long a replica that failed (connection, timeout, 5xx, recovery conflict) or lagged
    /// stays out of rotation before reads try it again. Meanwhile reads go to the other replicas,
    /// or to the primary.
    public var retryAfter: Duration

    /// Creates a policy.
    public init(catchUpWait: Duration = .zero, maxLag: Duration = .seconds(5), retryAfter: Duration = .seconds(30)) {
        self.catchUpWait = max(catchUpWait, .zero)
        self.maxLag = max(maxLag, .zero)
        self.retryAfter = max(retryAfter, .zero)
    }

    /// No waiting for a lagging replica, 5 s lag bound, 30 s out of rotation.
    public static let `default` = ReplicaPolicy()
}

extension NeonConfiguration {
    /// Adds a read replica: read-only statements and batches go to the replicas (round-robin),
    /// everything else to the primary.
    ///
    /// Read-your-writes uses the keys table of ``ExactlyOnceWrites`` (apply
    /// ``ExactlyOnceWrites/migrationSQL``): with a replica, every write request records a key,
    /// as ``exactlyOnceWrites`` does (the default table when it is not set), and a read that
    /// follows carries a check, in the same request, that the replica sees those keys.
    ///
    /// - Parameters:
    ///   - connectionString: the replica endpoint's connection string. Neon's read replicas share
    ///     the primary's roles: it must name the same user and database, and carry the password
    ///     when the primary's does.
    ///   - endpoint: an explicit `/sql` URL (a second `neon-local`, a proxy); by default derived
    ///     from the replica's host as the primary's is.
    /// - Throws: ``NeonError/invalidConfiguration(_:)`` (never showing the password).
    public mutating func addReadReplica(connectionString: String, endpoint: URL? = nil) throws {
        let replica = try ConnectionString(connectionString)
        guard replica.user == connection.user, replica.database == connection.database else {
            throw NeonError.invalidConfiguration(
                "a read replica must use the primary's user and database (\(connection.user)@.../\(connection.database)); "
                    + "got \(replica.redacted)")
        }
        if connection.password != nil, replica.password == nil {
            throw NeonError.invalidConfiguration(
                "the read replica's connection string has no password; give it with the password (replicas share the primary's roles)")
        }
        if let endpoint {
            guard let scheme = endpoint.scheme?.lowercased(), scheme == "https" || scheme == "http", endpoint.host != nil else {
                throw NeonError.invalidConfiguration("the read replica's endpoint must be an http:// or https:// URL with a host")
            }
        } else {
            _ = try replica.derivedEndpoint(jwt: authentication.isBearerToken)
        }
        readReplicas.append(ReadReplica(connection: replica, explicitEndpoint: endpoint))
    }

    /// The keys table writes record their key in: ``exactlyOnceWrites``, or the default table when
    /// read replicas need keys for read-your-writes; nil when neither is configured.
    var writeKeys: ExactlyOnceWrites? {
        exactlyOnceWrites ?? (readReplicas.isEmpty ? nil : ExactlyOnceWrites())
    }
}

extension ReadReplica: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The connection string without its password, and the explicit endpoint if any.
    public var description: String {
        "ReadReplica(\(connection.redacted)\(explicitEndpoint.map { ", endpoint: \($0.absoluteString)" } ?? ""))"
    }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// Reflection without the password (`dump` prints this).
    public var customMirror: Mirror {
        Mirror(self, children: ["connection": connection.redacted, "endpoint": explicitEndpoint?.absoluteString as Any],
               displayStyle: .struct)
    }
}
