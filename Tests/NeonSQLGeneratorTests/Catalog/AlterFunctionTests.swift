import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// ALTER FUNCTION / PROCEDURE / ROUTINE as the queries after it see it: a renamed or moved
/// function answers to its new name only; the overload is picked by the argument list.
/// The errors are in the diagnostics golden case `schema_alter_function_errors`.
@Suite("DDL: ALTER FUNCTION")
struct AlterFunctionTests {
    static let schema = """
        CREATE SCHEMA app;
        CREATE FUNCTION f(a integer) RETURNS integer LANGUAGE sql AS 'SELECT a';
        CREATE FUNCTION f(a text) RETURNS text LANGUAGE sql AS 'SELECT a';
        ALTER FUNCTION f(integer) RENAME TO twice;
        ALTER ROUTINE f(text) SET SCHEMA app;
        ALTER FUNCTION app.f STRICT IMMUTABLE;
        ALTER FUNCTION twice(int) OWNER TO CURRENT_USER;
        """

    @Test func renamedOverloadAnswersToItsNewNameOnly() {
        let renamed = AnalysisFixture(schema: Self.schema, query: "-- name: T :one\nSELECT twice(2) AS v;")
        #expect(renamed.errors == [])
        #expect(renamed.columnPGTypes == ["integer"])
        let old = AnalysisFixture(schema: Self.schema, query: "-- name: T :one\nSELECT f(2) AS v;")
        #expect(old.errors.contains { $0.contains("function f(integer)") }, "\(old.errors)")
    }

    @Test func movedOverloadIsFoundInItsNewSchema() {
        let moved = AnalysisFixture(schema: Self.schema, query: "-- name: T :one\nSELECT app.f('x') AS v;")
        #expect(moved.errors == [])
        #expect(moved.columnPGTypes == ["text"])
        let catalog = UniqueKeyTests.catalog(Self.schema).0
        #expect(catalog.userFunctions("f", schema: "app").map(\.isStrict) == [true])
        #expect(catalog.userFunctions("f", schema: "public").isEmpty)
    }

    @Test func createOrReplaceKeepsTheReturnTypeButMayChangeTheBody() {
        let (_, errors) = UniqueKeyTests.catalog("""
            CREATE FUNCTION g(a integer, OUT x integer, OUT y text) LANGUAGE sql AS 'SELECT a, ''a''';
            CREATE OR REPLACE FUNCTION g(a integer, OUT x integer, OUT y text) LANGUAGE sql AS 'SELECT a + 1, ''b''';
            CREATE OR REPLACE FUNCTION g(a integer, OUT x integer, OUT z text) LANGUAGE sql AS 'SELECT a, ''c''';
            """)
        #expect(errors == ["cannot change return type of existing function; use DROP FUNCTION g(integer) first"])
    }
}

extension AlterFunctionTests {
    /// Valid SQL on functions the catalog does not model (a polymorphic one it leaves out, a built-in
    /// one) is never an error; a plain missing function still is.
    @Test func functionsLeftOutOfTheCatalogAreAlteredAndDroppedUnchecked() {
        let (_, errors) = UniqueKeyTests.catalog("""
            CREATE FUNCTION first_of(a anyelement, b anyelement) RETURNS anyelement LANGUAGE sql AS 'SELECT a';
            CREATE FUNCTION first_of(a integer) RETURNS integer LANGUAGE sql AS 'SELECT a';
            ALTER FUNCTION first_of(anyelement, anyelement) OWNER TO CURRENT_USER;
            ALTER FUNCTION first_of(anyelement, anyelement) RENAME TO pick;
            ALTER FUNCTION pick(anyelement, anyelement) STRICT;
            DROP FUNCTION pick(anyelement, anyelement);
            ALTER FUNCTION first_of(integer) STRICT;
            ALTER FUNCTION now() STABLE;
            ALTER FUNCTION missing(integer) STRICT;
            """)
        #expect(errors == ["function missing(integer) does not exist"])
    }
}
