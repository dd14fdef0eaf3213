import Foundation
import Testing
import NeonSQLGenerator

/// The diagnostics golden suite: each `Cases/<name>.sql` is one case in one file, sections headed
/// by `--- <file>` lines:
///
///     --- schema.sql
///     CREATE TABLE duas (id integer PRIMARY KEY, title_en text NOT NULL);
///     --- queries.sql
///     -- name: Titles :many
///     SELECT titel_en FROM duas;
///     --- expected
///     queries.sql:2:8: error: column "titel_en" does not exist; did you mean 'title_en'?
///
/// A section whose file name starts with `schema` is a schema file (applied in order), any other
/// `.sql` section a query file, a `neon-sql.json` section the case's settings (only
/// `postgresVersion` is read); `expected` holds every diagnostic exactly as `describe` and
/// `generate` print them (`path:LINE:COL: severity: message`), in order.
/// `NEON_SQL_UPDATE_GOLDENS=1 swift test --filter DiagnosticGoldenTests` rewrites the expected
/// sections; review the diff before committing it.
@Suite("Diagnostics golden cases")
struct DiagnosticGoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Cases")
    static var isUpdating: Bool { ProcessInfo.processInfo.environment["NEON_SQL_UPDATE_GOLDENS"] == "1" }

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".sql") }.sorted()
    }

    struct Case {
        var schema: [SQLSourceInput] = []
        var queries: [SQLSourceInput] = []
        var expected: [String] = []
        /// `postgresVersion` of the case's `neon-sql.json` section.
        var postgresVersion: Int?
        /// Everything before `--- expected`, kept verbatim for update mode.
        var inputText = ""
    }

    static func parse(_ text: String) -> Case {
        var result = Case()
        var sections: [(name: String, lines: [String])] = []
        var inputLines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("--- ") {
                sections.append((String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces), []))
            } else if !sections.isEmpty {
                sections[sections.count - 1].lines.append(line)
            }
            if sections.last?.name != "expected" { inputLines.append(line) }
        }
        result.inputText = inputLines.joined(separator: "\n")
        for (name, lines) in sections {
            if name == "expected" {
                result.expected = lines.filter { !$0.isEmpty }
            } else if name == "neon-sql.json" {
                let settings = try? JSONSerialization.jsonObject(with: Data(lines.joined(separator: "\n").utf8)) as? [String: Any]
                result.postgresVersion = settings?["postgresVersion"] as? Int
            } else {
                var body = lines
                while body.last == "" { body.removeLast() }
                let input = SQLSourceInput(path: name, contents: body.joined(separator: "\n") + "\n")
                if name.hasPrefix("schema") { result.schema.append(input) } else { result.queries.append(input) }
            }
        }
        return result
    }

    @Test func thereAreAtLeastFortyCases() {
        #expect(Self.cases.count >= 40, "\(Self.cases.count) cases")
    }

    @Test(arguments: cases)
    func diagnostics(_ name: String) throws {
        let url = Self.directory.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let parsed = Self.parse(text)
        #expect(!parsed.queries.isEmpty || !parsed.schema.isEmpty, "\(name) has no input section")
        let options = GeneratorOptions(postgresVersion: parsed.postgresVersion)
        let described = CodeGenerator.describe(schema: parsed.schema, queries: parsed.queries, options: options)
        let generated = CodeGenerator.generate(schema: parsed.schema, queries: parsed.queries, options: options)
        // describe and generate report the same diagnostics.
        #expect(described.diagnostics == generated.diagnostics, "\(name)")
        if Self.isUpdating {
            let updated = parsed.inputText + "\n--- expected\n" + described.diagnostics.map { $0 + "\n" }.joined()
            try Data(updated.utf8).write(to: url)
            return
        }
        #expect(described.diagnostics == parsed.expected,
                "\(name) (- expected, + actual):\n\(LineDiff.unified(expected: parsed.expected.joined(separator: "\n"), actual: described.diagnostics.joined(separator: "\n")))")
    }
}
