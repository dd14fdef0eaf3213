import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// `CREATE TYPE ... AS RANGE`: the multirange type, the constructor functions, and the built-in
/// range operators and functions resolving for the new type (corpus `realworld_from`, events.sql,
/// checks them against PostgreSQL).
@Suite("User-defined range types")
struct UserRangeTypeTests {
    @Test func multirangeNamesFollowPostgreSQLsRule() {
        #expect(CatalogBuilder.defaultMultirangeName(of: "uuidrange") == "uuidmultirange")
        #expect(CatalogBuilder.defaultMultirangeName(of: "rangex_range") == "multirangex_range")
        #expect(CatalogBuilder.defaultMultirangeName(of: "period") == "period_multirange")
        let (catalog, errors) = UniqueKeyTests.catalog("""
            CREATE TYPE period AS RANGE (subtype = date);
            CREATE TYPE span AS RANGE (subtype = int8, multirange_type_name = spans);
            """)
        #expect(errors == [])
        #expect(catalog.rangeType(multirangeNamed: "period_multirange", schema: nil)?.name == "period")
        #expect(catalog.rangeType(multirangeNamed: "spans", schema: nil)?.name == "span")
        #expect(catalog.userFunctions("spans", schema: nil).map(\.signature.count).sorted() == [0, 1, 1])
        #expect(catalog.userFunctions("span", schema: nil).map(\.signature.count).sorted() == [2, 3])
    }

    @Test func dropTypeDropsTheConstructors() {
        let (catalog, errors) = UniqueKeyTests.catalog("""
            CREATE TYPE uuidrange AS RANGE (subtype = uuid);
            DROP TYPE uuidrange;
            CREATE FUNCTION uuidrange(a integer) RETURNS integer LANGUAGE sql AS 'SELECT a';
            """)
        #expect(errors == [])
        #expect(catalog.userFunctions("uuidrange", schema: nil).map(\.signature) == [[.int4]])
        #expect(catalog.userFunctions("uuidmultirange", schema: nil).isEmpty)
    }

    @Test func rangeOperatorsAndFunctionsResolveThroughTheSubtype() {
        let fixture = AnalysisFixture(schema: """
            CREATE TYPE uuidrange AS RANGE (subtype = uuid);
            CREATE TABLE blocks (id integer PRIMARY KEY, block uuidrange NOT NULL);
            """, query: """
            -- name: Q :many
            SELECT lower(block) AS lo, block * uuidrange(@a::uuid, @b::uuid, '[]') AS clipped, range_agg(block) OVER () AS all_blocks,
                   block @> @id AS has, block -|- block AS adjacent, uuidmultirange() AS none
            FROM blocks WHERE block && uuidrange(@a, NULL);
            """)
        #expect(fixture.errors == [])
        #expect(fixture.columnPGTypes == ["uuid", "uuidrange", "uuidmultirange", "boolean", "boolean", "uuidmultirange"])
        #expect(fixture.parameterSignature == ["$1 a: UUID", "$2 b: UUID", "$3 id: String"])
        #expect(fixture.query?.columns.map(\.nullable) == [true, false, true, false, false, false])
    }
}
