import Foundation
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import NeonSQLTestSupport

/// The SQL the generator emits names its columns (no table-expanding `*`), so an installed app
/// keeps receiving exactly its row type's columns after a migration adds a column to every table
/// it reads: each corpus and RIZQ query, generated from the schema files, is described by
/// PostgreSQL (PREPARE and \gdesc) after `ALTER TABLE ... ADD COLUMN` on every table, and its
/// column names and types must still equal the generated ones.
@Suite("Differential: emitted SQL survives an additive migration", .serialized, .offCooperativePool)
struct AdditiveMigrationDifferentialTests {
    /// Adds `neon_sql_extra_x integer` to every table of the database (partitions get it from
    /// their parent).
    static let addColumnToEveryTable = """
        DO $migration$
        DECLARE relation record;
        BEGIN
            FOR relation IN
                SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
                  AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
                ORDER BY c.oid
            LOOP
                EXECUTE format('ALTER TABLE %s ADD COLUMN IF NOT EXISTS neon_sql_extra_x integer', relation.name);
            END LOOP;
        END
        $migration$;
        """

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func corpusQueriesReturnTheirColumnsAfterAnAdditiveMigration() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let versionText = try PSQL(url: url).run("SHOW server_version_num;").trimmingCharacters(in: .whitespacesAndNewlines)
        let major = try #require(Int(versionText).map { $0 / 10000 }, "server_version_num: \(versionText)")
        let selected = ProcessInfo.processInfo.environment["NEON_SQL_CORPUS_SCHEMAS"].map { $0.split(separator: ",").map(String.init) }
        var checked = 0
        var agreeing = 0
        var queryCount = 0
        for schema in CorpusTests.schemas where selected?.contains(schema) ?? true {
            let corpus = try CorpusTests.load(schema)
            let tooNew = Set(corpus.expectations.filter { ($0.since ?? 0) > major }.map(\.name))
            let queries = corpus.model.files.flatMap(\.queries).filter { !tooNew.contains($0.annotationName) }
            queryCount += queries.count
            let checker = DifferentialChecker(psql: PSQL(url: url), schema: corpus.schemaFiles.map(\.text),
                                              migration: [Self.addColumnToEveryTable])
            let report = try checker.compare(queries)
            print("additive migration (\(schema)): \(report.summary)")
            for mismatch in report.mismatches { Issue.record(Comment(rawValue: mismatch)) }
            checked += report.checkedTypes
            agreeing += report.agreeingTypes
        }
        print("additive migration: \(agreeing)/\(checked) types agree over \(queryCount) queries")
        #expect(checked > 0)
        #expect(agreeing == checked)
    }

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func rizqQueriesReturnTheirColumnsAfterAnAdditiveMigration() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let (schemaFiles, _, model) = try PostgresDifferentialTests.rizq()
        let queries = model.files.flatMap(\.queries)
        let checker = DifferentialChecker(psql: PSQL(url: url), schema: schemaFiles.map(\.text),
                                          migration: [Self.addColumnToEveryTable])
        let report = try checker.compare(queries)
        print("additive migration (RIZQ): \(report.summary) over \(queries.count) queries")
        for mismatch in report.mismatches { Issue.record(Comment(rawValue: mismatch)) }
        #expect(report.checkedTypes > 0)
        #expect(report.agreeingTypes == report.checkedTypes)
    }

    /// The check above can fail: the query as written, `SELECT *`, gets the added column.
    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func aStarSentAsWrittenWouldReturnTheAddedColumn() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let schema = SourceFile(path: "schema.sql", text: "CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL);")
        let queries = SourceFile(path: "queries.sql", text: "-- name: ListNotes :many\nSELECT * FROM notes;\n")
        let model = SwiftTranslator.name(Pipeline.analyze(schemaFiles: [schema], queryFiles: [queries]))
        let query = try #require(model.files.flatMap(\.queries).first)
        #expect(query.sql == "SELECT notes.id, notes.body FROM notes")
        let checker = DifferentialChecker(psql: PSQL(url: url), schema: [schema.text], migration: [Self.addColumnToEveryTable])
        #expect(try checker.compare([query]).mismatches == [])
        #expect(try checker.compare([query], sending: { _ in "SELECT * FROM notes" }).mismatches.count == 1)
    }
}
