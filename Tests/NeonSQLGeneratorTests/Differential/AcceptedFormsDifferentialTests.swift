import Foundation
import NeonSQLTestSupport
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// Forms PostgreSQL 15 accepts that the generator once rejected, typed against PostgreSQL's own
/// PREPARE and \gdesc: window frame offsets given as parameters (ROWS and GROUPS take bigint,
/// RANGE the offset type of the sort key's in_range support function), `JOIN ... USING (...) AS j`
/// (join_using_alias: `j.a` and `j.*` name the merged columns), joins merging a column a join
/// of theirs merged (`a JOIN b USING (id) JOIN c USING (id)`: one `id`), a prefix operator written
/// `OPERATOR(pg_catalog.-) x`.
@Suite("Differential: accepted forms vs PostgreSQL", .serialized, .offCooperativePool)
struct AcceptedFormsDifferentialTests {
    static let schema = """
        CREATE TABLE readings (id bigint PRIMARY KEY, sensor integer NOT NULL, value real, level smallint,
                               amount numeric, taken_at timestamptz NOT NULL, taken_on date, at_time time, span interval);
        CREATE TABLE sensors (sensor integer PRIMARY KEY, site text NOT NULL, kind text);
        CREATE TABLE sites (site text PRIMARY KEY, region text);
        CREATE TABLE shifts (id integer PRIMARY KEY, operator text NOT NULL);
        """

    static let queries = """
        -- name: RowsOffset :many
        SELECT id, sum(value) OVER (ORDER BY id ROWS BETWEEN @before PRECEDING AND @after FOLLOWING) AS total FROM readings;
        -- name: GroupsOffset :many
        SELECT id, count(*) OVER (ORDER BY sensor GROUPS $1 PRECEDING) AS n FROM readings;
        -- name: RangeOverInteger :many
        SELECT id, count(*) OVER (ORDER BY sensor RANGE BETWEEN @low PRECEDING AND @high FOLLOWING) AS n FROM readings;
        -- name: RangeOverSmallint :many
        SELECT id, count(*) OVER (ORDER BY level RANGE @width PRECEDING) AS n FROM readings;
        -- name: RangeOverReal :many
        SELECT id, count(*) OVER (ORDER BY value RANGE @width PRECEDING) AS n FROM readings;
        -- name: RangeOverNumeric :many
        SELECT id, count(*) OVER (ORDER BY amount DESC RANGE BETWEEN CURRENT ROW AND @width FOLLOWING) AS n FROM readings;
        -- name: RangeOverTimestamptz :many
        SELECT id, avg(value) OVER (PARTITION BY sensor ORDER BY taken_at RANGE BETWEEN @window PRECEDING AND CURRENT ROW) AS mean
        FROM readings;
        -- name: RangeOverDate :many
        SELECT id, count(*) OVER (ORDER BY taken_on RANGE @days PRECEDING EXCLUDE CURRENT ROW) AS n FROM readings;
        -- name: RangeOverTime :many
        SELECT id, count(*) OVER (ORDER BY at_time RANGE @span PRECEDING) AS n FROM readings;
        -- name: RangeOverInterval :many
        SELECT id, count(*) OVER (ORDER BY span RANGE @span PRECEDING) AS n FROM readings;
        -- name: RangeOverNamedWindow :many
        SELECT id, count(*) OVER (w RANGE BETWEEN @window PRECEDING AND CURRENT ROW) AS n FROM readings WINDOW w AS (ORDER BY taken_at);
        -- name: RowsInNamedWindow :many
        SELECT id, count(*) OVER w AS n FROM readings WINDOW w AS (ORDER BY id ROWS @n PRECEDING);
        -- name: UsingAlias :many
        SELECT j.sensor, j.sensor + 1 AS next, r.id FROM readings AS r JOIN sensors AS s USING (sensor) AS j WHERE j.sensor > @least;
        -- name: UsingAliasOuter :many
        SELECT x.sensor, j.site, s.kind FROM readings AS r LEFT JOIN sensors AS s USING (sensor) AS x
        FULL JOIN sites USING (site) AS j WHERE x.sensor IS NOT NULL;
        -- name: UsingAliasStar :many
        SELECT j.*, r.id FROM readings AS r RIGHT JOIN sensors AS s USING (sensor) AS j;
        -- name: UsingAliasBesideStar :many
        SELECT * FROM readings AS r JOIN sensors AS s USING (sensor) AS j;
        -- name: UsingAliasGrouped :many
        SELECT sensor, count(*) AS n FROM readings AS r JOIN sensors AS s USING (sensor) AS j GROUP BY j.sensor;
        -- name: UsingChainedOnOneColumn :many
        SELECT sensor AS merged, * FROM sensors AS s JOIN readings AS r USING (sensor) JOIN (SELECT 1 AS sensor, 2 AS extra) AS t USING (sensor)
        WHERE sensor > @least;
        -- name: UsingChainedOnTwoColumns :many
        SELECT * FROM readings AS r JOIN sensors AS s USING (sensor) JOIN sites USING (site);
        -- name: NaturalChained :many
        SELECT site AS merged, * FROM sensors NATURAL JOIN sites NATURAL JOIN (SELECT 'x'::text AS site, 2 AS extra) AS e;
        -- name: PrefixOperatorConstruct :many
        SELECT OPERATOR(pg_catalog.-) sensor AS negated, OPERATOR(pg_catalog.-) sensor + 1 AS shifted,
               OPERATOR(pg_catalog.@) @delta::integer AS magnitude, 2 * OPERATOR(-) level AS doubled,
               OPERATOR(pg_catalog.~) sensor || 'x' AS text_after
        FROM readings;
        -- name: ColumnNamedOperator :many
        SELECT operator, (operator) AS again FROM shifts WHERE operator = @operator;
        """

    static func analyze() -> NamedModel {
        SwiftTranslator.name(Pipeline.analyze(schemaFiles: [SourceFile(path: "schema.sql", text: Self.schema)],
                                              queryFiles: [SourceFile(path: "accepted.sql", text: Self.queries)]))
    }

    @Test
    func acceptedFormsHaveNoErrors() {
        let model = Self.analyze()
        #expect(model.diagnostics.filter { $0.severity == .error }.map(\.formatted) == [])
        let parameters = model.files.flatMap(\.queries).flatMap(\.parameters).map { "\($0.sqlName) \($0.pgType)" }
        #expect(parameters.contains("before bigint"))
        #expect(parameters.contains("window interval"))
        #expect(parameters.contains("width smallint"))
    }

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func acceptedFormsAgreeWithPostgreSQL() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let model = Self.analyze()
        #expect(model.diagnostics.filter { $0.severity == .error }.map(\.formatted) == [])
        let report = try DifferentialChecker(psql: PSQL(url: url), schema: [Self.schema]).compare(model.files.flatMap(\.queries))
        print("accepted forms differential: \(report.summary)")
        for mismatch in report.mismatches { Issue.record(Comment(rawValue: mismatch)) }
        #expect(report.checkedTypes > 40)
    }
}
