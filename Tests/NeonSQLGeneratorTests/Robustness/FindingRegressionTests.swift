import Testing
import NeonSQLGenerator

/// The minimized inputs of the mutation test's findings (docs/fuzzing.md), with the outcome each
/// must have now.
@Suite("Fuzzing findings stay fixed")
struct FindingRegressionTests {
    static let schema = SQLSourceInput(path: "schema.sql", contents: "CREATE TABLE duas (id integer PRIMARY KEY, title_en text NOT NULL);")

    func diagnostics(_ query: String) -> [String] {
        CodeGenerator.describe(schema: [Self.schema], queries: [SQLSourceInput(path: "q.sql", contents: "-- name: Q :many\n" + query + "\n")]).diagnostics
    }

    /// Finding 1: a 10,000-term operator chain overflowed the analyzer's stack.
    @Test func longOperatorChainIsALocatedError() {
        let result = diagnostics("SELECT 1" + String(repeating: " + 1", count: 10_000) + " AS x;")
        #expect(result.count == 1)
        #expect(result.first?.hasPrefix("q.sql:2:") == true && result.first?.hasSuffix(": error: expression is nested too deeply") == true,
                "\(result)")
    }

    /// Findings 2 and 3: UNION and JOIN chains overflowed it too. Depending on the thread's stack
    /// they analyze, or stop with the located error; they never crash.
    @Test(arguments: [
        "SELECT 1 AS x" + String(repeating: " UNION ALL SELECT 1", count: 10_000) + ";",
        "SELECT 1 AS x FROM duas d0" + String(repeating: " JOIN duas USING (id)", count: 10_000) + ";",
    ])
    func longUnionAndJoinChainsEndInAResultOrALocatedError(_ query: String) {
        for diagnostic in diagnostics(query) {
            #expect(diagnostic.hasPrefix("q.sql:2:") && diagnostic.hasSuffix(": error: expression is nested too deeply"), "\(diagnostic)")
        }
    }

    /// Finding 4: 10,000 `(` was quadratic; it is one located error where the 500-level limit is reached.
    @Test func tenThousandParenthesesAreOneError() {
        let result = diagnostics("SELECT " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000) + " AS x;")
        #expect(result == ["q.sql:2:507: error: statement is nested too deeply (more than 500 levels)"])
    }
}
