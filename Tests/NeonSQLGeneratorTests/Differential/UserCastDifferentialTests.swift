import Foundation
import NeonSQLTestSupport
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// Casts a schema creates (CREATE CAST, DROP CAST) against PostgreSQL: a cast AS IMPLICIT used
/// in a function call, one AS ASSIGNMENT in INSERT and UPDATE of a column, and explicit-only
/// ones that leave those an error (a `pg_cast` entry decides alone, so an explicit cast from an
/// enum to text even takes away the I/O conversion assignment had). The generator must judge
/// every statement as PostgreSQL's PREPARE does.
@Suite("Differential: user casts vs PostgreSQL", .serialized, .offCooperativePool)
struct UserCastDifferentialTests {
    static let schema = """
        CREATE TYPE mood AS ENUM ('happy', 'sad');
        CREATE TYPE color AS ENUM ('red', 'blue');
        CREATE TYPE size AS ENUM ('small', 'large');
        CREATE FUNCTION mood_score(mood) RETURNS integer LANGUAGE sql IMMUTABLE
            AS $$ SELECT CASE WHEN $1 = 'happy' THEN 1 ELSE 0 END $$;
        CREATE FUNCTION color_name(color) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT $1::text $$;
        CREATE CAST (mood AS color) WITH INOUT AS IMPLICIT;
        CREATE CAST (mood AS integer) WITH FUNCTION mood_score(mood) AS ASSIGNMENT;
        CREATE CAST (color AS mood) WITH INOUT;
        CREATE CAST (mood AS text) WITH INOUT;
        CREATE CAST (size AS bigint) WITH INOUT AS ASSIGNMENT;
        DROP CAST (size AS bigint);
        DROP CAST IF EXISTS (size AS color);
        CREATE CAST (size AS mood) WITH INOUT AS ASSIGNMENT;
        CREATE CAST (color AS size) WITH INOUT AS IMPLICIT;
        CREATE TABLE t (m mood, c color, s size, i integer, b bigint, tx text, n numeric);
        """

    static let columns = ["m", "c", "s", "i", "b", "tx", "n"]

    static var statements: [String] {
        var statements: [String] = []
        for target in columns {
            for source in columns where source != target {
                statements.append("UPDATE t SET \(target) = \(source)")
                statements.append("INSERT INTO t (\(target)) SELECT \(source) FROM t")
            }
        }
        statements += [
            "INSERT INTO t (c) VALUES ((SELECT m FROM t LIMIT 1))",
            "INSERT INTO t (m) SELECT c::mood FROM t",
            "UPDATE t SET tx = m::text",
            "SELECT color_name(m) FROM t",
            "SELECT color_name(s) FROM t",
            "SELECT color_name(m::color) FROM t",
            "SELECT mood_score(c) FROM t",
            "SELECT mood_score(s) FROM t",
            "SELECT mood_score(c::mood) FROM t",
            "SELECT length(m) FROM t",
            "SELECT lower(m) FROM t",
        ]
        return statements
    }

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func userCastsAgreeWithPostgreSQL() throws {
        try PSQL.withScratchDatabase("neon_sql_user_casts") { psql, database in
            _ = try psql.run(Self.schema, database: database)
            let statements = Self.statements
            let theirs = try AssignmentCoercionDifferentialTests.postgresAnswers(statements, psql: psql, database: database)
            let ours = AssignmentCoercionDifferentialTests.generatorAnswers(statements, schema: Self.schema)
            var mismatches: [String] = []
            for index in statements.indices where (ours[index] == "ok") != (theirs[index] == "ok") {
                mismatches.append("\(statements[index])\n    generator: \(ours[index])\n    PostgreSQL: \(theirs[index])")
            }
            let rejected = theirs.count { $0 != "ok" }
            print("user cast differential: \(statements.count - mismatches.count)/\(statements.count) agree; PostgreSQL rejects \(rejected)")
            // Each kind of cast decides at least one statement either way.
            #expect(rejected > 10 && rejected < statements.count - 10)
            #expect(mismatches.isEmpty, "\(mismatches.count) statements judged differently:\n\(mismatches.joined(separator: "\n"))")
        }
    }

    /// Queries whose result types come from select_common_type or `anycompatible` with the
    /// schema's implicit casts (mood -> color, color -> size; casts do not chain).
    static let commonTypeQueries = """
        -- name: UnionMoodColor :many
        SELECT m AS u FROM t UNION SELECT c FROM t;
        -- name: UnionColorMood :many
        SELECT c AS u FROM t UNION ALL SELECT m FROM t;
        -- name: Conditionals :many
        SELECT coalesce(m, c) AS x, coalesce(c, m) AS y, CASE WHEN i > 0 THEN m ELSE c END AS z, ARRAY[m, c] AS a,
               greatest(m, c) AS g, least(c, m) AS l FROM t;
        -- name: Compatible :many
        SELECT array_append(ARRAY[c], m) AS x, array_append(ARRAY[m], c) AS y, array_prepend(m, ARRAY[c]) AS z FROM t;
        -- name: ColorSize :many
        SELECT coalesce(c, s) AS x, ARRAY[s, c] AS y FROM t;
        -- name: UnionColorSize :many
        SELECT c AS u FROM t UNION SELECT s FROM t;
        """

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func commonTypesFollowImplicitCastsAsInPostgreSQL() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let fixture = AnalysisFixture(schema: Self.schema, query: Self.commonTypeQueries)
        #expect(fixture.errors == [])
        #expect(fixture.queries.count == 6)
        let report = try DifferentialChecker(psql: PSQL(url: url), schema: [Self.schema]).compare(fixture.queries)
        print("user casts in common types: \(report.summary)")
        #expect(report.mismatches == [])
        #expect(report.checkedTypes >= 14)
    }
}
