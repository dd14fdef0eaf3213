import Foundation
import NeonSQLGenerator
import Testing
import NeonSQLTestSupport

/// The property behind "generated code always compiles": random schemas and queries built from
/// hostile names (keywords, names of the types generated code uses, names equal after
/// camel-casing, leading digits, non-ASCII...) generate Swift that type-checks against the
/// `NeonSQL` runtime with zero errors. Seeded: a failure prints the seed and the case.
///
/// `NEON_SQL_PROPERTY_CASES` sets the number of batched cases (default 2000); `NEON_SQL_PROPERTY_SEED`
/// the first seed.
@Suite("Generated code compiles", .serialized, .offCooperativePool)
struct GeneratedCodeCompilesTests {
    static let environment = ProcessInfo.processInfo.environment
    static let caseCount = environment["NEON_SQL_PROPERTY_CASES"].flatMap(Int.init) ?? 2000
    static let firstSeed = environment["NEON_SQL_PROPERTY_SEED"].flatMap(UInt64.init) ?? 20_261_123
    static let casesPerModule = environment["NEON_SQL_PROPERTY_BATCH"].flatMap(Int.init) ?? 200

    /// Many cases per compiler run: each case's module-level names carry a prefix, while table,
    /// column, label and parameter names stay fully hostile.
    @Test func batchedCasesTypeCheck() throws {
        let checker = try SwiftTypeChecker.locate()
        var failures: [String] = []
        var checked = 0
        var paged = 0
        var start = 0
        while start < Self.caseCount {
            let seeds = (start..<min(start + Self.casesPerModule, Self.caseCount)).map { Self.firstSeed &+ UInt64($0) }
            var files: [String: String] = [:]
            var casesByFile: [String: HostileCase] = [:]
            for seed in seeds {
                let hostile = HostileCase(seed: seed, prefix: "C\(seed)", queryCount: 1...4, enumCount: 0...2)
                paged += hostile.queries.map { $0.contents.components(separatedBy: "-- @page ").count - 1 }.reduce(0, +)
                guard let generated = generate(hostile, failures: &failures) else { continue }
                for (name, source) in generated {
                    files["case\(seed)_\(name)"] = source
                    casesByFile["case\(seed)_\(name)"] = hostile
                }
                checked += 1
            }
            let diagnostics = try checker.typeCheck(moduleName: "Batch\(start)", files: files)
            failures += report(diagnostics, casesByFile: casesByFile)
            start += Self.casesPerModule
        }
        print("GeneratedCodeCompilesTests: \(checked) batched cases type-checked (\(paged) paged queries), \(failures.count) failures")
        #expect(checked == Self.caseCount)
        #expect(paged > 0 || Self.caseCount < 200, "no case exercised '-- @page'")
        #expect(failures.isEmpty, Comment(rawValue: failures.prefix(5).joined(separator: "\n\n")))
    }

    /// A few cases with nothing prefixed, each its own module: enum and query names are hostile
    /// at module scope (`Statement`, `Date`, `Swift`, `Queries`, `self`...), with each `queryClient`
    /// option in turn: the client, its unavailable placeholder (no key in neon-sql.json), nothing.
    @Test func moduleScopedCasesTypeCheck() throws {
        let checker = try SwiftTypeChecker.locate()
        var failures: [String] = []
        let count = max(2, Self.caseCount / 250)
        for index in 0..<count {
            let hostile = HostileCase(seed: Self.firstSeed &+ 1_000_000 &+ UInt64(index), prefix: nil,
                                      queryCount: 10...25, enumCount: 15...30)
            let option: QueryClientOption = [.generated, .unconfigured, .omitted][index % 3]
            guard let generated = generate(hostile, queryClient: option, failures: &failures) else { continue }
            let diagnostics = try checker.typeCheck(moduleName: "Module\(index)", files: generated)
            failures += report(diagnostics, casesByFile: generated.mapValues { _ in hostile })
        }
        print("GeneratedCodeCompilesTests: \(count) module-scoped cases type-checked, \(failures.count) failures")
        #expect(failures.isEmpty, Comment(rawValue: failures.prefix(5).joined(separator: "\n\n")))
    }

    /// A table model for every hostile name at module scope, in one module: each table returned
    /// whole (`SELECT *`), by `RETURNING *` and embedded, beside enums and queries named alike.
    @Test func tableModelsOfHostileNamesTypeCheck() throws {
        let checker = try SwiftTypeChecker.locate()
        var schema = "CREATE TYPE \"Statement\" AS ENUM ('a');\nCREATE TYPE \"task\" AS ENUM ('b');\n"
        var queries = ""
        var seen: Set<String> = []
        for (index, name) in HostileNames.all.enumerated() where seen.insert(name.lowercased()).inserted {
            let table = HostileCase.quoted(name)
            let column = HostileCase.quoted(HostileNames.all[(index * 7 + 3) % HostileNames.all.count])
            let other = HostileCase.quoted(HostileNames.all[(index * 11 + 5) % HostileNames.all.count] + "_2")
            schema += "CREATE TABLE \(table) (id integer PRIMARY KEY, \(column) text, \(other) \"task\" NOT NULL);\n"
            queries += "-- name: All\(index) :many\nSELECT * FROM \(table);\n"
            queries += "-- name: Set\(index) :one\nUPDATE \(table) SET \(column) = @value WHERE id = @id RETURNING *;\n"
            queries += "-- name: Embed\(index) :many\nSELECT sqlc.embed(a), sqlc.embed(b) FROM \(table) a LEFT JOIN \(table) b ON b.id = a.id;\n"
        }
        let result = CodeGenerator.generate(schema: [SQLSourceInput(path: "/models/schema.sql", contents: schema)],
                                            queries: [SQLSourceInput(path: "/models/queries.sql", contents: queries)])
        #expect(result.diagnostics.filter { $0.contains(": error:") } == [])
        var files = ["NeonSQLSchema.swift": result.shared]
        for (index, file) in result.files.enumerated() { files["query\(index).swift"] = file.source }
        let diagnostics = try checker.typeCheck(moduleName: "HostileModels", files: files)
        let problems = diagnostics.filter { $0.severity == "error" || $0.severity == "warning" }
        #expect(problems.isEmpty, Comment(rawValue: problems.prefix(20).map { "\($0.file):\($0.line): \($0.message)" }.joined(separator: "\n")))
        #expect(result.shared.components(separatedBy: "extension ").count > seen.count, "every table has a model")
    }

    /// Enum labels spelled like the members a tolerant enum declares (its fallback case
    /// `undocumented`, `rawValue`, `allCases`, `init`), in both enum styles, type-check, and the
    /// members code uses exist: `.undocumented3("new")` (the fallback moved past the labels' names), `allCases`, the
    /// non-failing `init(rawValue:)` and `Codable`.
    @Test(arguments: [false, true])
    func enumLabelsNamedLikeTheFallbackTypeCheck(frozenEnums: Bool) throws {
        let checker = try SwiftTypeChecker.locate()
        let labels = ["undocumented", "Undocumented", "undocumented2", "unknown", "raw_value", "rawValue", "all_cases",
                      "init", "default", "self", "label", "switch", "case"]
        let schema = "CREATE TYPE \"Mood\" AS ENUM (\(labels.map { "'\($0)'" }.joined(separator: ", ")));\n"
            + "CREATE TABLE diary (id integer PRIMARY KEY, mood \"Mood\" NOT NULL, moods \"Mood\"[]);\n"
        let queries = "-- name: ListDiary :many\nSELECT * FROM diary;\n-- name: AddEntry :exec\nINSERT INTO diary (id, mood, moods) VALUES (@id, @mood, @moods);\n"
        let result = CodeGenerator.generate(schema: [SQLSourceInput(path: "/enums/schema.sql", contents: schema)],
                                            queries: [SQLSourceInput(path: "/enums/queries.sql", contents: queries)],
                                            options: GeneratorOptions(frozenEnums: frozenEnums))
        #expect(result.diagnostics.filter { $0.contains(": error:") } == [])
        let usage = frozenEnums ? """
            func useFrozen() -> [Mood?] { [Mood(rawValue: "new"), Mood.allCases.first, .undocumented, .undocumented22, .init_, .`default`] }
            """ : """
            func useTolerant() throws -> [Mood] {
                let decoded = try JSONDecoder().decode([Mood].self, from: Data(#"["new","undocumented"]"#.utf8))
                let names: [String] = Mood.allCases.map { $0.rawValue } + [Mood.undocumented3("new").rawValue]
                _ = names
                return decoded + [Mood(rawValue: "new"), .undocumented, .undocumented22, .init_, .`default`, .undocumented3("x")]
            }
            """
        var files = ["NeonSQLSchema.swift": result.shared, "Usage.swift": "import Foundation\n" + usage + "\n"]
        for (index, file) in result.files.enumerated() { files["query\(index).swift"] = file.source }
        let diagnostics = try checker.typeCheck(moduleName: frozenEnums ? "FrozenEnums" : "TolerantEnums", files: files)
        let problems = diagnostics.filter { $0.severity == "error" || $0.severity == "warning" }
        #expect(problems.isEmpty, Comment(rawValue: problems.map { "\($0.file):\($0.line): \($0.message)" }.joined(separator: "\n")
                                          + "\n" + result.shared))
    }

    /// The generated files of a case (output name -> source), or nil with a failure when the
    /// generator reported an error on SQL PostgreSQL accepts.
    private func generate(_ hostile: HostileCase, queryClient: QueryClientOption = .generated, failures: inout [String]) -> [String: String]? {
        let result = CodeGenerator.generate(schema: [SQLSourceInput(path: "/case\(hostile.seed)/schema.sql", contents: hostile.schema)],
                                            queries: hostile.queries,
                                            options: GeneratorOptions(typeNames: hostile.typeNames, queryClient: queryClient))
        if result.hasErrors {
            failures.append("generator errors:\n" + result.diagnostics.joined(separator: "\n") + "\n" + hostile.reproduction)
            return nil
        }
        var files = ["NeonSQLSchema.swift": result.shared]
        for (index, file) in result.files.enumerated() { files["query\(index).swift"] = file.source }
        return files
    }

    private func report(_ diagnostics: [SwiftTypeChecker.Diagnostic], casesByFile: [String: HostileCase]) -> [String] {
        let errors = diagnostics.filter { $0.severity == "error" || $0.severity == "warning" }
        var seen: Set<UInt64> = []
        return errors.compactMap { diagnostic in
            guard let hostile = casesByFile[diagnostic.file] else { return "\(diagnostic.file):\(diagnostic.line): \(diagnostic.message)" }
            guard seen.insert(hostile.seed).inserted else { return nil }
            return "\(diagnostic.file):\(diagnostic.line): \(diagnostic.severity): \(diagnostic.message)\n\(hostile.reproduction)"
        }
    }
}
