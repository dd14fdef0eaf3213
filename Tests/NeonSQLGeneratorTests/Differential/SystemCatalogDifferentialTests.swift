import Foundation
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import NeonSQLTestSupport

/// The catalog differential's part for relations and named arguments: every table and view of
/// pg_catalog and information_schema selected with `*` (each column's type and NOT NULL against
/// pg_attribute), the OUT columns of every built-in record-returning function against pg_proc,
/// and every built-in whose arguments are all named called in named notation, in reverse order,
/// and in mixed notation with the defaulted arguments but the last left out, with untyped
/// parameters (PostgreSQL's parameter and result types, through the catalog
/// differential's probe).
@Suite("Differential: system relations and named arguments vs PostgreSQL", .serialized, .offCooperativePool)
struct SystemCatalogDifferentialTests {
    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func systemRelationColumnsAgreeWithPostgreSQL() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let psql = PSQL(url: url)
        let major = try Self.serverMajor(psql)
        let rows = try psql.run("""
            SELECT n.nspname || '.' || c.relname, string_agg(a.attname || ' ' || format_type(a.atttypid, NULL)
                   || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END, ', ' ORDER BY a.attnum)
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
            WHERE n.nspname IN ('pg_catalog', 'information_schema') AND c.relkind IN ('r', 'v', 'm', 'p', 'f')
            GROUP BY 1 ORDER BY 1;
            """)
        var theirs: [String: String] = [:]
        for line in rows.split(separator: "\n") {
            let parts = line.split(separator: "|", maxSplits: 1).map(String.init)
            if parts.count == 2 { theirs[parts[0]] = parts[1] }
        }
        #expect(theirs.count > 200)
        let names = theirs.keys.sorted()
        let text = names.enumerated().map { "-- name: R\($0.offset) :many\nSELECT * FROM \($0.element);\n" }.joined()
        let model = Pipeline.analyze(schemaFiles: [], queryFiles: [SourceFile(path: "relations.sql", text: text)], postgresVersion: major)
        var byName: [String: QueryDescription] = [:]
        for query in model.files.flatMap(\.queries) { byName[query.annotationName] = query }
        var mismatches: [String] = []
        for (index, name) in names.enumerated() {
            let ours = byName["R\(index)"].map { query in
                query.columns.map { "\($0.sqlName) \($0.type.formatName)" + ($0.nullable ? "" : " not null") }.joined(separator: ", ")
            } ?? "error"
            if ours != theirs[name] { mismatches.append("\(name)\n    generator: \(ours)\n    PostgreSQL: \(theirs[name] ?? "")") }
        }
        print("system relations differential: \(names.count - mismatches.count)/\(names.count) agree")
        #expect(model.diagnostics.filter { $0.severity == .error }.isEmpty, "\(model.diagnostics.prefix(5))")
        #expect(mismatches.isEmpty, "\(mismatches.count) relations differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func outputColumnsOfRecordFunctionsAgreeWithPostgreSQL() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let psql = PSQL(url: url)
        let major = try Self.serverMajor(psql)
        let rows = try psql.run("""
            SELECT p.proname || '(' || coalesce(array_to_string(p.proargtypes::regtype[], ','), '') || ')',
                   string_agg(u.n || ' ' || format_type(u.t, NULL), ', ' ORDER BY u.i)
            FROM pg_proc p, unnest(p.proargnames, p.proargmodes::text[], p.proallargtypes::oid[]) WITH ORDINALITY u(n, m, t, i)
            WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.prorettype = 'record'::regtype AND u.m IN ('o', 'b', 't')
            GROUP BY p.oid, p.proname, p.proargtypes ORDER BY 1;
            """)
        var checked = 0
        var mismatches: [String] = []
        for line in rows.split(separator: "\n") {
            let parts = line.split(separator: "|", maxSplits: 1).map(String.init)
            guard parts.count == 2, let open = parts[0].firstIndex(of: "(") else { continue }
            let name = String(parts[0][..<open])
            let arguments = parts[0][parts[0].index(after: open)...].dropLast().split(separator: ",").map(String.init)
            let overloads = BuiltinCatalog.shared.functions[name] ?? []
            guard let signature = overloads.first(where: {
                $0.argumentTypes.map(\.formatName) == arguments && $0.versions.contains(major) && $0.extensionName == nil
            }) else {
                // Functions over types no caller can pass (internal, cstring) are not in the data.
                continue
            }
            checked += 1
            let ours = signature.outputColumns.map { "\($0.name) \($0.type.formatName)" }.joined(separator: ", ")
            if ours != parts[1] { mismatches.append("\(parts[0])\n    data: \(ours)\n    PostgreSQL: \(parts[1])") }
        }
        print("OUT columns differential: \(checked - mismatches.count)/\(checked) agree")
        #expect(checked > 80)
        #expect(mismatches.isEmpty, "\(mismatches.count) functions differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func namedNotationCallsAgreeWithPostgreSQL() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let psql = PSQL(url: url)
        let major = try Self.serverMajor(psql)
        let database = "neon_sql_named_\(UInt32.random(in: 0...UInt32.max))"
        _ = try psql.run("CREATE DATABASE \(database);")
        defer { _ = try? psql.run("DROP DATABASE IF EXISTS \(database) WITH (FORCE);") }
        var probes: [CatalogDifferentialTests.Probe] = []
        var seen: Set<String> = []
        for signature in BuiltinCatalog.shared.functions.values.joined().sorted(by: { "\($0.name)\($0.arguments)" < "\($1.name)\($1.arguments)" })
        where signature.extensionName == nil && signature.versions.contains(major) && signature.kind == .function
            && !signature.argumentNames.isEmpty && !signature.argumentNames.contains("") && !signature.isVariadic
            && !signature.argumentTypes.contains(where: { CatalogDifferentialTests.isExcluded($0.formatName) })
            && !signature.name.hasPrefix("pg_") {
            let names = signature.argumentNames.reversed()
            let call = names.enumerated().map { "\(quoteIfNeeded($0.element)) => $\($0.offset + 1)" }.joined(separator: ", ")
            let sql = "SELECT \(signature.name)(\(call))"
            if seen.insert(sql).inserted { probes.append(CatalogDifferentialTests.Probe(sql: sql, parameterCount: names.count)) }
            // Mixed notation, the defaulted parameters but the last left out: `make_interval(secs => $1)`.
            guard signature.defaultCount > 1 else { continue }
            let required = signature.arguments.count - signature.defaultCount
            let positional = (0..<required).map { "$\($0 + 1)" }
            let last = quoteIfNeeded(signature.argumentNames[signature.arguments.count - 1]) + " => $\(required + 1)"
            let mixed = "SELECT \(signature.name)(\((positional + [last]).joined(separator: ", ")))"
            if seen.insert(mixed).inserted { probes.append(CatalogDifferentialTests.Probe(sql: mixed, parameterCount: required + 1)) }
        }
        #expect(probes.count > 50)
        let theirs = try CatalogDifferentialTests.postgresAnswers(probes, psql: psql, database: database)
        let ours = CatalogDifferentialTests.generatorAnswers(probes, postgresVersion: major)
        var mismatches: [String] = []
        for (index, probe) in probes.enumerated() where ours[index] != theirs[index] {
            mismatches.append("\(probe.sql)\n    generator: \(ours[index])\n    PostgreSQL: \(theirs[index])")
        }
        print("named notation differential: \(probes.count - mismatches.count)/\(probes.count) agree")
        #expect(mismatches.isEmpty, "\(mismatches.count) calls typed differently:\n\(mismatches.prefix(30).joined(separator: "\n"))")
    }

    static func serverMajor(_ psql: PSQL) throws -> Int {
        let text = try psql.run("SHOW server_version_num;").trimmingCharacters(in: .whitespacesAndNewlines)
        return try #require(Int(text).map { $0 / 10000 }, "server_version_num: \(text)")
    }
}
