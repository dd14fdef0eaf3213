import Foundation
import LocalNeonServer
import Logging
import PostgresNIO

/// The JWT test setup, created once per run in the test database: a JWT role, a table owner, and a
/// table whose row-level security policy lets each user see and change only the rows it owns.
enum JWTFixture {
    /// The role tokens are accepted for (NOLOGIN: neon-local switches to it).
    static let role = "localneon_jwt"
    /// The owner of `jwt_notes` (policies do not apply to it); logs in with a password.
    static let owner = "localneon_jwt_owner"
    static let ownerPassword = "owner pw 1"
    static let audience = "rizq-tests"
    static let issuer = "https://auth.localtest.me"

    /// One ES256 and one RS256 key, generated for this run.
    static let signers: [TestSigner] = {
        var signers = [TestSigner.es256("test-es256")]
        if let rsa = try? TestSigner.rs256("test-rs256") { signers.append(rsa) }
        return signers
    }()

    static var es256: TestSigner { signers[0] }
    static var rs256: TestSigner? { signers.count > 1 ? signers[1] : nil }

    /// neon-local's JWT settings for these keys, with audience and issuer checks.
    static func authentication() throws -> JWTAuthentication {
        JWTAuthentication(keys: try JSONWebKeySet(json: TestSigner.jwks(signers)), audience: audience, issuer: issuer, roles: [role])
    }

    /// The connection string of a JWT request (no password).
    static func connectionString(user: String = role) -> String {
        "postgresql://\(user)@ep-test-123.localtest.me/\(TestPostgres.database)"
    }

    /// Claims valid now for `subject`.
    static func claims(_ subject: String, _ extra: [String: Any] = [:]) -> [String: Any] {
        let now = Int(Date().timeIntervalSince1970)
        var claims: [String: Any] = ["sub": subject, "aud": audience, "iss": issuer, "iat": now, "exp": now + 600]
        for (name, value) in extra {
            if value is NSNull { claims.removeValue(forKey: name) } else { claims[name] = value }
        }
        return claims
    }

    private static let setup = SetupOnce()

    /// Creates the roles and table (once per run, after the test database).
    static func prepare() async throws {
        try await setup.run()
    }

    /// Runs `sql` (a single statement) in the test database as the admin; returns the first column of each row as text.
    @discardableResult
    static func admin(_ sql: String) async throws -> [String?] {
        guard let url = TestPostgres.url, var components = URLComponents(string: url) else {
            throw TestSetupError("\(TestPostgres.urlVariable) is not set")
        }
        components.path = "/\(TestPostgres.database)"
        guard let databaseURL = components.string else { throw TestSetupError("bad admin URL") }
        return try await TestPostgres.withAdminConnection(adminURL: databaseURL) { connection in
            var values: [String?] = []
            for try await row in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "localneon-tests")) {
                values.append(try row.decode(String?.self))
            }
            return values
        }
    }

    /// The number of rows of `jwt_notes` owned by `subject`, counted by the admin.
    static func rowCount(owner subject: String) async throws -> Int {
        let escaped = subject.replacingOccurrences(of: "'", with: "''")
        let values = try await admin("SELECT count(*)::text FROM jwt_notes WHERE owner = '\(escaped)'")
        return values.first.flatMap { $0.flatMap { Int($0) } } ?? -1
    }

    /// Inserts a row for `subject` as the admin; returns its id.
    static func insertAsAdmin(owner subject: String, body: String) async throws -> Int {
        let values = try await admin("INSERT INTO jwt_notes (owner, body) VALUES ('\(subject)', '\(body)') RETURNING id::text")
        guard let id = values.first.flatMap({ $0.flatMap { Int($0) } }) else { throw TestSetupError("insert failed") }
        return id
    }

    private actor SetupOnce {
        private var task: Task<Void, any Error>?

        func run() async throws {
            if let task { return try await task.value }
            let task = Task { try await JWTFixture.create() }
            self.task = task
            try await task.value
        }
    }

    private static func create() async throws {
        guard let url = TestPostgres.url else { throw TestSetupError("\(TestPostgres.urlVariable) is not set") }
        try await TestDatabase.shared.prepare(adminURL: url)
        let statements = [
            "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '\(role)') THEN CREATE ROLE \(role) NOLOGIN; END IF; END $$",
            "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '\(owner)') THEN CREATE ROLE \(owner) LOGIN; END IF; END $$",
            "ALTER ROLE \(owner) LOGIN PASSWORD '\(ownerPassword)'",
            // What an application's migration declares; neon-local replaces it with its checked version.
            "CREATE SCHEMA IF NOT EXISTS auth",
            "CREATE OR REPLACE FUNCTION auth.user_id() RETURNS text LANGUAGE sql STABLE AS $$ SELECT NULL::text $$",
            "CREATE TABLE jwt_notes (id serial PRIMARY KEY, owner text NOT NULL DEFAULT auth.user_id(), body text NOT NULL)",
            "ALTER TABLE jwt_notes OWNER TO \(owner)",
            "ALTER TABLE jwt_notes ENABLE ROW LEVEL SECURITY",
            "CREATE POLICY own_rows ON jwt_notes USING (owner = auth.user_id()) WITH CHECK (owner = auth.user_id())",
            "GRANT USAGE ON SCHEMA public TO \(role)",
            "GRANT SELECT, INSERT, UPDATE, DELETE ON jwt_notes TO \(role)",
            "GRANT USAGE ON SEQUENCE jwt_notes_id_seq TO \(role)",
        ]
        for statement in statements {
            try await admin(statement)
        }
    }
}
