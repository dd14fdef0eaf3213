import Foundation
import NeonSQLTestSupport
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// Aggregates a schema creates (CREATE [OR REPLACE] AGGREGATE in the new and the old syntax,
/// ordered-set ones, ALTER and DROP AGGREGATE) against PostgreSQL: calls with FILTER, ORDER BY,
/// DISTINCT, WITHIN GROUP and OVER type as PostgreSQL's PREPARE and \gdesc say, and an aggregate
/// makes its query grouped (an ungrouped column beside it is rejected, as PostgreSQL does).
@Suite("Differential: user aggregates vs PostgreSQL", .serialized, .offCooperativePool)
struct UserAggregateDifferentialTests {
    static let schema = """
        CREATE SCHEMA audit;
        CREATE TABLE events (id bigint PRIMARY KEY, actor text NOT NULL, action text NOT NULL, amount numeric,
                             at timestamptz NOT NULL DEFAULT now());
        CREATE FUNCTION join_state(acc text, next text) RETURNS text LANGUAGE sql IMMUTABLE
            AS $$ SELECT coalesce(acc || ',', '') || next $$;
        CREATE FUNCTION join_length(acc text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT length(acc) $$;
        CREATE FUNCTION pick_state(acc text[], next text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$ SELECT acc || next $$;
        CREATE FUNCTION pick_final(acc text[], pos integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT acc[pos] $$;
        CREATE AGGREGATE audit.joined(text) (SFUNC = join_state, STYPE = text);
        CREATE AGGREGATE joined_length(text) (SFUNC = join_state, STYPE = text, FINALFUNC = join_length);
        CREATE AGGREGATE array_accum (anycompatible) (sfunc = array_append, stype = anycompatiblearray, initcond = '{}');
        CREATE AGGREGATE old_sum (BASETYPE = numeric, SFUNC = numeric_add, STYPE = numeric);
        CREATE OR REPLACE AGGREGATE old_sum (BASETYPE = numeric, SFUNC = numeric_add, STYPE = numeric, INITCOND = '0');
        CREATE AGGREGATE pick(integer ORDER BY text) (SFUNC = pick_state, STYPE = text[], FINALFUNC = pick_final, INITCOND = '{}');
        CREATE AGGREGATE scratch(text) (SFUNC = join_state, STYPE = text);
        CREATE AGGREGATE renamed_later(text) (SFUNC = join_state, STYPE = text);
        ALTER AGGREGATE renamed_later(text) RENAME TO action_list;
        ALTER AGGREGATE action_list(text) SET SCHEMA audit;
        DROP AGGREGATE scratch(text);
        CREATE AGGREGATE internal_avg(numeric) (SFUNC = numeric_avg_accum, STYPE = internal, FINALFUNC = numeric_avg,
                                                COMBINEFUNC = numeric_avg_combine, SERIALFUNC = numeric_avg_serialize,
                                                DESERIALFUNC = numeric_avg_deserialize);
        CREATE AGGREGATE count_any("any") (SFUNC = int8inc_any, STYPE = int8, INITCOND = '0');
        CREATE AGGREGATE internal_percentile(float8 ORDER BY anyelement) (SFUNC = ordered_set_transition, STYPE = internal,
                                                                         FINALFUNC = percentile_disc_final, FINALFUNC_EXTRA);
        CREATE AGGREGATE internal_json(anyelement) (SFUNC = json_agg_transfn, STYPE = internal, FINALFUNC = json_agg_finalfn);
        """

    /// Accepted by PostgreSQL: their parameter and column types must agree.
    static let queries = """
        -- name: JoinedByActor :many
        SELECT actor, audit.joined(action) AS actions FROM events GROUP BY actor;
        -- name: JoinedLength :one
        SELECT joined_length(action ORDER BY at) FILTER (WHERE amount > @min) AS total FROM events;
        -- name: Accumulated :one
        SELECT array_accum(id) AS ids, count(*) AS n FROM events;
        -- name: RunningSum :many
        SELECT actor, old_sum(amount) OVER (PARTITION BY actor ORDER BY at) AS running FROM events;
        -- name: DistinctLength :one
        SELECT joined_length(DISTINCT actor) AS n FROM events WHERE at > @since;
        -- name: Picked :one
        SELECT pick(@position) WITHIN GROUP (ORDER BY actor) AS picked FROM events;
        -- name: HavingSum :many
        SELECT actor FROM events GROUP BY actor HAVING old_sum(amount) > @least;
        -- name: MovedAndRenamed :many
        SELECT actor, audit.action_list(action) AS actions FROM events GROUP BY actor ORDER BY 1;
        -- name: AggregateOfExpression :one
        SELECT audit.joined(actor || ':' || action) AS pairs, array_accum(amount) AS amounts FROM events;
        -- name: InternalState :one
        SELECT internal_avg(amount) AS mean, count_any(action) AS n, internal_json(actor) AS actors FROM events;
        -- name: InternalOrderedSet :many
        SELECT actor, internal_percentile(@fraction) WITHIN GROUP (ORDER BY at) AS moment FROM events GROUP BY actor;
        """

    /// Judged on acceptance only: each rejected by PostgreSQL but the first.
    static let judged = [
        "SELECT actor, audit.joined(action) FROM events GROUP BY actor",
        "SELECT actor, array_accum(id) FROM events",
        "SELECT id, joined_length(action) FROM events",
        "SELECT joined_length(id) FROM events",
        "SELECT scratch(action) FROM events",
        "SELECT renamed_later(action) FROM events",
        "SELECT action_list(action) FROM events",
        "SELECT actor FROM events ORDER BY old_sum(amount)",
    ]

    @Test
    func queriesOnUserAggregatesHaveNoErrors() {
        let model = Pipeline.analyze(schemaFiles: [SourceFile(path: "schema.sql", text: Self.schema)],
                                     queryFiles: [SourceFile(path: "aggregates.sql", text: Self.queries)])
        #expect(model.diagnostics.filter { $0.severity == .error }.map(\.formatted) == [])
        let columns = model.files.flatMap(\.queries).flatMap(\.columns).map { "\($0.sqlName) \($0.type.formatName)" }
        #expect(columns.contains("actions text"))
        #expect(columns.contains("total integer"))
        #expect(columns.contains("ids bigint[]"))
        #expect(columns.contains("picked text"))
        #expect(columns.contains("mean numeric"))
        #expect(columns.contains("n bigint"))
        #expect(columns.contains("actors json"))
        #expect(columns.contains("moment timestamp with time zone"))
    }

    /// The final functions of aggregates with an `internal` state (which the built-in catalog
    /// data leaves out) are the server's, as its pg_proc lists them.
    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func internalStateFinalFunctionsArePostgreSQLs() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let answer = try PSQL(url: url).run(InternalStateFinalFunctions.query + ";")
        let expected = InternalStateFinalFunctions.data.split(separator: "\n").map(String.init)
        #expect(expected.count > 30)
        #expect(answer.split(separator: "\n").map(String.init) == expected)
    }

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func userAggregatesAgreeWithPostgreSQL() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let model = SwiftTranslator.name(Pipeline.analyze(schemaFiles: [SourceFile(path: "schema.sql", text: Self.schema)],
                                                          queryFiles: [SourceFile(path: "aggregates.sql", text: Self.queries)]))
        #expect(model.diagnostics.filter { $0.severity == .error }.map(\.formatted) == [])
        let report = try DifferentialChecker(psql: PSQL(url: url), schema: [Self.schema]).compare(model.files.flatMap(\.queries))
        print("user aggregate differential: \(report.summary)")
        for mismatch in report.mismatches { Issue.record(Comment(rawValue: mismatch)) }
        #expect(report.checkedTypes > 15)

        let (mismatches, theirs) = try AssignmentCoercionDifferentialTests.judgedDifferently(
            Self.judged, schema: Self.schema, database: "neon_sql_user_aggregates")
        #expect(theirs.first == "ok")
        #expect(theirs.dropFirst(1).allSatisfy { $0 != "ok" })
        #expect(mismatches.isEmpty, "\(mismatches.count) statements judged differently:\n\(mismatches.joined(separator: "\n"))")
    }
}
