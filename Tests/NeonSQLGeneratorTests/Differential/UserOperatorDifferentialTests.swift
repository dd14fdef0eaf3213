import Foundation
import NeonSQLTestSupport
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// Operators a schema creates (CREATE OPERATOR with FUNCTION = or PROCEDURE =, a prefix one,
/// COMMUTATOR/NEGATOR, DROP OPERATOR, ALTER OPERATOR ... SET SCHEMA) against PostgreSQL: uses
/// written `a OPERATOR(s.op) b` and, with the schema on the search path, `a op b`, type as
/// PostgreSQL's PREPARE and \gdesc say (unknown literals and parameters take the operand types).
@Suite("Differential: user operators vs PostgreSQL", .serialized, .offCooperativePool)
struct UserOperatorDifferentialTests {
    static let schema = """
        CREATE SCHEMA audit;
        CREATE TABLE notes (id bigint PRIMARY KEY, body text NOT NULL, title text, score integer NOT NULL, tags text[]);
        CREATE FUNCTION audit.matches_ci(a text, b text) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT
            AS $$ SELECT a ~* b $$;
        CREATE FUNCTION audit.distance(a integer, b integer) RETURNS integer LANGUAGE sql IMMUTABLE
            AS $$ SELECT abs(a - b) $$;
        CREATE FUNCTION audit.tag_count(t text[]) RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT cardinality(t) $$;
        CREATE FUNCTION audit.distance_text(a text, b text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT 0 $$;
        CREATE FUNCTION audit.scratch(a text, b text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT a || b $$;
        CREATE OPERATOR audit.=~ (LEFTARG = text, RIGHTARG = text, FUNCTION = audit.matches_ci, COMMUTATOR = OPERATOR(audit.=~));
        CREATE OPERATOR audit.<-> (LEFTARG = integer, RIGHTARG = integer, PROCEDURE = audit.distance, COMMUTATOR = OPERATOR(audit.<->));
        CREATE OPERATOR audit.@@@ (RIGHTARG = text[], FUNCTION = audit.tag_count);
        CREATE OPERATOR audit.||| (LEFTARG = text, RIGHTARG = text, FUNCTION = audit.scratch);
        CREATE OPERATOR public.!~~~ (LEFTARG = text, RIGHTARG = text, FUNCTION = audit.scratch);
        DROP OPERATOR audit.||| (text, text);
        CREATE OPERATOR public.|| (LEFTARG = text, RIGHTARG = text, FUNCTION = audit.distance_text);
        ALTER OPERATOR public.!~~~ (text, text) SET SCHEMA audit;
        ALTER DATABASE neon SET search_path = public, audit;
        """

    /// The schema as PostgreSQL runs it: the database's name is known only there.
    static let postgresSchema = schema.replacingOccurrences(
        of: "ALTER DATABASE neon SET search_path = public, audit;",
        with: "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET search_path = public, audit', current_database()); END $$;")

    /// Accepted by PostgreSQL: their parameter and column types must agree.
    static let queries = """
        -- name: Matching :many
        SELECT id, body OPERATOR(audit.=~) @pattern AS hit FROM notes WHERE title =~ 'urgent';
        -- name: Distance :many
        SELECT id, score <-> @target AS distance, score OPERATOR(audit.<->) 3 AS from_three FROM notes ORDER BY score <-> @target;
        -- name: TagCount :many
        SELECT id, @@@ tags AS tag_count FROM notes WHERE @@@ tags > @least;
        -- name: Moved :one
        SELECT body !~~~ 'x' AS joined FROM notes LIMIT 1;
        -- name: BuiltinWins :one
        SELECT body || title AS concatenated FROM notes LIMIT 1;
        """

    /// Judged on acceptance only: each rejected by PostgreSQL but the first two.
    static let judged = [
        "SELECT body =~ title FROM notes",
        "SELECT 'a' =~ 'b'",
        "SELECT score =~ title FROM notes",
        "SELECT body ||| title FROM notes",
        "SELECT @@@ body FROM notes",
        "SELECT score <-> body FROM notes",
    ]

    static func analyze() -> NamedModel {
        SwiftTranslator.name(Pipeline.analyze(schemaFiles: [SourceFile(path: "schema.sql", text: Self.schema)],
                                              queryFiles: [SourceFile(path: "operators.sql", text: Self.queries)]))
    }

    @Test
    func queriesOnUserOperatorsHaveNoErrors() {
        let model = Self.analyze()
        #expect(model.diagnostics.filter { $0.severity == .error }.map(\.formatted) == [])
        let columns = model.files.flatMap(\.queries).flatMap(\.columns).map { "\($0.sqlName) \($0.type.formatName)" }
        #expect(columns.contains("hit boolean"))
        #expect(columns.contains("distance integer"))
        #expect(columns.contains("tag_count integer"))
        #expect(columns.contains("joined text"))
        #expect(columns.contains("concatenated text"))
    }

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func userOperatorsAgreeWithPostgreSQL() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let model = Self.analyze()
        #expect(model.diagnostics.filter { $0.severity == .error }.map(\.formatted) == [])
        let report = try DifferentialChecker(psql: PSQL(url: url), schema: [Self.postgresSchema]).compare(model.files.flatMap(\.queries))
        print("user operator differential: \(report.summary)")
        for mismatch in report.mismatches { Issue.record(Comment(rawValue: mismatch)) }
        #expect(report.checkedTypes > 10)

        let (mismatches, theirs) = try AssignmentCoercionDifferentialTests.judgedDifferently(
            Self.judged, schema: Self.schema, postgresSchema: Self.postgresSchema, database: "neon_sql_user_operators")
        #expect(Array(theirs.prefix(2)) == ["ok", "ok"])
        #expect(theirs.dropFirst(2).allSatisfy { $0 != "ok" })
        #expect(mismatches.isEmpty, "\(mismatches.count) statements judged differently:\n\(mismatches.joined(separator: "\n"))")
    }
}
