import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// FROM items that are function calls: column definition lists, ROWS FROM, and `(x).*`.
@Suite("Parser: functions in FROM")
struct FunctionsInFromParseTests {
    @Test func columnDefinitionListsKeepTheirTypes() {
        #expect(from(parseSelect("SELECT * FROM jsonb_to_record(j) AS r(a int, b text[])")) == ["jsonb_to_record(j) r(a int,b text)"])
        // `AS (a int)` names the item after the function.
        #expect(from(parseSelect("SELECT * FROM json_to_record(j) AS (a int)")) == ["json_to_record(j) json_to_record(a int)"])
        #expect(from(parseSelect("SELECT * FROM f() x(a, b)")) == ["f() x(a,b)"])
        #expect(diagnosticLines("SELECT * FROM f() AS x(a int, b);") == ["1:24 a column definition list needs a type for every column"])
    }

    @Test func rowsFromWithDefinitionListsOrdinalityAndLateral() {
        let select = parseSelect("""
            SELECT * FROM t, LATERAL ROWS FROM (unnest(t.a), jsonb_to_recordset(t.j) AS (x int, y text)) WITH ORDINALITY AS r(a, x, y, n)
            """)
        #expect(from(select) == [
            "t", "lateral rows from (unnest(t.a), jsonb_to_recordset(t.j) as jsonb_to_recordset(x int,y text)) with ordinality r(a,x,y,n)",
        ])
        #expect(from(parseSelect("SELECT * FROM ROWS FROM (generate_series(1, 2))")) == ["rows from (generate_series(1, 2))"])
        #expect(diagnosticLines("SELECT * FROM ROWS FROM (f() AS x);").count == 1)
    }

    @Test func fieldStarOfAParenthesizedValue() {
        #expect(targets(parseSelect("SELECT (p).*, (f(1)).*, (t.c).* FROM t p")) == [
            "(fieldstar {p})", "(fieldstar {f(1)})", "(fieldstar {t.c})",
        ])
    }
}
