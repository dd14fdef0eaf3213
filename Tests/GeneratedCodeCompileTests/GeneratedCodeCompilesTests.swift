import Foundation
import NeonSQLGenerator
import Testing

/// The property behind "generated code always compiles": random schemas and queries built from
/// hostile names (keywords, names of the types generated code uses, names equal after
/// camel-casing, leading digits, non-ASCII...) generate Swift that type-checks against the
/// `NeonSQL` runtime with zero errors. Seeded: a failure prints the seed and the case.
///
/// `NEON_SQL_PROPERTY_CASES` sets the number of batched cases (default 2000); `NEON_SQL_PROPERTY_SEED`
/// the first seed.
@Suite("Generated code compiles", .serialized)
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
        var start = 0
        while start < Self.caseCount {
            let seeds = (start..<min(start + Self.casesPerModule, Self.caseCount)).map { Self.firstSeed &+ UInt64($0) }
            var files: [String: String] = [:]
            var casesByFile: [String: HostileCase] = [:]
            for seed in seeds {
                let hostile = HostileCase(seed: seed, prefix: "C\(seed)", queryCount: 1...4, enumCount: 0...2)
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
        print("GeneratedCodeCompilesTests: \(checked) batched cases type-checked, \(failures.count) failures")
        #expect(checked == Self.caseCount)
        #expect(failures.isEmpty, Comment(rawValue: failures.prefix(5).joined(separator: "\n\n")))
    }

    /// A few cases with nothing prefixed, each its own module: enum and query names are hostile
    /// at module scope (`Statement`, `Date`, `Swift`, `Queries`, `self`...).
    @Test func moduleScopedCasesTypeCheck() throws {
        let checker = try SwiftTypeChecker.locate()
        var failures: [String] = []
        let count = max(2, Self.caseCount / 250)
        for index in 0..<count {
            let hostile = HostileCase(seed: Self.firstSeed &+ 1_000_000 &+ UInt64(index), prefix: nil,
                                      queryCount: 10...25, enumCount: 15...30)
            guard let generated = generate(hostile, failures: &failures) else { continue }
            let diagnostics = try checker.typeCheck(moduleName: "Module\(index)", files: generated)
            failures += report(diagnostics, casesByFile: generated.mapValues { _ in hostile })
        }
        print("GeneratedCodeCompilesTests: \(count) module-scoped cases type-checked, \(failures.count) failures")
        #expect(failures.isEmpty, Comment(rawValue: failures.prefix(5).joined(separator: "\n\n")))
    }

    /// The generated files of a case (output name -> source), or nil with a failure when the
    /// generator reported an error on SQL PostgreSQL accepts.
    private func generate(_ hostile: HostileCase, failures: inout [String]) -> [String: String]? {
        let result = CodeGenerator.generate(schema: [SQLSourceInput(path: "/case\(hostile.seed)/schema.sql", contents: hostile.schema)],
                                            queries: hostile.queries, typeNames: hostile.typeNames)
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
