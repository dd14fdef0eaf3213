import Foundation
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import NeonSQLTestSupport

/// The type-inference corpus: `Data/<schema>/schema/*.sql` and `Data/<schema>/queries/*.sql`.
/// Every query states, in comment lines right under its `-- name:` annotation, what it must
/// produce, written by hand from PostgreSQL's semantics:
///
///     -- name: FetchOrder :one
///     -- expect: id Int, email String?          (column name as PostgreSQL reports it, Swift type)
///     -- params: orderId Int, since Date?       (Swift argument label, Swift type)
///     -- why: LEFT JOIN customers makes email optional
///     -- swift: id, email                       (optional: the row's Swift property names)
///     -- since: 16                              (optional: the PostgreSQL version that added what it calls)
///
/// `(none)` stands for an empty list; several `-- expect:` (or `-- params:`, `-- swift:`) lines
/// are joined. The tests check that the generator reports no error (warnings, such as a
/// generated name for an unnamed column, are allowed), that every stated column and
/// parameter (name, type and optionality) and Swift property name holds, and, against a real
/// PostgreSQL, that every parameter and column type and column name equals PostgreSQL's own
/// (queries marked `-- since: N` only on servers of version N or later; the others are counted
/// as skipped). `NEON_SQL_CORPUS_SCHEMAS=analytics,shop` limits that comparison to some schemas
/// (Scripts/catalog-differential-16.sh: the PostgreSQL 16 wheel has no citext/hstore/ltree).
@Suite("Corpus: hand-written expectations and PostgreSQL", .serialized, .offCooperativePool)
struct CorpusTests {
    static let dataDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data")
    static let schemas = ["shop", "analytics", "social", "builtins", "names", "ddl", "sqlc", "strangers", "realworld_rows", "realworld_catalog", "realworld_from", "unseen"]

    struct Expectation {
        let file: String
        let line: Int
        let name: String
        var columns: [String]?
        var parameters: [String]?
        var swiftNames: [String]?
        var why: [String] = []
        /// `-- since: N`: the PostgreSQL major version that first accepts the query.
        var since: Int?
    }

    struct Corpus {
        let schemaFiles: [SourceFile]
        let queryFiles: [SourceFile]
        let expectations: [Expectation]
        let model: NamedModel
    }

    static func sqlFiles(_ schema: String, _ folder: String) throws -> [SourceFile] {
        let directory = dataDirectory.appendingPathComponent(schema).appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".sql") }.sorted()
        return try names.map { name in
            SourceFile(path: "Corpus/Data/\(schema)/\(folder)/\(name)",
                       text: try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
        }
    }

    static func load(_ schema: String) throws -> Corpus {
        let schemaFiles = try sqlFiles(schema, "schema")
        let queryFiles = try sqlFiles(schema, "queries")
        let model = SwiftTranslator.name(Pipeline.analyze(schemaFiles: schemaFiles, queryFiles: queryFiles))
        return Corpus(schemaFiles: schemaFiles, queryFiles: queryFiles,
                      expectations: queryFiles.flatMap(parseExpectations), model: model)
    }

    /// `a Int, b String?` as items; `(none)` is the empty list.
    static func list(_ text: Substring) -> [String] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "(none)" { return [] }
        return trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Reads the `-- expect:` / `-- params:` / `-- why:` lines under each `-- name:` (or
    /// `/* name:`) line.
    static func parseExpectations(_ file: SourceFile) -> [Expectation] {
        var result: [Expectation] = []
        var current: Expectation?
        var inBlockAnnotation = false
        for (offset, rawLine) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if inBlockAnnotation {
                inBlockAnnotation = !line.contains("*/")
            } else if line.hasPrefix("-- name:") || line.hasPrefix("/* name:") {
                if let current { result.append(current) }
                let name = line.dropFirst("-- name:".count).split(separator: " ").first.map(String.init) ?? ""
                current = Expectation(file: file.path, line: offset + 1, name: name)
                inBlockAnnotation = line.hasPrefix("/*") && !line.contains("*/")
            } else if line.hasPrefix("-- expect:") {
                if var expectation = current {
                    expectation.columns = (expectation.columns ?? []) + list(line.dropFirst("-- expect:".count))
                    current = expectation
                }
            } else if line.hasPrefix("-- params:") {
                if var expectation = current {
                    expectation.parameters = (expectation.parameters ?? []) + list(line.dropFirst("-- params:".count))
                    current = expectation
                }
            } else if line.hasPrefix("-- swift:") {
                if var expectation = current {
                    expectation.swiftNames = (expectation.swiftNames ?? []) + list(line.dropFirst("-- swift:".count))
                    current = expectation
                }
            } else if line.hasPrefix("-- since:") {
                current?.since = Int(line.dropFirst("-- since:".count).trimmingCharacters(in: .whitespaces))
            } else if line.hasPrefix("-- why:") {
                current?.why.append(String(line.dropFirst("-- why:".count)))
            } else if !line.hasPrefix("--"), let finished = current {
                result.append(finished)
                current = nil
            }
        }
        if let current { result.append(current) }
        return result
    }

    @Test func corpusIsLargeAndEveryQueryStatesItsExpectation() throws {
        var total = 0
        for schema in Self.schemas {
            let corpus = try Self.load(schema)
            total += corpus.expectations.count
            #expect(corpus.expectations.count >= 40, "\(schema): only \(corpus.expectations.count) queries")
            for expectation in corpus.expectations {
                let place = "\(expectation.file):\(expectation.line): \(expectation.name)"
                #expect(expectation.columns != nil, "\(place): no '-- expect:' line")
                #expect(expectation.parameters != nil, "\(place): no '-- params:' line")
                #expect(!expectation.why.isEmpty, "\(place): no '-- why:' line")
            }
        }
        print("corpus size: \(total) queries over \(Self.schemas.count) schemas")
        #expect(total >= 150)
    }

    @Test func expectationsHold() throws {
        var checked = 0
        var holding = 0
        for schema in Self.schemas {
            let corpus = try Self.load(schema)
            // Notes and warnings (generated result names) are allowed; errors are not.
            for diagnostic in corpus.model.diagnostics where diagnostic.severity == .error {
                Issue.record(Comment(rawValue: "\(schema): unexpected diagnostic: \(diagnostic.formatted)"))
            }
            let queries = corpus.model.files.flatMap(\.queries)
            var schemaChecked = 0
            var schemaHolding = 0
            for expectation in corpus.expectations {
                let place = "\(expectation.file):\(expectation.line): \(expectation.name)"
                let expectedColumns = expectation.columns ?? []
                let expectedParameters = expectation.parameters ?? []
                guard let query = queries.first(where: { $0.file == expectation.file && $0.line == expectation.line }) else {
                    schemaChecked += expectedColumns.count + expectedParameters.count
                    Issue.record(Comment(rawValue: "\(place): the generator produced no query (see its diagnostics)"))
                    continue
                }
                // The analyzer's nullability: a table model's property keeps the table's (`T?` for a
                // nullable column the query makes certain), so its `?` comes from `nullable` here.
                let actualColumns = query.columns.map { column in
                    guard query.returnsTableModel else { return "\(column.sqlName) \(column.swiftType)" }
                    let base = column.swiftType.hasSuffix("?") && !column.nullable ? String(column.swiftType.dropLast()) : column.swiftType
                    return "\(column.sqlName) \(base)"
                }
                let actualParameters = query.parameters.map { "\($0.name) \($0.swiftType)" }
                var checks = [("column", expectedColumns, actualColumns), ("parameter", expectedParameters, actualParameters)]
                if let swiftNames = expectation.swiftNames { checks.append(("Swift name", swiftNames, query.columns.map(\.name))) }
                for (kind, expected, actual) in checks {
                    for index in 0..<max(expected.count, actual.count) {
                        schemaChecked += 1
                        let wanted = index < expected.count ? expected[index] : "(none)"
                        let got = index < actual.count ? actual[index] : "(none)"
                        if wanted == got {
                            schemaHolding += 1
                        } else {
                            Issue.record(Comment(rawValue: "\(place): \(kind) \(index + 1): expected \(wanted), generator says \(got)"))
                        }
                    }
                }
            }
            print("corpus nullability (\(schema)): \(schemaHolding)/\(schemaChecked) expectations hold")
            checked += schemaChecked
            holding += schemaHolding
        }
        print("corpus nullability: \(holding)/\(checked) expectations hold")
        #expect(checked > 0)
        #expect(holding == checked)
    }

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func typesAgreeWithPostgreSQL() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        var checked = 0
        var agreeing = 0
        var queryCount = 0
        var skipped = 0
        let versionText = try PSQL(url: url).run("SHOW server_version_num;").trimmingCharacters(in: .whitespacesAndNewlines)
        let major = try #require(Int(versionText).map { $0 / 10000 }, "server_version_num: \(versionText)")
        let selected = ProcessInfo.processInfo.environment["NEON_SQL_CORPUS_SCHEMAS"].map { $0.split(separator: ",").map(String.init) }
        for schema in Self.schemas where selected?.contains(schema) ?? true {
            let corpus = try Self.load(schema)
            let all = corpus.model.files.flatMap(\.queries)
            #expect(all.count == corpus.expectations.count, "\(schema): some queries have diagnostics")
            // Queries calling what this server's version does not have yet are not compared.
            let tooNew = Set(corpus.expectations.filter { ($0.since ?? 0) > major }.map(\.name))
            let queries = all.filter { !tooNew.contains($0.annotationName) }
            skipped += all.count - queries.count
            queryCount += queries.count
            let report = try DifferentialChecker(psql: PSQL(url: url), schema: corpus.schemaFiles.map(\.text)).compare(queries)
            print("corpus differential (\(schema)): \(report.summary)")
            for mismatch in report.mismatches { Issue.record(Comment(rawValue: mismatch)) }
            checked += report.checkedTypes
            agreeing += report.agreeingTypes
        }
        let percent = checked == 0 ? 0 : Double(agreeing) * 100 / Double(checked)
        print("corpus differential: \(agreeing)/\(checked) types agree (\(String(format: "%.1f", percent))%) over \(queryCount) queries "
              + "(PostgreSQL \(major); \(skipped) queries needing a newer version skipped)")
        #expect(checked > 0)
        #expect(agreeing == checked)
    }
}
