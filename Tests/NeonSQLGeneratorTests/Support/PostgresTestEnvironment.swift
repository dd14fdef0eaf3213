import Foundation
import NeonSQLTestSupport

/// Where tests find a real PostgreSQL: `NEON_SQL_TEST_POSTGRES_URL` (an admin URL such as
/// `postgresql://postgres@127.0.0.1:54329/postgres`), set by `Scripts/test.sh`. Under `CI=true`
/// tests that need it run and fail when it is missing; elsewhere they are skipped.
enum PostgresTestEnvironment {
    static var url: String? { TestServices.postgresURL }

    static var isCI: Bool { TestServices.areRequired }

    /// Tests needing PostgreSQL are enabled when it is configured, and always under CI.
    static var shouldRun: Bool { TestServices.shouldRunPostgres }
}

/// Runs psql against the test server. Used for the differential tests only, so the generator
/// itself needs no PostgreSQL client library.
struct PSQL {
    let url: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `script` with `psql -X -A -t -q -v ON_ERROR_STOP=1` and returns stdout.
    func run(_ script: String, database: String? = nil) throws -> String {
        var target = url
        if let database, let range = target.range(of: "/", options: .backwards), range.lowerBound > target.index(target.startIndex, offsetBy: 12) {
            let query = target[range.upperBound...].firstIndex(of: "?").map { String(target[$0...]) } ?? ""
            target = String(target[..<range.upperBound]) + database + query
        }
        let result = try CommandRunner.run(["psql", target, "-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", "-f", "-"], input: script)
        guard result.succeeded else {
            throw Failure(description: "psql failed (\(result.status)): \(result.stderr)")
        }
        return result.stdout
    }
}
