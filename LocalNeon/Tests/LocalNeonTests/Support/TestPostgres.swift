import Foundation
import Logging
import PostgresNIO
import Testing

/// The PostgreSQL the conformance tests run against, from `LOCALNEON_TEST_POSTGRES_URL`
/// (an admin URL such as `postgresql://postgres@127.0.0.1:5432/postgres`, as `Scripts/postgres.sh url` prints).
///
/// Without it the tests are skipped, except under `CI=true`, where they fail.
enum TestPostgres {
    static let urlVariable = "LOCALNEON_TEST_POSTGRES_URL"
    static let role = "localneon_test"
    static let password = "localneon test pw/ü"
    static let database = "localneon_test"

    static var url: String? {
        ProcessInfo.processInfo.environment[urlVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    static var isCI: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
            || ProcessInfo.processInfo.environment["NEON_SQL_REQUIRE_SERVICES"] == "true"
    }

    /// Whether tests needing PostgreSQL should run (they run under CI even without it, and fail).
    static var shouldRun: Bool {
        url != nil || isCI
    }

    /// The admin URL, or a recorded failure when it is missing (CI only reaches this).
    static func requireURL() -> String? {
        guard let url else {
            Issue.record("\(urlVariable) is not set: PostgreSQL is required under CI=true (run Scripts/test-localneon.sh)")
            return nil
        }
        return url
    }

    /// Runs `body` on a direct connection as the admin user of `adminURL`.
    static func withAdminConnection<Value: Sendable>(
        adminURL: String,
        _ body: (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        guard let components = URLComponents(string: adminURL), let host = components.host else {
            throw TestSetupError("invalid \(urlVariable): \(adminURL)")
        }
        let configuration = PostgresConnection.Configuration(
            host: host,
            port: components.port ?? 5432,
            username: components.user ?? "postgres",
            password: components.password,
            database: String(components.path.dropFirst()).isEmpty ? "postgres" : String(components.path.dropFirst()),
            tls: .disable
        )
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: Logger(label: "localneon-tests"))
        do {
            let value = try await body(connection)
            try? await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Runs statements as the admin user (no results).
    static func adminExecute(_ statements: [String]) async throws {
        guard let url else { throw TestSetupError("\(urlVariable) is not set") }
        try await withAdminConnection(adminURL: url) { connection in
            for statement in statements {
                let rows = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: Logger(label: "localneon-tests"))
                for try await _ in rows {}
            }
        }
    }

    /// The connection string a client sends for the test role (percent-encoded password, domain host).
    static var connectionString: String {
        let encoded = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password
        return "postgresql://\(role):\(encoded)@ep-test-123.localtest.me/\(database)?sslmode=require"
    }
}

/// Creates the test role and a fresh test database once per test run.
actor TestDatabase {
    static let shared = TestDatabase()
    private var prepared: Task<Void, any Error>?

    func prepare(adminURL: String) async throws {
        if let prepared {
            return try await prepared.value
        }
        let task = Task { try await Self.create(adminURL: adminURL) }
        prepared = task
        try await task.value
    }

    private static func create(adminURL: String) async throws {
        try await TestPostgres.withAdminConnection(adminURL: adminURL) { connection in
            try await createObjects(connection)
        }
    }

    private static func createObjects(_ connection: PostgresConnection) async throws {
        let logger = Logger(label: "localneon-tests")
        let password = TestPostgres.password.replacingOccurrences(of: "'", with: "''")
        let statements = [
            "DROP DATABASE IF EXISTS \(TestPostgres.database) WITH (FORCE)",
            """
            DO $$ BEGIN
              IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '\(TestPostgres.role)') THEN
                CREATE ROLE \(TestPostgres.role) LOGIN PASSWORD '\(password)';
              ELSE
                ALTER ROLE \(TestPostgres.role) LOGIN PASSWORD '\(password)';
              END IF;
            END $$
            """,
            "CREATE DATABASE \(TestPostgres.database) OWNER \(TestPostgres.role)",
        ]
        for statement in statements {
            let rows = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            for try await _ in rows {}
        }
    }
}

struct TestSetupError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
