import Foundation
import NeonSQLGenerator
import Testing

/// Golden tests: each `Golden/<case>/` holds `schema/*.sql` and `queries/*.sql` (applied and
/// read in name order) and `expected/`: one `.swift` per query file (named by the plugin's rule)
/// plus `NeonSQLSchema.swift`, `describe.json`, and `diagnostics.txt` (formatted diagnostics,
/// paths relative to the case directory), generated with `"queryClient": true`. A case with an error diagnostic has no expected
/// `.swift` files (the generator writes nothing then).
///
/// `NEON_SQL_UPDATE_GOLDENS=1 swift test --filter GoldenTests` rewrites the expected files.
@Suite("Golden files")
struct GoldenTests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let updateVariable = "NEON_SQL_UPDATE_GOLDENS"
    static var isUpdating: Bool { ProcessInfo.processInfo.environment[updateVariable] == "1" }

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: goldenDirectory.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            let path = goldenDirectory.appendingPathComponent(name).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }.sorted()
    }

    @Test func diffShowsChangedLinesWithContext() {
        let expected = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let actual = expected.replacingOccurrences(of: "line 5", with: "line five")
        #expect(LineDiff.unified(expected: expected, actual: actual) == """
            @@ -2 +2 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8
            """)
    }

    @Test func casesExist() {
        #expect(!Self.cases.isEmpty, "no golden cases under \(Self.goldenDirectory.path)")
    }

    @Test(arguments: cases)
    func golden(_ name: String) throws {
        let caseDirectory = Self.goldenDirectory.appendingPathComponent(name)
        let schema = try Self.sqlInputs(in: caseDirectory, folder: "schema")
        let queries = try Self.sqlInputs(in: caseDirectory, folder: "queries")
        // With the dependency client (opt-in), so that the goldens cover its text too.
        let generated = CodeGenerator.generate(schema: schema, queries: queries, options: GeneratorOptions(queryClient: .generated))
        let described = CodeGenerator.describe(schema: schema, queries: queries)

        var actual: [String: String] = [
            "describe.json": described.json,
            "diagnostics.txt": generated.diagnostics.map { $0 + "\n" }.joined(),
        ]
        if !generated.hasErrors {
            for file in generated.files {
                let relative = String(file.inputPath.dropFirst("queries/".count))
                actual[OutputFileNaming.outputFileName(forRelativePath: relative)] = file.source
            }
            actual[CodeGenerator.sharedFileName] = generated.shared
        }
        try Self.compare(actual, with: caseDirectory.appendingPathComponent("expected"), caseName: name)
    }

    /// The `.sql` files of `<case>/<folder>/` in name order, with paths relative to the case.
    static func sqlInputs(in caseDirectory: URL, folder: String) throws -> [SQLSourceInput] {
        let directory = caseDirectory.appendingPathComponent(folder)
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".sql") }
            .sorted()
            .map { file in
                let contents = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                return SQLSourceInput(path: folder + "/" + file, contents: contents)
            }
    }

    /// Compares every actual file with `expected/`, reporting a diff per mismatch, each missing
    /// expected file and each stale one; in update mode rewrites `expected/` instead.
    static func compare(_ actual: [String: String], with expectedDirectory: URL, caseName: String) throws {
        let existing = Set((try? FileManager.default.contentsOfDirectory(atPath: expectedDirectory.path)) ?? [])
        let update = "`\(updateVariable)=1 swift test --filter GoldenTests`"
        if isUpdating {
            try FileManager.default.createDirectory(at: expectedDirectory, withIntermediateDirectories: true)
            for (file, text) in actual {
                try Data(text.utf8).write(to: expectedDirectory.appendingPathComponent(file))
            }
            for stale in existing.subtracting(actual.keys) {
                try FileManager.default.removeItem(at: expectedDirectory.appendingPathComponent(stale))
            }
            return
        }
        for file in actual.keys.sorted() {
            let url = expectedDirectory.appendingPathComponent(file)
            guard existing.contains(file), let data = FileManager.default.contents(atPath: url.path) else {
                Issue.record("\(caseName): missing expected/\(file); run \(update) to write it, then review it")
                continue
            }
            let expected = String(decoding: data, as: UTF8.self)
            let text = actual[file] ?? ""
            if expected != text {
                Issue.record("\(caseName): expected/\(file) differs (- expected, + actual):\n\(LineDiff.unified(expected: expected, actual: text))")
            }
        }
        for stale in existing.subtracting(actual.keys).sorted() {
            Issue.record("\(caseName): expected/\(stale) is not produced any more; run \(update) to remove it")
        }
    }
}

/// A readable line diff for golden mismatches: changed lines with `-`/`+`, three lines of
/// context, hunks headed `@@ -line +line @@`.
enum LineDiff {
    static func unified(expected: String, actual: String, context: Int = 3) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let edits = script(old, new)
        var output: [String] = []
        var index = 0
        while index < edits.count {
            guard edits[index].mark != " " else { index += 1; continue }
            let start = max(0, index - context)
            var end = index
            // Extend the hunk while changes are closer than 2 * context lines.
            var lastChange = index
            while end < edits.count {
                if edits[end].mark != " " { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            let stop = min(edits.count, lastChange + context + 1)
            output.append("@@ -\(edits[start].oldLine) +\(edits[start].newLine) @@")
            for edit in edits[start..<stop] {
                output.append(edit.mark + edit.text.replacingOccurrences(of: "\r", with: "\\r"))
            }
            index = stop
        }
        return output.joined(separator: "\n")
    }

    struct Edit {
        let mark: String
        let text: String
        let oldLine: Int
        let newLine: Int
    }

    /// An edit script from the longest common subsequence of lines.
    static func script(_ old: [String], _ new: [String]) -> [Edit] {
        var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                edits.append(Edit(mark: " ", text: old[i], oldLine: i + 1, newLine: j + 1))
                i += 1
                j += 1
            } else if i < old.count, j == new.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                edits.append(Edit(mark: "-", text: old[i], oldLine: i + 1, newLine: j + 1))
                i += 1
            } else {
                edits.append(Edit(mark: "+", text: new[j], oldLine: i + 1, newLine: j + 1))
                j += 1
            }
        }
        return edits
    }
}
