import Foundation
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import NeonSQLTestSupport

/// Loads the RIZQ schema into a fresh database of a real PostgreSQL and checks, for every query
/// in `queries/`, that the parameter types PostgreSQL infers (PREPARE + pg_prepared_statements)
/// and its result column names and types (psql's \gdesc) equal what the generator describes.
@Suite("Differential: generator vs PostgreSQL", .serialized, .offCooperativePool)
struct PostgresDifferentialTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func sqlFiles(in directory: URL) throws -> [SourceFile] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".sql") }.sorted()
        return try names.map { name in
            let url = directory.appendingPathComponent(name)
            return SourceFile(path: "queries/" + (directory.lastPathComponent == "queries" ? "" : directory.lastPathComponent + "/") + name,
                              text: try String(contentsOf: url, encoding: .utf8))
        }
    }

    /// RIZQ's schema and query files (`queries/`) and the model generated from them.
    static func rizq() throws -> (schema: [SourceFile], queries: [SourceFile], model: NamedModel) {
        let queriesDirectory = repositoryRoot.appendingPathComponent("queries")
        let schemaFiles = try sqlFiles(in: queriesDirectory.appendingPathComponent("schema"))
        let queryFiles = try sqlFiles(in: queriesDirectory)
        return (schemaFiles, queryFiles, SwiftTranslator.name(Pipeline.analyze(schemaFiles: schemaFiles, queryFiles: queryFiles)))
    }

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func rizqQueriesAgreeWithPostgreSQL() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let (schemaFiles, queryFiles, model) = try Self.rizq()
        // No errors (outer-join notes are expected).
        #expect(model.diagnostics.filter { $0.severity == .error }.map(\.formatted) == [])
        let queries = model.files.flatMap(\.queries)
        #expect(queries.count == queryFiles.count)

        let report = try DifferentialChecker(psql: PSQL(url: url), schema: schemaFiles.map(\.text)).compare(queries)
        print("differential (RIZQ): \(report.summary)")
        for mismatch in report.mismatches { Issue.record(Comment(rawValue: mismatch)) }
        #expect(report.checkedTypes > 0)
    }
}

/// Compares described types with PostgreSQL's for a list of queries, in a throwaway database.
struct DifferentialChecker {
    let psql: PSQL
    let schema: [String]
    /// Run after the schema, before any query is compared (a migration the queries must survive).
    var migration: [String] = []

    struct Report {
        var checkedTypes = 0
        var agreeingTypes = 0
        var mismatches: [String] = []
        var summary: String {
            let percent = checkedTypes == 0 ? 0 : Double(agreeingTypes) * 100 / Double(checkedTypes)
            return "\(agreeingTypes)/\(checkedTypes) types agree (\(String(format: "%.1f", percent))%)"
        }
    }

    /// `character varying(80)` -> `character varying`: describe prints types without typmod.
    static func withoutTypmod(_ type: String) -> String {
        var result = ""
        var depth = 0
        for character in type {
            if character == "(" { depth += 1; continue }
            if character == ")" { depth -= 1; continue }
            if depth == 0 { result.append(character) }
        }
        return result.trimmingCharacters(in: .whitespaces)
    }

    /// `sending` gives the SQL PostgreSQL describes for a query (by default the SQL it emits).
    func compare(_ queries: [NamedQuery], sending: (NamedQuery) -> String = { $0.sql }) throws -> Report {
        let database = "neon_sql_diff_\(UInt32.random(in: 0...UInt32.max))"
        _ = try psql.run("CREATE DATABASE \(database);")
        defer { _ = try? psql.run("DROP DATABASE IF EXISTS \(database) WITH (FORCE);") }
        _ = try psql.run(schema.joined(separator: "\n;\n"), database: database)
        if !migration.isEmpty { _ = try psql.run(migration.joined(separator: "\n;\n"), database: database) }

        var report = Report()
        for query in queries {
            // Parameter types from PREPARE, then the result shape from \gdesc (nothing runs).
            let script = """
                PREPARE neon_sql_check AS \(sending(query));
                SELECT coalesce(array_to_string(parameter_types::text[], '|'), '') FROM pg_prepared_statements WHERE name = 'neon_sql_check';
                DEALLOCATE neon_sql_check;
                \\echo ---columns---
                \(sending(query))
                \\gdesc
                """
            let output: String
            do {
                output = try psql.run(script, database: database)
            } catch {
                report.mismatches.append("\(query.file):\(query.line): \(query.name): PostgreSQL rejected the query: \(error)")
                continue
            }
            let parts = output.components(separatedBy: "---columns---\n")
            let parameterLine = parts.first?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let pgParameters = parameterLine.isEmpty ? [] : parameterLine.components(separatedBy: "|")
            let pgColumns: [(String, String)] = (parts.count > 1 ? parts[1] : "").split(separator: "\n").compactMap { line in
                guard let bar = line.firstIndex(of: "|") else { return nil }
                return (String(line[..<bar]), Self.withoutTypmod(String(line[bar...].dropFirst())))
            }

            // `:copyfrom` binds each column's values as one array (`unnest($1::text[], ...)`).
            // In `$n` order (a query's signature puts defaulted parameters last; a sort binds nothing).
            let described = query.boundParameters.sorted { $0.index < $1.index }.map { query.kind == .copyfrom ? PostgresTypeDescription.array($0.type).formatName : $0.type.formatName }
            report.checkedTypes += max(described.count, pgParameters.count)
            for index in 0..<max(described.count, pgParameters.count) {
                let ours = index < described.count ? described[index] : "(none)"
                let theirs = index < pgParameters.count ? Self.withoutTypmod(pgParameters[index]) : "(none)"
                if ours == theirs { report.agreeingTypes += 1 } else {
                    report.mismatches.append("\(query.file):\(query.line): \(query.name): parameter $\(index + 1): generator says \(ours), PostgreSQL says \(theirs)")
                }
            }
            let columns = query.kind == .exec || query.kind == .execrows ? query.columns : query.columns
            report.checkedTypes += max(columns.count, pgColumns.count)
            for index in 0..<max(columns.count, pgColumns.count) {
                // The wire (RowDescription) reports a domain column as its base type.
                let ours = index < columns.count ? "\(columns[index].sqlName) \(columns[index].type.baseType.formatName)" : "(none)"
                let theirs = index < pgColumns.count ? "\(pgColumns[index].0) \(pgColumns[index].1)" : "(none)"
                if ours == theirs { report.agreeingTypes += 1 } else {
                    report.mismatches.append("\(query.file):\(query.line): \(query.name): column \(index + 1): generator says \(ours), PostgreSQL says \(theirs)")
                }
            }
        }
        return report
    }
}
