import Foundation
import Testing
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

    /// The server's URL with `database` as its database (a query string kept).
    func url(database: String) -> String {
        guard let range = url.range(of: "/", options: .backwards), range.lowerBound > url.index(url.startIndex, offsetBy: 12) else {
            return url
        }
        let query = url[range.upperBound...].firstIndex(of: "?").map { String(url[$0...]) } ?? ""
        return String(url[..<range.upperBound]) + database + query
    }

    /// Runs `script` with `psql -X -A -t -q -v ON_ERROR_STOP=1` and returns stdout.
    func run(_ script: String, database: String? = nil) throws -> String {
        let target = database.map { url(database: $0) } ?? url
        let result = try CommandRunner.run(["psql", target, "-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", "-f", "-"], input: script)
        guard result.succeeded else {
            throw Failure(description: "psql failed (\(result.status)): \(result.stderr)")
        }
        return result.stdout
    }

    /// Runs `body` with psql on the test server and a fresh database named `<prefix>_<random>`,
    /// dropped afterwards; fails when the server is not configured.
    static func withScratchDatabase<Result>(_ prefix: String, _ body: (PSQL, String) throws -> Result) throws -> Result {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let psql = PSQL(url: url)
        let database = "\(prefix)_\(UInt32.random(in: 0...UInt32.max))"
        _ = try psql.run("CREATE DATABASE \(database);")
        defer { _ = try? psql.run("DROP DATABASE IF EXISTS \(database) WITH (FORCE);") }
        return try body(psql, database)
    }
}
