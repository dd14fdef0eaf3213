import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// The parser keeps one fact of a window frame: whether it surely holds the current row (the
/// analyzer needs it to know an aggregate over the frame sees a row).
@Suite("Parser: window frames")
struct WindowFrameTests {
    func frameHoldsCurrentRow(_ over: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool? {
        guard let targets = core(parseSelect("SELECT sum(x) OVER \(over) FROM t", sourceLocation: sourceLocation))?.targets,
              case .expression(let expression, _)? = targets.first,
              case .function(let call) = expression.kind else { return nil }
        return call.over?.frameIncludesCurrentRow
    }

    @Test(arguments: [
        ("()", true),
        ("(ORDER BY d)", true),
        ("(PARTITION BY g ORDER BY d ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)", true),
        ("(ORDER BY d ROWS 3 PRECEDING)", true),
        ("(ORDER BY d ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING)", true),
        ("(ORDER BY d RANGE BETWEEN INTERVAL '1 day' PRECEDING AND INTERVAL '1 day' FOLLOWING EXCLUDE TIES)", true),
        ("(ORDER BY d ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE NO OTHERS)", true),
        ("(ORDER BY d ROWS BETWEEN 3 PRECEDING AND 1 PRECEDING)", false),
        ("(ORDER BY d ROWS BETWEEN 1 FOLLOWING AND 3 FOLLOWING)", false),
        ("(ORDER BY d ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE CURRENT ROW)", false),
        ("(ORDER BY d GROUPS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE GROUP)", false),
        ("w", true),
    ])
    func frame(_ over: String, _ holds: Bool) {
        #expect(frameHoldsCurrentRow(over) == holds, "OVER \(over)")
    }
}

/// GROUPING SETS and `()` are flattened into GROUP BY's expressions, with a flag the analyzer
/// needs: such groups may be empty and hold NULL in the columns they do not group by.
@Suite("Parser: grouping sets")
struct GroupingSetsTests {
    @Test(arguments: [
        ("GROUP BY a, b", false, 2),
        ("GROUP BY GROUPING SETS ((a), (b), ())", true, 2),
        ("GROUP BY a, ()", true, 1),
        ("GROUP BY ROLLUP (a, b)", true, 2),
        ("GROUP BY CUBE (a, (b, c))", true, 3),
        ("GROUP BY a, GROUPING SETS ((b, c), ROLLUP (d))", true, 4),
        ("GROUP BY (a, b)", false, 2),  // flatten_grouping_sets: a parenthesized list is its items
        ("GROUP BY ROW(a, b)", false, 1),
        ("GROUP BY (a, b) = (c, d)", false, 1),
        ("GROUP BY rollup", false, 1),
    ])
    func groupingSets(_ clause: String, _ usesSets: Bool, _ count: Int) {
        let parsed = core(parseSelect("SELECT count(*) FROM t \(clause)"))
        #expect(parsed?.groupsBySets == usesSets, "\(clause)")
        #expect(parsed?.groupBy.count == count, "\(clause)")
    }

    /// ROLLUP and CUBE are grouping constructs, not function calls; inside them and inside
    /// GROUPING SETS `(a, b)` lists columns, while `ROW(a, b)` stays one row value.
    @Test func rollupAndCubeAreFlattened() {
        let parsed = core(parseSelect("""
            SELECT count(*) FROM t GROUP BY ROLLUP (a, (b, c)), CUBE (lower(d)), GROUPING SETS ((e), ROW(f, g))
            """))
        #expect(parsed?.groupBy.map(\.dump) == ["a", "b", "c", "lower(d)", "{e}", "(row f g)"])
        #expect(parsed?.groupsBySets == true)
    }
}
