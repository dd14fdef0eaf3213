// The lock-file path end to end, through the `neon-sql-gen` binary and the local stack (neon-local
// in front of PostgreSQL with the RIZQ schema): `prepare` asks PostgreSQL about queries the
// analyzer cannot type, `generate` builds them from the lock file (with a warning), a stale lock
// file fails with a message telling what to run, and `check --lock` verifies it.
import Foundation
import Testing
import NeonSQLTestSupport

@Suite("The lock file, end to end", .enabled(if: Services.shouldRun), .serialized, .offCooperativePool)
struct LockFileEndToEndTests {
    /// A statement the analyzer cannot read (a function call syntax it does not parse) and two it
    /// types (a MERGE and a SELECT), which the lock file is then checked against.
    static let queries = """
        -- name: TitlesAsXml :many
        SELECT d.id, xmlelement(name dua, d.title_en) AS x, c.name AS category FROM duas d
        LEFT JOIN categories c ON c.id = d.category_id WHERE d.id > @min_id ORDER BY d.id;

        -- name: MergeActivity :exec
        MERGE INTO user_activity a USING (SELECT @user_id::uuid AS user_id) s ON a.user_id = s.user_id AND a.date = CURRENT_DATE
        WHEN MATCHED THEN UPDATE SET xp_earned = a.xp_earned + 1
        WHEN NOT MATCHED THEN INSERT (user_id, xp_earned) VALUES (s.user_id, 1);

        -- name: CountDuas :one
        SELECT count(*) AS n FROM duas WHERE category_id = @category_id;

        """

    func workspace() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("neon-sql-lock-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("queries"), withIntermediateDirectories: true)
        try Self.queries.write(to: directory.appendingPathComponent("queries/locked.sql"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test func prepareThenGenerateFromTheLockThenStaleThenCheck() throws {
        let (endpoint, databaseURL) = try Services.stack()
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = Services.root.appendingPathComponent("queries/schema").path
        let queries = directory.appendingPathComponent("queries").path
        let lock = directory.appendingPathComponent("queries/neon-sql.lock.json").path

        // Without a lock file the analyzer's errors break the build.
        let unlocked = try Binary.run(["describe", "--schema", schema, queries])
        #expect(unlocked.status == 1)

        // prepare: PostgreSQL's own description, written next to the queries by default.
        let prepared = try Binary.run(["prepare", "--database-url", databaseURL, "--endpoint", endpoint, "--schema", schema, queries])
        #expect(prepared.status == 0, "\(prepared.stderr)")
        #expect(!prepared.stderr.contains(CheckEndToEndTests.password(of: databaseURL)))
        let data = try Data(contentsOf: URL(fileURLWithPath: lock))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(json["queries"] as? [String: Any])
        #expect(Set(entries.keys) == ["TitlesAsXml", "MergeActivity", "CountDuas"])
        // Deterministic: preparing again writes the same bytes.
        _ = try Binary.run(["prepare", "--database-url", databaseURL, "--endpoint", endpoint, "--schema", schema, queries])
        #expect(try Data(contentsOf: URL(fileURLWithPath: lock)) == data)

        // describe with the lock: the unreadable query comes from it, with a warning; the MERGE is the
        // analyzer's, and agrees with the lock.
        let described = try Binary.run(["describe", "--schema", schema, "--lock", lock, queries])
        #expect(described.status == 0, "\(described.stderr)")
        #expect(described.stderr.contains("warning: query 'TitlesAsXml' is described by \(lock)"))
        #expect(!described.stderr.contains("query 'MergeActivity'"))
        let model = try #require(try JSONSerialization.jsonObject(with: Data(described.stdout.utf8)) as? [String: Any])
        let list = try #require(model["queries"] as? [[String: Any]])
        let xml = try #require(list.first { $0["name"] as? String == "titlesAsXml" })
        let columns = try #require(xml["columns"] as? [[String: Any]])
        #expect(columns.map { $0["pgType"] as? String } == ["integer", "xml", "text"])
        // `id` is a NOT NULL column that nothing NULL-extends... but the statement has a LEFT JOIN:
        // only what PostgreSQL and the tokens prove is non-optional.
        #expect(columns.map { $0["nullable"] as? Bool } == [true, true, true])
        let merge = try #require(list.first { $0["name"] as? String == "mergeActivity" })
        #expect((merge["params"] as? [[String: Any]])?.first?["pgType"] as? String == "uuid")

        // generate compiles nothing here, but succeeds and writes the files.
        let output = directory.appendingPathComponent("out").path
        let generated = try Binary.run(["generate", "--schema", schema, "--lock", lock, "--output-dir", output,
                                        "--shared-output", output + "/NeonSQLSchema.swift", "--root", directory.path, queries])
        #expect(generated.status == 0, "\(generated.stderr)")
        let swift = try String(contentsOfFile: output + "/queries_locked.swift", encoding: .utf8)
        #expect(swift.contains("public static func titlesAsXml(minId: Swift.Int)"))
        #expect(swift.contains("public static func mergeActivity(userId: Foundation.UUID)"))

        // check --lock: the lock file agrees with the database.
        let checked = try Binary.run(["check", "--database-url", databaseURL, "--endpoint", endpoint, "--schema", schema, "--lock", lock, queries])
        #expect(checked.status == 0, "\(checked.stdout)\n\(checked.stderr)")

        // A query edited after prepare: its entry is stale, and the message says what to run.
        try Self.queries.replacingOccurrences(of: "d.id > @min_id", with: "d.id >= @min_id")
            .write(to: directory.appendingPathComponent("queries/locked.sql"), atomically: true, encoding: .utf8)
        let stale = try Binary.run(["describe", "--schema", schema, "--lock", lock, queries])
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("the description of 'TitlesAsXml' in \(lock) is stale: the query changed since PostgreSQL described it; run `neon-sql-gen prepare"))
        let staleCheck = try Binary.run(["check", "--database-url", databaseURL, "--endpoint", endpoint, "--schema", schema, "--lock", lock, queries])
        #expect(staleCheck.status == 1)
        #expect(staleCheck.stderr.contains("'TitlesAsXml' changed since it was prepared"))
        #expect(!staleCheck.stderr.contains(CheckEndToEndTests.password(of: databaseURL)))
    }
}
