import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

@Suite("Parser: row values")
struct RowValueParserTests {
    @Test func rowComparisonsKeepBothRows() {
        #expect(expr("(a, b) > (@x, @y)") == "(> (row a b) (row @x @y))")
        #expect(expr("ROW(a, b) <= ROW(1, 2)") == "(<= (row a b) (row 1 2))")
        #expect(expr("(a, b) IS DISTINCT FROM (1, 2)") == "(isdistinct (row a b) (row 1 2))")
        #expect(expr("(a, b) IN ((1, 2), (3, 4))") == "(in (row a b) [(row 1 2), (row 3 4)])")
        #expect(expr("(a, b) NOT IN (SELECT x, y FROM t)") == "(notin (row a b) subquery)")
        #expect(expr("(a, b) = ANY (SELECT x, y FROM t)") == "(= (row a b) any(subquery))")
        #expect(expr("(a) = (1)") == "(= {a} {1})")
    }

    @Test func overlapsIsTheOverlapsFunctionOfFourBounds() {
        #expect(expr("(s, e) OVERLAPS (@from, @to)") == expr("overlaps(s, e, @from, @to)"))
        #expect(expr("NOT (s, e) OVERLAPS (a, b) AND c") == "(and (not \(expr("overlaps(s, e, a, b)"))) c)")
        #expect(firstError("SELECT (a, b, c) OVERLAPS (d, e);").contains("wrong number of parameters on left side of OVERLAPS expression"))
        #expect(firstError("SELECT (a, b) OVERLAPS (d, e, f);").contains("wrong number of parameters on right side of OVERLAPS expression"))
    }
}
