import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// ALTER TYPE on composite, range and domain types and ALTER DOMAIN, as later statements see them.
/// The errors are in the diagnostics golden case `schema_alter_type_errors`.
@Suite("DDL: ALTER TYPE and ALTER DOMAIN")
struct AlterTypeTests {
    @Test func renamedCompositeKeepsItsColumnsAndAttributeChangesApply() {
        let schema = """
            CREATE SCHEMA app;
            CREATE TYPE pair AS (a integer, b text);
            CREATE TABLE t (id integer NOT NULL, p pair);
            ALTER TYPE pair RENAME TO duo;
            ALTER TYPE duo ADD ATTRIBUTE c bigint, DROP ATTRIBUTE IF EXISTS nope, DROP ATTRIBUTE b CASCADE;
            ALTER TYPE duo RENAME ATTRIBUTE a TO x;
            ALTER TYPE duo SET SCHEMA app;
            CREATE TYPE loose AS (v integer);
            ALTER TYPE loose ALTER ATTRIBUTE v SET DATA TYPE numeric(10, 2);
            """
        let fields = AnalysisFixture(schema: schema, query: "-- name: F :many\nSELECT (p).x AS x, (p).c AS c, p FROM t;")
        #expect(fields.errors == [])
        #expect(fields.columnPGTypes == ["integer", "bigint", "app.duo"])
        let gone = AnalysisFixture(schema: schema, query: "-- name: F :many\nSELECT (p).b AS b FROM t;")
        #expect(gone.errors.contains { $0.contains("\"b\"") }, "\(gone.errors)")
        let retyped = AnalysisFixture(schema: schema, query: "-- name: L :one\nSELECT (NULL::loose).v AS v;")
        #expect(retyped.columnPGTypes == ["numeric"])
        let old = AnalysisFixture(schema: schema, query: "-- name: P :one\nSELECT NULL::pair AS p;")
        #expect(old.errors.contains { $0.contains("type \"pair\" does not exist") })
    }

    @Test func renamedDomainAndRangeAnswerToTheirNewNames() {
        let schema = """
            CREATE DOMAIN code AS varchar(8);
            CREATE TYPE span AS RANGE (subtype = integer);
            CREATE TABLE t (c code, s span);
            CREATE FUNCTION code_of(c code) RETURNS code LANGUAGE sql AS 'SELECT c';
            ALTER DOMAIN code RENAME TO short_code;
            ALTER TYPE span RENAME TO int_span;
            """
        let fixture = AnalysisFixture(schema: schema, query: "-- name: C :many\nSELECT c, s, code_of(c) AS same FROM t;")
        #expect(fixture.errors == [])
        #expect(fixture.columnPGTypes == ["short_code", "int_span", "short_code"])
        let catalog = UniqueKeyTests.catalog(schema).0
        #expect(catalog.domain("code", schema: nil) == nil)
        #expect(catalog.domain("short_code", schema: nil)?.base == .builtin(.varchar))
    }

    @Test func domainNotNullDecidesColumnNullabilityButNotOuterJoins() {
        let schema = """
            CREATE DOMAIN code AS text;
            CREATE DOMAIN label AS text NOT NULL;
            CREATE TABLE t (id integer PRIMARY KEY, c code, own code NOT NULL, l label);
            CREATE TABLE u (id integer PRIMARY KEY);
            ALTER DOMAIN code SET NOT NULL;
            ALTER DOMAIN label DROP NOT NULL;
            ALTER DOMAIN code ADD CONSTRAINT code_short CHECK (length(VALUE) < 10);
            ALTER DOMAIN code SET DEFAULT 'x';
            """
        let fixture = AnalysisFixture(schema: schema, query: "-- name: T :many\nSELECT c, own, l FROM t;")
        #expect(fixture.errors == [])
        #expect(fixture.columnSignature == ["c: String", "own: String", "l: String?"])
        let joined = AnalysisFixture(schema: schema, query: "-- name: J :many\nSELECT t.c FROM u LEFT JOIN t ON t.id = u.id;")
        #expect(joined.columnSignature == ["c: String?"])
        let dropped = AnalysisFixture(schema: schema + "\nALTER DOMAIN code DROP NOT NULL;", query: "-- name: T :many\nSELECT c, own FROM t;")
        #expect(dropped.columnSignature == ["c: String?", "own: String"])
    }
}
