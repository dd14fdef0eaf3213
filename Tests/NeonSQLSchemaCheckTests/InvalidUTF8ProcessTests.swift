// `neon-sql-gen describe` and `generate` on a query file that is not valid UTF-8: the documented
// JSON still arrives on stdout (docs/describe-json.md), and the error points at the first bad byte.
import Foundation
import Testing
import NeonSQLTestSupport

@Suite("neon-sql-gen on a file that is not valid UTF-8, the binary", .offCooperativePool)
struct InvalidUTF8ProcessTests {
    /// Line 2 is `-- caf` + byte 0xE9 (Latin-1 é): the bad byte is line 2, column 7.
    static let latin1Query: [UInt8] = Array("-- name: CountDuas :one\n-- caf".utf8) + [0xE9]
        + Array("\nSELECT count(*) AS total FROM duas;\n".utf8)

    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("neon-sql-utf8-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func describePrintsTheJSONAndLocatesTheFirstBadByte() throws {
        guard Binary.url != nil else {
            if Services.isRequired { throw Binary.NotFound() }
            return
        }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let query = directory.appendingPathComponent("latin1.sql")
        try Data(Self.latin1Query).write(to: query)
        let schema = Services.root.appendingPathComponent("queries/schema").path

        let result = try Binary.run(["describe", "--schema", schema, query.path])
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic["file"] as? String == query.path)
        #expect(diagnostic["line"] as? Int == 2)
        #expect(diagnostic["column"] as? Int == 7)
        #expect(diagnostic["severity"] as? String == "error")
        #expect((diagnostic["message"] as? String)?.contains("not valid UTF-8 (byte 0xE9") == true)
        // The rest of the file is still analyzed: the query is described.
        let queries = try #require(json["queries"] as? [[String: Any]])
        #expect(queries.map { $0["name"] as? String } == ["countDuas"])
        #expect(result.stderr == "\(query.path):2:7: error: file is not valid UTF-8 (byte 0xE9 at byte offset 30); save it as UTF-8\n")
    }

    @Test func generateReportsTheSameLocationAndWritesNothing() throws {
        guard Binary.url != nil else {
            if Services.isRequired { throw Binary.NotFound() }
            return
        }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let query = directory.appendingPathComponent("latin1.sql")
        try Data(Self.latin1Query).write(to: query)
        let output = directory.appendingPathComponent("out")
        let result = try Binary.run([
            "generate", "--schema", Services.root.appendingPathComponent("queries/schema").path,
            "--output-dir", output.path, "--shared-output", output.appendingPathComponent("NeonSQLSchema.swift").path, query.path,
        ])
        #expect(result.status == 1)
        #expect(result.stderr == "\(query.path):2:7: error: file is not valid UTF-8 (byte 0xE9 at byte offset 30); save it as UTF-8\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
