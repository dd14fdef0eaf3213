import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// A table's row type as a user function's parameter and result (`f(p people)`, `RETURNS people`);
/// the corpus `ddl` (renamed_objects.sql) checks the same calls against PostgreSQL.
@Suite("Functions over table row types")
struct RowTypeFunctionTests {
    static let schema = """
        CREATE TABLE people (id integer PRIMARY KEY, full_name text NOT NULL, nickname text);
        CREATE TABLE teams (id integer PRIMARY KEY, lead_id integer);
        CREATE FUNCTION display_name(p people) RETURNS text LANGUAGE sql RETURN coalesce(p.nickname, p.full_name);
        CREATE FUNCTION person(pid integer) RETURNS people LANGUAGE sql AS 'SELECT * FROM people WHERE id = pid';
        CREATE FUNCTION named(n text) RETURNS SETOF people LANGUAGE sql AS 'SELECT * FROM people WHERE full_name = n';
        """

    @Test func wholeRowReferencesHaveTheTablesRowType() {
        for target in ["p", "p.*", "people.*", "people"] {
            let from = target.hasPrefix("people") ? "people" : "people AS p"
            let fixture = AnalysisFixture(schema: Self.schema, query: "-- name: D :many\nSELECT display_name(\(target)) AS d FROM \(from);")
            #expect(fixture.errors == [], "\(target)")
            #expect(fixture.columnPGTypes == ["text"], "\(target)")
        }
        let row = AnalysisFixture(schema: Self.schema, query: "-- name: R :many\nSELECT p, t FROM teams t LEFT JOIN people p ON p.id = t.lead_id;")
        #expect(row.columnPGTypes == ["people", "teams"])
        // The joined row is NULL when no person matches.
        #expect(row.query?.columns.map(\.nullable) == [true, false])
    }

    @Test func functionRowsAreTheirTablesRowType() {
        let fields = AnalysisFixture(schema: Self.schema, query: "-- name: F :one\nSELECT (person(1)).full_name AS name, person(2) AS whole;")
        #expect(fields.errors == [])
        #expect(fields.columnPGTypes == ["text", "people"])
        let set = AnalysisFixture(schema: Self.schema, query: "-- name: S :many\nSELECT display_name(x) AS d, x.id FROM named('a') AS x;")
        #expect(set.errors == [])
        #expect(set.columnSignature == ["d: String?", "id: Int?"])
        let record = AnalysisFixture(schema: Self.schema,
                                     query: "-- name: O :many\nSELECT display_name(x) AS d FROM named('a') WITH ORDINALITY AS x;")
        #expect(record.errors.contains { $0.contains("display_name(record)") }, "\(record.errors)")
    }
}
