import Foundation
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import NeonSQLTestSupport

/// Every variant of every `-- @optional`/`-- @patch`/`-- @sort` query (each subset of its
/// optional parts, up to four, and each sort key),
/// assembled as the runtime assembles it, is PREPAREd by PostgreSQL: it must accept it with the
/// parameter types the generator claims for the parameters the variant sends, and describe the
/// same result columns.
@Suite("Differential: optional filters' variants vs PostgreSQL", .serialized, .offCooperativePool)
struct OptionalFilterDifferentialTests {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data/optional_filters")

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func everyVariantPreparesWithTheClaimedTypes() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let schema = try String(contentsOf: Self.data.appendingPathComponent("schema.sql"), encoding: .utf8)
        let queries = try String(contentsOf: Self.data.appendingPathComponent("queries.sql"), encoding: .utf8)
        let model = Pipeline.run(schemaFiles: [SourceFile(path: "schema.sql", text: schema)],
                                 queryFiles: [SourceFile(path: "queries.sql", text: queries)])
        #expect(model.diagnostics.filter { $0.severity == .error }.map(\.formatted) == [])
        let templated = model.queries.filter { $0.query.template != nil }
        #expect(templated.count == 13)

        let psql = PSQL(url: url)
        let database = "neon_sql_optional_\(UInt32.random(in: 0...UInt32.max))"
        _ = try psql.run("CREATE DATABASE \(database);")
        defer { _ = try? psql.run("DROP DATABASE IF EXISTS \(database) WITH (FORCE);") }
        _ = try psql.run(schema, database: database)

        var variants = 0
        var mismatches: [String] = []
        for named in templated {
            guard let template = named.query.template else { continue }
            let typeOf = Dictionary(named.boundParameters.map { ($0.index, $0.type.formatName) }, uniquingKeysWith: { first, _ in first })
            let columns = named.columns.map { "\($0.sqlName) \($0.type.baseType.formatName)" }
            // The calls `check` prepares too: each subset of the first four switches, then each key of each sort.
            let calls = QueryTemplateVariants.checkedCalls(template)
            for (switches, choices) in calls {
                let variant = QueryTemplateVariants.variant(template, switches: switches, choices: choices)
                variants += 1
                let output: String
                do {
                    output = try psql.run("""
                        PREPARE neon_sql_variant AS \(variant.sql);
                        SELECT coalesce(array_to_string(parameter_types::text[], '|'), '') FROM pg_prepared_statements WHERE name = 'neon_sql_variant';
                        DEALLOCATE neon_sql_variant;
                        \\echo ---columns---
                        \(variant.sql)
                        \\gdesc
                        """, database: database)
                } catch {
                    mismatches.append("\(named.functionName) \(switches) \(choices): PostgreSQL rejects \(variant.sql): \(error)")
                    continue
                }
                let parts = output.components(separatedBy: "---columns---\n")
                let line = parts.first?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                let theirs = line.isEmpty ? [] : line.components(separatedBy: "|").map(DifferentialChecker.withoutTypmod)
                let ours = variant.parameters.map { typeOf[$0] ?? "(none)" }
                if ours != theirs { mismatches.append("\(named.functionName) \(switches): parameters \(ours) vs PostgreSQL \(theirs)") }
                let described = (parts.count > 1 ? parts[1] : "").split(separator: "\n").compactMap { row -> String? in
                    guard let bar = row.firstIndex(of: "|") else { return nil }
                    return String(row[..<bar]) + " " + DifferentialChecker.withoutTypmod(String(row[bar...].dropFirst()))
                }
                if described != columns { mismatches.append("\(named.functionName) \(switches): columns \(columns) vs PostgreSQL \(described)") }
            }
        }
        print("optional filters differential: \(variants) variants of \(templated.count) queries, \(mismatches.count) disagreements")
        #expect(variants == 65)
        #expect(mismatches == [])
    }
}
