import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

private let schema = """
CREATE TABLE accounts (
    tenant_id uuid NOT NULL,
    id bigint NOT NULL,
    name text NOT NULL,
    email text,
    created_at timestamptz NOT NULL,
    score integer,
    opens_at time,
    PRIMARY KEY (tenant_id, id)
);
"""

@Suite("Analyzer: row-value comparisons")
struct RowComparisonTests {
    @Test func keysetPaginationTypesEachParameterByItsColumn() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: NextPage :many
            SELECT id FROM accounts WHERE (created_at, id) > (@after_created_at, @after_id) ORDER BY created_at, id LIMIT 20;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.parameterSignature == ["$1 afterCreatedAt: Date", "$2 afterId: Int"])
    }

    @Test func compositeKeyLookupThroughUnnest() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: ByKeys :many
            SELECT id, name FROM accounts
            WHERE (tenant_id, id) IN (SELECT unnest(@tenant_ids::uuid[]), unnest(@ids::bigint[]));
            """)
        #expect(fixture.errors == [])
        #expect(fixture.parameterSignature == ["$1 tenantIds: [UUID]", "$2 ids: [Int]"])
        #expect(fixture.columnSignature == ["id: Int", "name: String"])
    }

    @Test func rowInListTypesParametersAndNullability() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: Pairs :many
            SELECT (tenant_id, id) IN ((@t1, @i1), (@t2, 4)) AS listed,
                   (score, id) IN ((1, 2), (3, 4)) AS scored,
                   (email, score) IS NOT DISTINCT FROM (@email, @score) AS same
            FROM accounts;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.parameterSignature.map { $0.components(separatedBy: ":").last ?? "" }
                == [" UUID", " Int", " UUID", " String?", " Int?"])
        // score may be NULL: `=` on it may be NULL; IS NOT DISTINCT FROM never is.
        #expect(fixture.columnSignature == ["listed: Bool", "scored: Bool?", "same: Bool"])
    }

    @Test func subqueryColumnCountMustMatchTheRow() {
        let tooMany = AnalysisFixture(schema: schema, query: "-- name: A :many\nSELECT id FROM accounts WHERE score IN (SELECT 1, 2);")
        #expect(tooMany.errors == ["query.sql:2:37: error: subquery has too many columns"])
        let tooFew = AnalysisFixture(schema: schema, query: "-- name: A :many\nSELECT id FROM accounts WHERE (score, id) IN (SELECT 1);")
        #expect(tooFew.errors == ["query.sql:2:43: error: subquery has too few columns"])
        let unequal = AnalysisFixture(schema: schema, query: "-- name: A :many\nSELECT id FROM accounts WHERE (score, id) = (1, 2, 3);")
        // At the operator, as PostgreSQL places it.
        #expect(unequal.errors == ["query.sql:2:43: error: unequal number of entries in row expressions"])
    }

    @Test func aParameterTypedByAnEarlierPairKeepsThatType() {
        // PostgreSQL reads both rows before comparing: the second @x is coerced to bigint after
        // the first fixed integer ("inconsistent types deduced for parameter").
        let fixture = AnalysisFixture(schema: schema, query: "-- name: A :many\nSELECT id FROM accounts WHERE (score, id) > (@x, @x);")
        #expect(fixture.errors.count == 1)
        #expect(fixture.errors.first?.contains("parameter 'x' is used as bigint here and as integer") == true)
    }
}

@Suite("Analyzer: composite values compare as records")
struct CompositeComparisonTests {
    static let schema = """
        CREATE TYPE money_amount AS (amount numeric, currency text);
        CREATE TABLE prices (id integer PRIMARY KEY, price money_amount, amount numeric, currency text);
        """

    @Test func compositeComparisonsResolveToRecordOperators() {
        let fixture = AnalysisFixture(schema: Self.schema, query: """
            -- name: Same :many
            SELECT id FROM prices WHERE price = ROW(@amount, @currency)::money_amount OR (amount, currency) = price OR prices = prices;
            """)
        #expect(fixture.errors == [])
        // The cast to the composite types the row's fields.
        #expect(fixture.query?.query.parameters.map(\.type.formatName) == ["numeric", "text"])
    }

    @Test func aRowCastToACompositeOfAnotherWidthIsAnError() {
        let fixture = AnalysisFixture(schema: Self.schema, query: "-- name: A :many\nSELECT ROW(1, 'EUR', 3)::money_amount AS m;")
        #expect(fixture.errors == ["query.sql:2:12: error: cannot cast type record to money_amount: the row has 3 columns, the type 2"])
    }
}

@Suite("Analyzer: GROUP BY and ORDER BY naming output columns")
struct OutputColumnGroupingTests {
    @Test func rollupByAliasAndPosition() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: Report :many
            SELECT name AS account, date_trunc('day', created_at) AS day, count(*) AS n,
                   grouping(date_trunc('day', created_at)) AS rolled_up
            FROM accounts
            GROUP BY account, ROLLUP (2)
            ORDER BY account, 2 NULLS LAST;
            """)
        #expect(fixture.errors == [])
        // account is in every grouping set: never NULL-filled; day is NULL in the subtotal rows.
        #expect(fixture.columnSignature == ["account: String", "day: Date?", "n: Int", "rolledUp: Int"])
    }

    @Test func orderByAliasOnlyAsABareName() {
        let bare = AnalysisFixture(schema: schema, query: "-- name: A :many\nSELECT score * 2 AS doubled FROM accounts ORDER BY doubled DESC;")
        #expect(bare.errors == [])
        let inExpression = AnalysisFixture(schema: schema, query: "-- name: A :many\nSELECT score * 2 AS doubled FROM accounts ORDER BY doubled + 1;")
        #expect(inExpression.errors == ["query.sql:2:52: error: column \"doubled\" does not exist"])
    }

    @Test func positionsOutsideTheSelectListAreErrors() {
        let order = AnalysisFixture(schema: schema, query: "-- name: A :many\nSELECT id FROM accounts ORDER BY 2;")
        #expect(order.errors == ["query.sql:2:34: error: ORDER BY position 2 is not in select list"])
        let group = AnalysisFixture(schema: schema, query: "-- name: A :many\nSELECT name, count(*) AS n FROM accounts GROUP BY CUBE (3);")
        #expect(group.errors == ["query.sql:2:57: error: GROUP BY position 3 is not in select list"])
    }

    @Test func betweenTypesItsParameterAtTheFirstBound() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: OpenInHour :many
            SELECT id FROM accounts WHERE opens_at BETWEEN @from AND @from + interval '1 hour';
            """)
        #expect(fixture.errors == [])
        #expect(fixture.columnPGTypes == ["bigint"])
        #expect(fixture.query?.query.parameters.map(\.type.formatName) == ["time without time zone"])
    }
}
