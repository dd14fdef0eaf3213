import Foundation
import Testing
import NeonSQLTestSupport

/// `neon-sql-gen breaking`, the binary: a describe output of version 1 and the migrations after
/// it; exit 0 when nothing breaks, 1 with `migration:LINE:COL: error: Query (file:line) ...` when
/// something does, 2 for a usage error; `--format json` for tools.
@Suite("neon-sql-gen breaking, the binary", .offCooperativePool)
struct BreakingProcessTests {
    /// A scratch project: `schema/001.sql`, `queries/q.sql`, and `v1.json` described from them.
    static func project() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("neon-sql-breaking-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("schema"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("queries"), withIntermediateDirectories: true)
        try "CREATE TABLE tasks (id bigint PRIMARY KEY, title text NOT NULL, done boolean NOT NULL DEFAULT false);\n"
            .write(to: root.appendingPathComponent("schema/001.sql"), atomically: true, encoding: .utf8)
        try "-- name: ListTasks :many\nSELECT * FROM tasks WHERE done = @done;\n\n-- name: CountTasks :one\nSELECT count(*) AS n FROM tasks;\n"
            .write(to: root.appendingPathComponent("queries/q.sql"), atomically: true, encoding: .utf8)
        let described = try Binary.run(["describe", "--schema", "schema", "queries"], in: root)
        #expect(described.status == 0, "\(described.stderr)")
        try described.stdout.write(to: root.appendingPathComponent("v1.json"), atomically: true, encoding: .utf8)
        return root
    }

    static func skipUnlessBuilt() throws -> Bool {
        guard Binary.url != nil else {
            if Services.isRequired { throw Binary.NotFound() }
            return false
        }
        return true
    }

    @Test func safeMigrationsExit0() throws {
        guard try Self.skipUnlessBuilt() else { return }
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try "ALTER TABLE tasks ADD COLUMN due date;\nCREATE INDEX tasks_done ON tasks (done);\n"
            .write(to: root.appendingPathComponent("schema/002.sql"), atomically: true, encoding: .utf8)
        let result = try Binary.run(["breaking", "--against", "v1.json", "--schema", "schema"], in: root)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("2 shipped queries checked: 0 breaking"))
    }

    @Test func aBreakingMigrationExits1AtItsStatement() throws {
        guard try Self.skipUnlessBuilt() else { return }
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try "ALTER TABLE tasks ADD COLUMN due date;\n\nALTER TABLE tasks RENAME COLUMN title TO name;\n"
            .write(to: root.appendingPathComponent("schema/002.sql"), atomically: true, encoding: .utf8)
        let result = try Binary.run(["breaking", "--against", "v1.json", "--schema", "schema"], in: root)
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            "schema/002.sql:3:1: error: listTasks (queries/q.sql:1) no longer runs: column tasks.title does not exist",
        ])
        let json = try Binary.run(["breaking", "--against", "v1.json", "--schema", "schema", "--format", "json"], in: root)
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.count == 1)
        #expect(changes.first?["query"] as? String == "listTasks" && changes.first?["line"] as? Int == 3)
    }

    @Test func usageErrorsExit2() throws {
        guard try Self.skipUnlessBuilt() else { return }
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try "{\"queries\": 3}".write(to: root.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        for arguments in [["breaking", "--schema", "schema"], ["breaking", "--against", "v1.json"],
                          ["breaking", "--against", "bad.json", "--schema", "schema"],
                          ["breaking", "--against", "missing.json", "--schema", "schema"],
                          ["breaking", "--against", "v1.json", "--schema", "schema", "--format", "xml"]] {
            let result = try Binary.run(arguments, in: root)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.isEmpty)
        }
    }
}
