import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// CREATE EXTENSION / DOMAIN / TYPE AS (...) / TYPE AS RANGE, as queries see them.
@Suite("Analyzer: type definitions")
struct TypeDefinitionTests {
    static let schema = """
        CREATE EXTENSION IF NOT EXISTS citext;
        CREATE DOMAIN email AS citext NOT NULL CHECK (VALUE LIKE '%@%');
        CREATE DOMAIN positive AS integer CHECK (VALUE > 0);
        CREATE TYPE money_amount AS (currency char(3), cents bigint);
        CREATE TYPE floatrange AS RANGE (subtype = float8, subtype_diff = float8mi);
        CREATE TABLE accounts (
            id integer PRIMARY KEY,
            contact email,
            quota positive,
            balance money_amount,
            band floatrange
        );
        """

    @Test func domainsResolveAsTheirBaseTypeAndKeepTheirName() {
        let fixture = AnalysisFixture(schema: Self.schema, query: "SELECT contact, quota, quota + 1 AS more FROM accounts WHERE id > 0 OR quota = $1")
        #expect(fixture.errors == [])
        #expect(fixture.columnPGTypes == ["email", "positive", "integer"])
        // A NOT NULL domain column is never NULL; a domain without NOT NULL may be.
        #expect(fixture.columnSignature == ["contact: String", "quota: Int?", "more: Int?"])
        #expect(fixture.query?.parameters.map(\.type.formatName) == ["integer"])
    }

    @Test func analyzedColumnsReportADomainAsItsBaseTypeAsTheWireDoes() {
        // `check` compares these with the database's row description, which names the base type.
        let analysis = CodeGenerator.analyzeQueries(
            schema: [SQLSourceInput(path: "schema.sql", contents: Self.schema)],
            queries: [SQLSourceInput(path: "q.sql", contents: "-- name: Contacts :many\nSELECT contact, quota, id FROM accounts;")])
        #expect(analysis.errors == [])
        #expect(analysis.queries.first?.columns.map(\.pgType) == ["citext", "integer", "integer"])
        #expect(analysis.queries.first?.columns.map(\.nullable) == [false, true, false])
    }

    @Test func compositeFieldsAreSelectable() {
        let fixture = AnalysisFixture(schema: Self.schema, query: "SELECT (balance).cents AS cents, (a.balance).currency AS currency FROM accounts a")
        #expect(fixture.errors == [])
        #expect(fixture.columnPGTypes == ["bigint", "character"])
    }

    @Test func unknownCompositeFieldIsAnError() {
        let fixture = AnalysisFixture(schema: Self.schema, query: "SELECT (balance).nope FROM accounts")
        #expect(fixture.errors.contains { $0.contains("column \"nope\" not found in data type money_amount") })
    }

    @Test func extensionTypesNeedCreateExtension() {
        let fixture = AnalysisFixture(schema: "CREATE TABLE t (id int PRIMARY KEY, tags hstore);", query: "SELECT id FROM t")
        #expect(fixture.errors.contains { $0.contains("type \"hstore\" does not exist") })
    }

    @Test func userRangeTypeIsKnown() {
        let fixture = AnalysisFixture(schema: Self.schema, query: "SELECT band FROM accounts")
        #expect(fixture.errors == [])
        #expect(fixture.columnPGTypes == ["floatrange"])
    }
}
