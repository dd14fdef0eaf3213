import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// The catalog builds each call name's candidates once and keeps them (Catalog/CallCandidates.swift):
/// a change to the catalog (a function created, the search path set, an extension created) must
/// never let a call see the candidates of the catalog as it was before.
@Suite("Call candidates kept by the catalog")
struct CallCandidateCacheTests {
    static func argumentTypes(_ overloads: FunctionOverloads) -> [[String]] {
        overloads.candidates.map { $0.arguments.map(\.formatName) }
    }

    /// A view resolves `f(...)` while the schema is built; an overload created after it is a
    /// candidate for the queries (and for a later view).
    @Test func aFunctionCreatedAfterAViewResolvedItsNameIsACandidate() {
        let fixture = AnalysisFixture(schema: """
            CREATE FUNCTION f(x integer) RETURNS integer LANGUAGE sql AS $$ SELECT x $$;
            CREATE VIEW before AS SELECT f(1) AS value;
            CREATE FUNCTION f(x text) RETURNS text LANGUAGE sql AS $$ SELECT x $$;
            CREATE VIEW after AS SELECT f('a'::text) AS value;
            """, query: """
            -- name: Text :one
            SELECT f(@label::text) AS value, (SELECT value FROM after) AS later, (SELECT value FROM before) AS earlier;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.columnPGTypes == ["text", "text", "integer"])
    }

    /// An extension created after a view resolved a built-in name makes its overloads candidates:
    /// max of a citext column is citext's max (a citext), not text's after a cast.
    @Test func anExtensionCreatedAfterAViewResolvedItsNameIsACandidate() {
        let fixture = AnalysisFixture(schema: """
            CREATE VIEW before AS SELECT max(x) AS value FROM (VALUES (1)) AS v(x);
            CREATE EXTENSION citext;
            CREATE TABLE people (email citext NOT NULL);
            """, query: "-- name: Latest :one\nSELECT max(email) AS value, (SELECT value FROM before) AS earlier FROM people;")
        #expect(fixture.errors == [])
        #expect(fixture.columnPGTypes == ["citext", "integer"])
    }

    /// Copies of a catalog share its candidates until one changes; the changed copy builds its own.
    @Test func aChangedCopyDoesNotReadTheCandidatesOfTheOriginal() {
        let original = Catalog.built(fromSchema: """
            CREATE SCHEMA other;
            CREATE FUNCTION other.f(x integer) RETURNS integer LANGUAGE sql AS $$ SELECT x $$;
            CREATE FUNCTION f(x text) RETURNS text LANGUAGE sql AS $$ SELECT x $$;
            """)
        let before = original.userCallCandidates(named: "f", schema: nil, procedures: false, argumentCount: 1)
        #expect(Self.argumentTypes(before) == [["text"]])
        var changed = original
        #expect(changed.callCandidates === original.callCandidates)
        changed.setSearchPath(["other"])
        #expect(changed.callCandidates !== original.callCandidates)
        #expect(Self.argumentTypes(changed.userCallCandidates(named: "f", schema: nil, procedures: false, argumentCount: 1)) == [["integer"]])
        #expect(Self.argumentTypes(original.userCallCandidates(named: "f", schema: nil, procedures: false, argumentCount: 1)) == [["text"]])
    }

    /// The candidates of a name are kept for each argument count: a VARIADIC overload (and one
    /// with defaults) is a different candidate for each count.
    @Test func candidatesAreKeptPerArgumentCount() {
        let catalog = Catalog.built(fromSchema: "")
        let two = catalog.functionOverloads(named: "concat_ws", argumentCount: 2)
        let three = catalog.functionOverloads(named: "concat_ws", argumentCount: 3)
        #expect(Self.argumentTypes(two) == [["text", "\"any\""]])
        #expect(Self.argumentTypes(three) == [["text", "\"any\"", "\"any\""]])
        let again = catalog.functionOverloads(named: "concat_ws", argumentCount: 3)
        #expect(Self.argumentTypes(again) == Self.argumentTypes(three))
        #expect(catalog.functionOverloads(named: "no_such_function", argumentCount: 1).candidates.isEmpty)
    }
}
