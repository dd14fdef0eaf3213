import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// Utility statements written as `:exec` queries (sqlc users write `TRUNCATE`, `NOTIFY`, `REFRESH
/// MATERIALIZED VIEW` in query files): sent as written, without parameters or result.
@Suite("Analyzer: utility statements in query files")
struct UtilityStatementTests {
    static let schema = "CREATE TABLE logs (id bigserial PRIMARY KEY, line text NOT NULL);"

    @Test func utilityStatementsAreExecQueriesSentAsWritten() {
        let fixture = AnalysisFixture(schema: Self.schema, query: """
            -- name: ClearLogs :exec
            TRUNCATE logs RESTART IDENTITY;
            -- name: Ping :exec
            NOTIFY club, 'mail me at a@b.c, costs $1';
            -- name: Listen :execresult
            LISTEN club;
            -- name: Block :exec
            DO $body$ BEGIN PERFORM $1; END $body$;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.queries.map(\.sql) == [
            "TRUNCATE logs RESTART IDENTITY", "NOTIFY club, 'mail me at a@b.c, costs $1'", "LISTEN club",
            "DO $body$ BEGIN PERFORM $1; END $body$",
        ])
        #expect(fixture.queries.map(\.kind) == [.exec, .exec, .execresult, .exec])
        #expect(fixture.queries.allSatisfy { $0.parameters.isEmpty && $0.columns.isEmpty })
    }

    @Test func parametersAndRowKindsAreReported() {
        let fixture = AnalysisFixture(schema: Self.schema, query: """
            -- name: Ping :exec
            NOTIFY club, @message;
            -- name: Clear :many
            TRUNCATE logs;
            -- name: SchemaRows :many
            CREATE TABLE other (id int);
            """)
        #expect(fixture.errors == [
            "query.sql:2:1: error: PostgreSQL binds no parameters in this statement; only SELECT, INSERT, UPDATE, DELETE and MERGE take them",
            "query.sql:3:1: error: ':many' cannot run this statement; a utility statement returns no rows: use ':exec', ':execrows' or ':execresult'",
            "query.sql:5:1: error: ':many' cannot run this statement; a utility statement returns no rows: use ':exec', ':execrows' or ':execresult'",
        ])
    }

    /// A schema statement the application runs itself (sqlc's `exec_create_table`): PostgreSQL
    /// runs it, so it builds, sent as written; a warning says the generator's schema does not
    /// include it, and a cache counts it as changing any table.
    @Test func annotatedSchemaStatementsRunAsUtilityStatements() {
        let fixture = AnalysisFixture(schema: Self.schema, query: """
            -- name: MakeScratch :exec
            CREATE TEMP TABLE scratch (id int);
            -- name: Scratch :many
            SELECT id FROM scratch;
            """)
        #expect(fixture.errors == ["query.sql:4:16: error: relation \"scratch\" does not exist"])
        #expect(fixture.model.diagnostics.map(\.formatted).contains(
            "query.sql:2:1: warning: a schema statement in a query file runs when the query is called; "
                + "the generator's schema does not include it (migrations belong in the schema folder)"))
        let made = fixture.queries.first { $0.query.annotationName == "MakeScratch" }
        #expect(made?.query.sql == "CREATE TEMP TABLE scratch (id int)")
        #expect(made?.query.isUtility == true && made?.query.kind == .exec)
        #expect(made?.query.tables == .unknown)
    }
}
