import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// The admin user's connection that reads password fingerprints for ``UpstreamPools`` (reads come
/// one at a time, see ``PasswordFingerprints``). A read is given up after ``timeout``; the first
/// failure is logged, later ones are not.
final class AdminConnection: Sendable {
    private let configuration: LocalNeonConfiguration
    /// The open connection; `nil` until the first read and after a failure.
    private let connection = NIOLockedValueBox<WireConnection?>(nil)
    private let logger: Logger
    /// Set once a read failed, so that the failure is logged once.
    private let failureLogged = NIOLockedValueBox(false)
    /// How long connecting or a read may take before it is given up (e.g. while the admin cannot connect).
    static let timeout: Duration = .seconds(2)

    init(configuration: LocalNeonConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Digests of everything in `pg_authid` that decides whether a password logs in (the secret,
    /// whose salt changes with every `ALTER ROLE ... PASSWORD`; LOGIN; VALID UNTIL; the role's oid),
    /// by role name; a role that does not exist is absent; `nil` when the admin connection cannot tell.
    func passwordFingerprints(of roles: [String]) async -> [String: String]? {
        let sql = """
            SELECT rolname::pg_catalog.text, pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
                oid::text || '|' || rolcanlogin::text || '|' || (rolvaliduntil IS NULL OR rolvaliduntil > pg_catalog.now())::text
                || '|' || coalesce(rolpassword, ''), 'UTF8')), 'hex')
            FROM pg_catalog.pg_authid WHERE rolname::pg_catalog.text = ANY($1::pg_catalog.text[])
            """
        do throws(WireError) {
            let connection = try await open()
            // A read that hangs is given up by closing its connection (the read then fails).
            let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: .init(Self.timeout)) {
                connection.close()
            }
            defer { timer.cancel() }
            do throws(WireError) {
                var fingerprints: [String: String] = [:]
                for row in try await connection.execute(sql, parameters: [Self.arrayLiteral(roles)]).rows {
                    if row.count == 2, let role = row[0], let fingerprint = row[1] { fingerprints[role] = fingerprint }
                }
                return fingerprints
            } catch {
                self.connection.withLockedValue { if $0 === connection { $0 = nil } }
                connection.close()
                throw error
            }
        } catch {
            logFailure(error)
            return nil
        }
    }

    /// A PostgreSQL array literal of `values` (each element quoted, `"` and `\` escaped).
    static func arrayLiteral(_ values: [String]) -> String {
        let elements = values.map { value in
            "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return "{" + elements.joined(separator: ",") + "}"
    }

    /// The open connection, connecting first when there is none.
    private func open() async throws(WireError) -> WireConnection {
        if let connection = connection.withLockedValue({ $0 }), connection.isOpen {
            return connection
        }
        let opened = try await WireConnection.connect(
            host: configuration.postgresHost, port: configuration.postgresPort,
            user: configuration.postgresAdminUser, password: configuration.postgresAdminPassword,
            database: configuration.postgresAdminDatabase, connectTimeout: .init(Self.timeout))
        connection.withLockedValue { $0 = opened }
        return opened
    }

    /// Closes the connection (at shutdown).
    func close() {
        let open = connection.withLockedValue { connection in
            defer { connection = nil }
            return connection
        }
        open?.close()
    }

    /// Logs the first failure: its kind and SQLSTATE, never its text (which may quote credentials).
    private func logFailure(_ error: WireError) {
        let first = failureLogged.withLockedValue { logged in
            defer { logged = true }
            return !logged
        }
        guard first else { return }
        let reason: String
        switch error {
        case .server(let fields): reason = "PostgreSQL error \(fields.code)"
        case .connectionClosed: reason = "could not connect, or the connection closed"
        case .authentication, .passwordRequired: reason = "authentication failed"
        case .protocolViolation, .zeroByteInStatement, .resultTooLarge: reason = "unexpected answer"
        }
        logger.warning(
            "the admin connection failed: password changes are detected by authenticating every request",
            metadata: ["user": "\(configuration.postgresAdminUser)", "reason": "\(reason)"]
        )
    }
}
