import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import PostgresNIO

/// The admin user's connections: one that reads password fingerprints (``UpstreamPools``; reads
/// come one at a time, see ``PasswordFingerprints``) and a small pool that cancels the statements
/// of disconnected clients (``BackendCanceller``). Each query is given up after ``timeout``; the
/// first failure is logged, later ones are not.
final class AdminConnection: Sendable {
    private let client: PostgresClient
    private let fingerprintConfiguration: PostgresConnection.Configuration
    /// The open connection for fingerprint reads; `nil` until the first read and after a failure.
    private let fingerprintConnection = NIOLockedValueBox<PostgresConnection?>(nil)
    private let nextConnectionID = NIOLockedValueBox(1)
    private let user: String
    private let logger: Logger
    /// Set once an admin query failed, so that the failure is logged once.
    private let failureLogged = NIOLockedValueBox(false)
    /// How long an admin query may take before it is given up (e.g. while the admin cannot connect).
    static let timeout: Duration = .seconds(2)

    init(client: PostgresClient, configuration: LocalNeonConfiguration, logger: Logger) {
        self.client = client
        var connectionConfiguration = PostgresConnection.Configuration(
            host: configuration.postgresHost, port: configuration.postgresPort,
            username: configuration.postgresAdminUser, password: configuration.postgresAdminPassword,
            database: configuration.postgresAdminDatabase, tls: .disable)
        connectionConfiguration.options.connectTimeout = .init(Self.timeout)
        fingerprintConfiguration = connectionConfiguration
        user = configuration.postgresAdminUser
        self.logger = logger
    }

    /// Digests of everything in `pg_authid` that decides whether a password logs in (the secret,
    /// whose salt changes with every `ALTER ROLE ... PASSWORD`; LOGIN; VALID UNTIL; the role's oid),
    /// by role name; a role that does not exist is absent; `nil` when the admin connection cannot tell.
    func passwordFingerprints(of roles: [String]) async -> [String: String]? {
        var binds = PostgresBindings(capacity: 1)
        binds.append(roles)
        let statement = PostgresQuery(
            unsafeSQL: """
                SELECT rolname::pg_catalog.text, pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
                    oid::text || '|' || rolcanlogin::text || '|' || (rolvaliduntil IS NULL OR rolvaliduntil > pg_catalog.now())::text
                    || '|' || coalesce(rolpassword, ''), 'UTF8')), 'hex')
                FROM pg_catalog.pg_authid WHERE rolname::pg_catalog.text = ANY($1)
                """,
            binds: binds
        )
        do {
            let connection = try await openFingerprintConnection()
            // A read that hangs is given up by closing its connection (the read then fails).
            let timer = connection.eventLoop.scheduleTask(in: .init(Self.timeout)) {
                let _: EventLoopFuture<Void> = connection.close()
            }
            defer { timer.cancel() }
            do {
                let fingerprints = NIOLockedValueBox<[String: String]>([:])
                _ = try await connection.query(statement, logger: logger) { row in
                    let (role, fingerprint) = try row.decode((String, String).self)
                    fingerprints.withLockedValue { $0[role] = fingerprint }
                }.get()
                return fingerprints.withLockedValue { $0 }
            } catch {
                fingerprintConnection.withLockedValue { if $0 === connection { $0 = nil } }
                try? await connection.close()
                throw error
            }
        } catch {
            logFailure(Self.describe(error))
            return nil
        }
    }

    /// The fingerprint connection, connecting first when there is none.
    private func openFingerprintConnection() async throws -> PostgresConnection {
        if let connection = fingerprintConnection.withLockedValue({ $0 }), !connection.isClosed {
            return connection
        }
        let id = nextConnectionID.withLockedValue { id -> Int in
            defer { id += 1 }
            return id
        }
        let connection = try await PostgresConnection.connect(configuration: fingerprintConfiguration, id: id, logger: logger)
        fingerprintConnection.withLockedValue { $0 = connection }
        return connection
    }

    /// Closes the fingerprint connection (at shutdown).
    func close() async {
        let connection = fingerprintConnection.withLockedValue { connection in
            defer { connection = nil }
            return connection
        }
        try? await connection?.close()
    }

    /// Asks PostgreSQL to cancel whatever backend `pid` is running; returns whether the request was sent.
    @discardableResult
    func cancelBackend(pid: Int32) async -> Bool {
        let statement = PostgresQuery(unsafeSQL: "SELECT pg_catalog.pg_cancel_backend($1)", binds: .untypedText(["\(pid)"]))
        let sent: Bool? = await query { client in
            let rows = try await client.query(statement, logger: self.logger)
            for try await _ in rows {}
            return true
        }
        return sent ?? false
    }

    /// Runs `body` on the admin pool within ``timeout``; `nil` (the first failure logged) when it fails.
    /// The timeout is an event-loop timer, so a query costs no extra task or thread wake-up.
    private func query<Value: Sendable>(_ body: @escaping @Sendable (PostgresClient) async throws -> Value) async -> Value? {
        let client = self.client
        let work = Task { try await body(client) }
        let timedOut = NIOLockedValueBox(false)
        let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: .init(Self.timeout)) {
            timedOut.withLockedValue { $0 = true }
            work.cancel()
        }
        let outcome = await withTaskCancellationHandler {
            await work.result
        } onCancel: {
            work.cancel()
        }
        timer.cancel()
        switch outcome {
        case .success(let value):
            return value
        case .failure where timedOut.withLockedValue({ $0 }):
            logFailure("timed out")
            return nil
        case .failure(let error):
            logFailure(Self.describe(error))
            return nil
        }
    }

    /// An error's type and SQLSTATE (never its text, which may quote credentials).
    private static func describe(_ error: any Error) -> String {
        "\(String(reflecting: type(of: error)))\((error as? PSQLError).flatMap { DatabaseErrorFields($0) }.map { ": \($0.code)" } ?? "")"
    }

    private func logFailure(_ reason: String) {
        let first = failureLogged.withLockedValue { logged in
            defer { logged = true }
            return !logged
        }
        if first {
            logger.warning(
                "the admin connection failed: password changes are detected by authenticating every request, and statements of disconnected clients may not be cancelled",
                metadata: ["user": "\(user)", "reason": "\(reason)"]
            )
        }
    }
}
