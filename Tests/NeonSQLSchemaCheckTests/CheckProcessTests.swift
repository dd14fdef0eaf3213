// The `neon-sql-gen` binary itself: exit statuses, usage, and that the password never shows.
// The binary is the one SwiftPM built next to the test bundle (the RIZQ target's plugin needs it,
// so it is built with the tests).
import Foundation
import NeonSQLTestSupport
import Testing

enum Binary {
    /// `neon-sql-gen` in the build products directory, or nil.
    static var url: URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent().appendingPathComponent("neon-sql-gen"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("neon-sql-gen"),
            Bundle.main.bundleURL.appendingPathComponent("neon-sql-gen"),
            Services.root.appendingPathComponent(".build/debug/neon-sql-gen"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], in directory: URL = Services.root) throws -> Result {
        guard let url else { throw NotFound() }
        // The CLI falls back to NEON_DATABASE_URL; the tests pass the URL explicitly or not at all.
        let result = try CommandRunner.run([url.path] + arguments, directory: directory, environment: ["NEON_DATABASE_URL": nil])
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    struct NotFound: Error, CustomStringConvertible {
        let description = "the neon-sql-gen binary was not found next to the test bundle or in .build/debug (swift build first)"
    }
}

@Suite("neon-sql-gen check, the binary", .offCooperativePool)
struct CheckProcessTests {
    static let password = "Hunter2-very-secret"
    static let url = "postgresql://rizq:\(password)@rizq.localtest.me/rizq"

    @Test func argumentErrorsExit2WithUsageAndNoPassword() throws {
        guard Binary.url != nil else {
            if Services.isRequired { throw Binary.NotFound() }
            return
        }
        let cases: [[String]] = [
            ["check", "--schema", "queries/schema", "queries"],                                          // no --database-url
            ["check", "--database-url", "mysql://rizq:\(Self.password)@host/db", "queries"],              // not postgres://
            ["check", "--database-url", "postgresql://rizq:\(Self.password)@/rizq", "queries"],           // no host
            ["check", "--database-url", "postgresql://rizq:\(Self.password)@127.0.0.1/rizq", "queries"],  // IP without --endpoint
            ["check", "--database-url", Self.url, "--endpoint", "localhost:4444", "queries"],             // endpoint without scheme
            ["check", "--schema", "queries/schema", Self.url],                                            // URL as a query path
        ]
        for arguments in cases {
            let result = try Binary.run(arguments)
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("neon-sql-gen: error: "))
            #expect(result.stderr.contains("USAGE: neon-sql-gen check --database-url <connection-string>"))
            #expect(!result.stderr.contains(Self.password) && !result.stdout.contains(Self.password))
        }
        let help = try Binary.run(["help", "check"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: neon-sql-gen check"))
    }

    @Test(.enabled(if: Services.shouldRun)) func rizqCleanAndDriftedThroughTheBinary() throws {
        let stack = try Services.stack()
        let clean = try Binary.run([
            "check", "--database-url", stack.databaseURL, "--endpoint", stack.endpoint, "--schema", "queries/schema", "queries",
        ])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout.isEmpty)
        #expect(!clean.stderr.contains(": error:") && clean.stderr.contains("29 queries checked"))

        // The schema from a neon-sql.json instead of --schema, resolved relative to the config file.
        let configDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("neon-sql-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: configDirectory) }
        try FileManager.default.createDirectory(at: configDirectory, withIntermediateDirectories: true)
        let configFile = configDirectory.appendingPathComponent("neon-sql.json")
        let schemaPath = Services.root.appendingPathComponent("queries/schema").path
        try #"{"schema": ["\#(schemaPath)"]}"#.write(to: configFile, atomically: true, encoding: .utf8)
        let configured = try Binary.run([
            "check", "--database-url", stack.databaseURL, "--endpoint", stack.endpoint, "--config", configFile.path, "queries",
        ])
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(configured.stderr.contains("29 queries checked"))
        let noSchema = try Binary.run(["check", "--database-url", stack.databaseURL, "--endpoint", stack.endpoint, "queries"])
        #expect(noSchema.status == 1, "without the config's schema, the queries' tables are unknown")

        // A drifted copy of the schema files in a temporary directory.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("neon-sql-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("schema"), withIntermediateDirectories: true)
        for file in try Drift.schema() {
            let name = URL(fileURLWithPath: file.path).lastPathComponent
            try file.contents.write(to: directory.appendingPathComponent("schema/" + name), atomically: true, encoding: .utf8)
        }
        try Drift.iconQuery.contents.write(to: directory.appendingPathComponent("fetch_category_icon.sql"), atomically: true, encoding: .utf8)
        let drifted = try Binary.run([
            "check", "--database-url=\(stack.databaseURL)", "--endpoint=\(stack.endpoint)",
            "--schema", directory.appendingPathComponent("schema").path, "queries", directory.appendingPathComponent("fetch_category_icon.sql").path,
        ])
        print(drifted.stderr)
        #expect(drifted.status == 1)
        #expect(drifted.stderr.contains(
            "queries/fetch_dua.sql:1:1: error: FetchDua: column \"repetitions\" is integer in the database but bigint in the schema files"))
        #expect(drifted.stderr.contains("/fetch_category_icon.sql:1:1: error: FetchCategoryIcon: query fails on the database: column \"icon\" does not exist"))
        #expect(drifted.stderr.contains("30 queries checked against PostgreSQL"))
        let password = CheckEndToEndTests.password(of: stack.databaseURL)
        #expect(!drifted.stderr.contains(password) && !clean.stderr.contains(password))
    }

    @Test(.enabled(if: Services.shouldRun)) func wrongPasswordExits1WithoutThePassword() throws {
        let stack = try Services.stack()
        guard var components = URLComponents(string: stack.databaseURL) else { throw Services.Missing() }
        components.password = Self.password
        guard let wrong = components.string else { throw Services.Missing() }
        let result = try Binary.run(["check", "--database-url", wrong, "--endpoint", stack.endpoint, "--schema", "queries/schema", "queries"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("neon-sql-gen: error: cannot query the database at \(stack.endpoint)"))
        #expect(!result.stderr.contains(Self.password))
        print(result.stderr)
    }
}
