import Foundation

/// What the environment says about the services tests need. `Scripts/test.sh` starts PostgreSQL
/// and neon-local and exports their locations; under `CI=true` (or
/// `NEON_SQL_REQUIRE_SERVICES=true`) tests that need a service run, and fail, without it;
/// elsewhere they are skipped when it is not configured.
public enum TestServices {
    static var environment: [String: String] {
        // Every suite needing a service asks here while the run is planned: the earliest moment
        // test support gets, so the pool lag probe watches the whole run.
        PoolLagProbe.start()
        return ProcessInfo.processInfo.environment
    }

    static func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }

    /// `true` when tests needing a service must run and fail without it.
    public static var areRequired: Bool {
        environment["CI"] == "true" || environment["NEON_SQL_REQUIRE_SERVICES"] == "true"
    }

    /// neon-local's `/sql` endpoint (`NEON_LOCAL_ENDPOINT`).
    public static var neonLocalEndpoint: String? { value("NEON_LOCAL_ENDPOINT") }

    /// The connection string neon-local serves (`NEON_DATABASE_URL`).
    public static var databaseURL: String? { value("NEON_DATABASE_URL") }

    /// An admin URL of the test PostgreSQL (`NEON_SQL_TEST_POSTGRES_URL`).
    public static var postgresURL: String? { value("NEON_SQL_TEST_POSTGRES_URL") }

    /// Tests needing the local stack (PostgreSQL + neon-local) run when it is configured, and always when required.
    public static var shouldRunLocalStack: Bool { (neonLocalEndpoint != nil && databaseURL != nil) || areRequired }

    /// Tests needing PostgreSQL run when it is configured, and always when required.
    public static var shouldRunPostgres: Bool { postgresURL != nil || areRequired }

    /// The local stack is not configured.
    public struct LocalStackMissing: Error, CustomStringConvertible {
        /// Creates the error.
        public init() {}
        /// How to start it.
        public let description = "NEON_LOCAL_ENDPOINT and NEON_DATABASE_URL are not set: run Scripts/test.sh, or eval \"$(Scripts/local-stack.sh start)\""
    }

    /// neon-local's endpoint and the connection string, or ``LocalStackMissing``.
    public static func localStack() throws -> (endpoint: String, databaseURL: String) {
        guard let neonLocalEndpoint, let databaseURL else { throw LocalStackMissing() }
        return (neonLocalEndpoint, databaseURL)
    }
}
