import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// What schema DDL (ALTER, DROP, CREATE ... AS, functions, schemas and search_path) does to the
/// catalog, as the queries after it see it. The corpus `ddl` checks the same forms against
/// PostgreSQL; these tests pin the behaviour the corpus cannot show (errors, shadowing, drops).
@Suite("DDL: catalog effects of schema statements")
struct DDLCatalogTests {
    @Test func droppedRelationsAreGoneAndRenamedOnesAnswerToTheirNewName() {
        let schema = """
            CREATE TABLE a (id integer PRIMARY KEY, title text NOT NULL);
            CREATE TABLE b (id integer);
            ALTER TABLE a RENAME TO articles;
            ALTER TABLE articles RENAME COLUMN title TO headline;
            DROP TABLE b;
            """
        let renamed = AnalysisFixture(schema: schema, query: "-- name: A :one\nSELECT id, headline FROM articles WHERE id = $1;")
        #expect(renamed.errors == [])
        #expect(renamed.columnSignature == ["id: Int", "headline: String"])
        let old = AnalysisFixture(schema: schema, query: "-- name: A :many\nSELECT id FROM a;")
        #expect(old.errors.contains { $0.contains("relation \"a\" does not exist") })
        let dropped = AnalysisFixture(schema: schema, query: "-- name: B :many\nSELECT id FROM b;")
        #expect(dropped.errors.contains { $0.contains("relation \"b\" does not exist") })
    }

    @Test func renamedPrimaryKeyColumnStaysUniqueForOne() {
        let schema = """
            CREATE TABLE t (key integer PRIMARY KEY, v text);
            ALTER TABLE t RENAME COLUMN key TO id;
            """
        let fixture = AnalysisFixture(schema: schema, query: "-- name: One :one\nSELECT v FROM t WHERE id = $1;")
        #expect(fixture.errors == [])
        #expect(fixture.model.diagnostics.filter { $0.severity == .warning }.isEmpty)
    }

    @Test func searchPathDecidesWhereUnqualifiedObjectsAreCreatedButQueriesUseTheDefault() {
        let schema = """
            CREATE SCHEMA app;
            SET search_path TO app, public;
            CREATE TABLE users (id integer NOT NULL);
            SET search_path = DEFAULT;
            """
        let qualified = AnalysisFixture(schema: schema, query: "-- name: U :many\nSELECT id FROM app.users;")
        #expect(qualified.errors == [])
        #expect(qualified.columnSignature == ["id: Int"])
        let unqualified = AnalysisFixture(schema: schema, query: "-- name: U :many\nSELECT id FROM users;")
        #expect(unqualified.errors.contains { $0.contains("relation \"users\" does not exist") })
    }

    @Test func alterDatabaseSearchPathIsTheQueriesPath() {
        let schema = """
            CREATE SCHEMA app;
            CREATE TABLE app.users (id integer NOT NULL);
            ALTER DATABASE app_db SET search_path TO app, public;
            """
        let fixture = AnalysisFixture(schema: schema, query: "-- name: U :many\nSELECT id FROM users;")
        #expect(fixture.errors == [])
    }

    @Test func temporaryTableShadowsAPermanentOneOfTheSameName() {
        let schema = """
            CREATE TABLE items (id integer NOT NULL, name text NOT NULL);
            CREATE TEMP TABLE items (id bigint);
            """
        let fixture = AnalysisFixture(schema: schema, query: "-- name: I :many\nSELECT id FROM items;")
        #expect(fixture.errors == [])
        #expect(fixture.columnPGTypes == ["bigint"])
    }

    @Test func enumMovedToAnotherSchemaIsQualifiedInColumns() {
        let schema = """
            CREATE SCHEMA billing;
            CREATE TYPE state AS ENUM ('open', 'closed');
            CREATE TABLE tickets (id integer PRIMARY KEY, s state NOT NULL);
            ALTER TYPE state SET SCHEMA billing;
            ALTER TYPE billing.state RENAME TO ticket_state;
            """
        let fixture = AnalysisFixture(schema: schema, query: "-- name: T :many\nSELECT s FROM tickets;")
        #expect(fixture.errors == [])
        #expect(fixture.columnPGTypes == ["billing.ticket_state"])
    }

    @Test func dropSchemaCascadeRemovesItsObjects() {
        let schema = """
            CREATE SCHEMA old;
            CREATE TABLE old.t (id integer);
            CREATE FUNCTION old.f() RETURNS integer LANGUAGE sql AS 'SELECT 1';
            DROP SCHEMA old CASCADE;
            """
        let table = AnalysisFixture(schema: schema, query: "-- name: T :many\nSELECT id FROM old.t;")
        #expect(!table.errors.isEmpty)
        #expect(!table.errors.contains { $0.hasPrefix("schema.sql") })
    }

    @Test func functionOverloadsDropAndReplace() {
        let schema = """
            CREATE FUNCTION f(a integer) RETURNS integer LANGUAGE sql AS 'SELECT a';
            CREATE FUNCTION f(a text) RETURNS text LANGUAGE sql AS 'SELECT a';
            CREATE OR REPLACE FUNCTION f(a text) RETURNS text LANGUAGE sql AS 'SELECT upper(a)';
            DROP FUNCTION f(integer);
            """
        let remaining = AnalysisFixture(schema: schema, query: "-- name: F :one\nSELECT f('x') AS v;")
        #expect(remaining.errors == [])
        #expect(remaining.columnPGTypes == ["text"])
        let dropped = AnalysisFixture(schema: schema, query: "-- name: F :one\nSELECT f(1) AS v;")
        #expect(dropped.errors.contains { $0.contains("function f(integer) does not exist") })
    }

    @Test func userFunctionBesideBuiltinOverloads() {
        // A user overload of a built-in name takes part in the same resolution.
        let schema = """
            CREATE TYPE mood AS ENUM ('sad', 'happy');
            CREATE FUNCTION lower(m mood) RETURNS integer LANGUAGE sql AS 'SELECT 1';
            """
        let user = AnalysisFixture(schema: schema, query: "-- name: L :one\nSELECT lower('happy'::mood) AS v;")
        #expect(user.errors == [])
        #expect(user.columnPGTypes == ["integer"])
        let builtin = AnalysisFixture(schema: schema, query: "-- name: L :one\nSELECT lower('ABC') AS v;")
        #expect(builtin.errors == [])
        #expect(builtin.columnPGTypes == ["text"])
    }

    @Test func procedureIsNotCallableInAQuery() {
        let schema = "CREATE PROCEDURE p(a integer) LANGUAGE sql AS 'SELECT 1';"
        let fixture = AnalysisFixture(schema: schema, query: "-- name: P :one\nSELECT p(1) AS v;")
        #expect(fixture.errors == ["query.sql:2:8: error: p(integer) is a procedure; call it with CALL"])
    }

    @Test func neonAuthFunctionsNeedNoCreateExtension() {
        let fixture = AnalysisFixture(schema: "CREATE TABLE t (owner text NOT NULL);",
                                      query: "-- name: Mine :many\nSELECT owner, auth.user_id() AS me, auth.session() AS claims FROM t WHERE owner = auth.user_id();")
        #expect(fixture.errors == [])
        #expect(fixture.columnPGTypes == ["text", "text", "jsonb"])
        #expect(fixture.columnSignature == ["owner: String", "me: String?", "claims: JSONValue?"])
        let unknown = AnalysisFixture(schema: "CREATE TABLE t (owner text);", query: "-- name: X :one\nSELECT auth.nope() AS x;")
        #expect(unknown.errors.contains { $0.contains("function auth.nope is not known") })
    }

    @Test func createTableAsDropsNotNullButMaterializedViewKeepsIt() {
        let schema = """
            CREATE TABLE src (id integer NOT NULL, v text);
            CREATE TABLE copy AS SELECT id, v FROM src;
            CREATE MATERIALIZED VIEW mv AS SELECT id, v FROM src;
            """
        let copy = AnalysisFixture(schema: schema, query: "-- name: C :many\nSELECT id FROM copy;")
        #expect(copy.columnSignature == ["id: Int?"])
        let view = AnalysisFixture(schema: schema, query: "-- name: M :many\nSELECT id FROM mv;")
        #expect(view.columnSignature == ["id: Int"])
    }

    @Test func schemaErrorsCarryTheStatementsLine() {
        let schema = """
            CREATE TABLE t (id integer, title text);
            CREATE TABLE t (id integer);
            ALTER TABLE t ALTER COLUMN titel SET NOT NULL;
            DROP VIEW t;
            """
        let fixture = AnalysisFixture(schema: schema, query: "-- name: T :many\nSELECT id FROM t;")
        #expect(fixture.errors == [
            "schema.sql:2:14: error: relation \"t\" already exists",
            "schema.sql:3:28: error: column \"titel\" of relation \"t\" does not exist; did you mean 'title'?",
            "schema.sql:4:11: error: \"t\" is not a view",
        ])
    }
}
