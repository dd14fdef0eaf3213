import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// The admin user's small pool: reads password fingerprints (``UpstreamPools``) and cancels the
/// statements of disconnected clients (``BackendCanceller``). Each query is given up after
/// ``timeout``; the first failure is logged, later ones are not.
final class AdminConnection: Sendable {
    private let client: PostgresClient
    private let user: String
    private let logger: Logger
    /// Set once an admin query failed, so that the failure is logged once.
    private let failureLogged = NIOLockedValueBox(false)
    /// How long an admin query may take before it is given up (e.g. while the admin cannot connect).
    static let timeout: Duration = .seconds(2)

    init(client: PostgresClient, user: String, logger: Logger) {
        self.client = client
        self.user = user
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
        return await query { client in
            var fingerprints: [String: String] = [:]
            for try await (role, fingerprint) in try await client.query(statement, logger: self.logger).decode((String, String).self) {
                fingerprints[role] = fingerprint
            }
            return fingerprints
        }
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
    private func query<Value: Sendable>(_ body: @escaping @Sendable (PostgresClient) async throws -> Value) async -> Value? {
        let client = self.client
        let outcome = await withTaskGroup(of: Result<Value, any Error>?.self) { group in
            group.addTask {
                do {
                    return .success(try await body(client))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: Self.timeout)
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
            logFailure("\(String(reflecting: type(of: error)))\((error as? PSQLError).flatMap { DatabaseErrorFields($0) }.map { ": \($0.code)" } ?? "")")
            return nil
        case nil:
            logFailure("timed out")
            return nil
        }
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
