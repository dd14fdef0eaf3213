import Foundation
import Testing
import NeonSQLGenerator
@testable import NeonSQLGeneratorCLI
@testable import neon_sql_gen

/// `postgresVersion` in neon-sql.json: read by `neon-sql-gen` (and so by the plugin, which passes
/// `--config`), checked against the versions Neon runs, and applied to the analysis.
@Suite("neon-sql.json postgresVersion")
struct ConfigPostgresVersionTests {
    private func load(_ json: String) throws(CLIFailure) -> ConfigFile {
        try ConfigFileFixture.load(json)
    }

    @Test func aSupportedVersionIsRead() throws {
        #expect(try load(#"{"postgresVersion": 16}"#).generator.postgresVersion == 16)
        #expect(try load("{}").generator.postgresVersion == nil)
    }

    @Test func anUnsupportedVersionIsAnErrorAtTheConfig() {
        do {
            _ = try load(#"{"postgresVersion": 12}"#)
            Issue.record("postgresVersion 12 was accepted")
        } catch {
            #expect(error.message.contains("postgresVersion 12 is not a PostgreSQL major version Neon runs"))
            #expect(error.file?.hasSuffix("neon-sql.json") == true)
        }
    }

    @Test func aVersionThatIsNotANumberIsAnError() {
        #expect(throws: CLIFailure.self) { try load(#"{"postgresVersion": "16"}"#) }
    }

    @Test func theVersionDecidesWhetherANewerFunctionIsAnError() {
        let schema = [SQLSourceInput(path: "schema.sql", contents: "CREATE TABLE t (id int PRIMARY KEY, x int NOT NULL);\n")]
        let queries = [SQLSourceInput(path: "q.sql", contents: "-- name: Pick :many\nSELECT any_value(x) AS x FROM t GROUP BY id;\n")]
        let targeted15 = CodeGenerator.analyzeQueries(schema: schema, queries: queries, postgresVersion: 15)
        #expect(targeted15.errors == ["q.sql:2:8: error: any_value requires PostgreSQL 16 or later; this project targets 15 (postgresVersion in neon-sql.json)"])
        let targeted16 = CodeGenerator.analyzeQueries(schema: schema, queries: queries, postgresVersion: 16)
        #expect(targeted16.errors.isEmpty)
        #expect(targeted16.queries.first?.columns.first?.pgType == "integer")
        #expect(CodeGenerator.analyzeQueries(schema: schema, queries: queries).errors.isEmpty)
    }
}
