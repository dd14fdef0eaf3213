@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import Testing

/// `-- @optional` and `-- @patch`: conjuncts and SET assignments left out per call (Analyze/QueryTemplateBuilder.swift), the variants the
/// runtime assembles (QueryTemplateVariants calls the assembler NeonSQL.SQLTemplate uses), and the misuses reported.
@Suite("Optional filters and patches")
struct QueryTemplateTests {
    static let schema = """
        CREATE TABLE categories (id int PRIMARY KEY, slug text NOT NULL);
        CREATE TABLE duas (id int PRIMARY KEY, title text NOT NULL, category_id int REFERENCES categories, xp int NOT NULL,
                           tags text[] NOT NULL DEFAULT '{}');
        """

    static func analyze(_ query: String) -> AnalysisFixture {
        AnalysisFixture(schema: schema, query: query)
    }

    static func variants(_ fixture: AnalysisFixture) throws -> [String] {
        let template = try #require(fixture.query?.query.template)
        let count = template.switchParameters.count
        return (0..<(1 << count)).map { mask in
            let switches = (0..<count).map { mask & (1 << $0) != 0 }
            let variant = QueryTemplateVariants.variant(template, switches: switches)
            return variant.sql + " -- " + variant.parameters.map(String.init).joined(separator: ",")
        }
    }

    @Test func conjunctsAreLeftOutAndParametersRenumbered() throws {
        let fixture = Self.analyze("""
            -- name: Search :many
            -- @optional category_id, min_xp
            SELECT d.id FROM duas d
            WHERE d.category_id = @category_id AND d.title ILIKE @pattern AND (d.xp >= @min_xp OR d.xp = 0)
            LIMIT @n;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.parameterSignature == ["$2 pattern: String", "$4 n: Int", "$1 categoryId: Int?", "$3 minXp: Int?"])
        #expect(try Self.variants(fixture) == [
            "SELECT d.id FROM duas d\nWHERE d.title ILIKE $1\nLIMIT $2 -- 2,4",
            "SELECT d.id FROM duas d\nWHERE d.category_id = $1 AND d.title ILIKE $2\nLIMIT $3 -- 1,2,4",
            "SELECT d.id FROM duas d\nWHERE d.title ILIKE $1 AND (d.xp >= $2 OR d.xp = 0)\nLIMIT $3 -- 2,3,4",
            "SELECT d.id FROM duas d\nWHERE d.category_id = $1 AND d.title ILIKE $2 AND (d.xp >= $3 OR d.xp = 0)\nLIMIT $4 -- 1,2,3,4",
        ])
        #expect(fixture.query?.query.sql == "SELECT d.id FROM duas d\nWHERE d.category_id = $1 AND d.title ILIKE $2 AND (d.xp >= $3 OR d.xp = 0)\nLIMIT $4")
    }

    @Test func aConditionLeftEmptyDisappearsAndAJoinKeepsOnTrue() throws {
        let fixture = Self.analyze("""
            -- name: ByCategory :many
            -- @optional slug, minimum
            SELECT c.slug, count(*) AS n FROM duas d JOIN categories c ON c.slug = @slug WHERE d.xp > @minimum
            GROUP BY c.slug HAVING count(*) > @minimum;
            """)
        #expect(fixture.errors == [])
        #expect(try Self.variants(fixture) == [
            "SELECT c.slug, count(*) AS n FROM duas d JOIN categories c ON TRUE \nGROUP BY c.slug  -- ",
            "SELECT c.slug, count(*) AS n FROM duas d JOIN categories c ON c.slug = $1 \nGROUP BY c.slug  -- 1",
            "SELECT c.slug, count(*) AS n FROM duas d JOIN categories c ON TRUE WHERE d.xp > $1\nGROUP BY c.slug HAVING count(*) > $1 -- 2",
            "SELECT c.slug, count(*) AS n FROM duas d JOIN categories c ON c.slug = $1 WHERE d.xp > $2\nGROUP BY c.slug HAVING count(*) > $2 -- 1,2",
        ])
    }

    @Test func aSubqueryConditionIsItsOwn() throws {
        let fixture = Self.analyze("""
            -- name: WithTag :many
            -- @optional tag
            SELECT d.id FROM duas d
            WHERE d.xp > 0 AND EXISTS (SELECT 1 FROM categories c WHERE c.id = d.category_id AND @tag = ANY (d.tags));
            """)
        #expect(fixture.errors == [])
        #expect(try Self.variants(fixture) == [
            "SELECT d.id FROM duas d\nWHERE d.xp > 0 AND EXISTS (SELECT 1 FROM categories c WHERE c.id = d.category_id) -- ",
            "SELECT d.id FROM duas d\nWHERE d.xp > 0 AND EXISTS (SELECT 1 FROM categories c WHERE c.id = d.category_id AND $1 = ANY (d.tags)) -- 1",
        ])
    }

    @Test func updatesAndDeletesFilterToo() throws {
        let fixture = Self.analyze("""
            -- name: Bump :execrows
            -- @optional category_id
            UPDATE duas SET xp = xp + @amount WHERE category_id = @category_id;
            """)
        #expect(fixture.errors == [])
        #expect(try Self.variants(fixture) == [
            "UPDATE duas SET xp = xp + $1  -- 1",
            "UPDATE duas SET xp = xp + $1 WHERE category_id = $2 -- 1,2",
        ])
    }

    @Test func misusesAreErrorsWhereTheyAre() {
        let fixture = Self.analyze("""
            -- name: Bad :many
            -- @optional nope, tag
            SELECT @tag::text AS t, d.id FROM duas d WHERE d.id = 1 OR @tag = ANY (d.tags);
            -- name: CopyRows :copyfrom
            -- @optional xp
            INSERT INTO duas (id, title, xp) VALUES (@id, @title, @xp);
            """)
        #expect(fixture.errors == [
            "query.sql:2:14: error: '-- @optional' names no parameter of this query: 'nope'",
            "query.sql:3:8: error: optional parameter @tag is used outside a WHERE, HAVING or JOIN ... ON condition, so it cannot be left out; use it only in conditions, or remove it from '-- @optional'",
            "query.sql:3:48: error: an optional parameter is under OR at the top of this WHERE condition: leaving it out would leave out the whole condition; put the OR in parentheses to mean that, or make the filter a conjunct of its own (... AND x = @p)",
            "query.sql:4:1: error: '-- @optional' and '-- @patch' leave out parts of a condition or a SET list; a ':copyfrom' INSERT has neither",
        ])
    }

    @Test func theDirectiveIsReadWithItsNames() {
        let fixture = Self.analyze("""
            -- name: Search :many
            -- @optional   min_xp ,category_id
            -- @optionalx y
            SELECT d.id FROM duas d WHERE d.category_id = @category_id AND d.xp >= @min_xp;
            -- name: Empty :many
            -- @optional a,,b
            SELECT 1;
            """)
        // `-- @optionalx y` is no directive (documentation, as apps write `-- @sort_order: ASC or DESC`).
        #expect(fixture.errors == [
            "query.sql:6:16: error: '-- @optional' takes parameter names separated by commas: '-- @optional category_id, min_xp'",
        ])
        #expect(fixture.query?.query.documentation == ["@optionalx y"])
        // Order of first appearance in the SQL, not of the directive.
        #expect(fixture.query?.query.template?.switchParameters == [1, 2])
    }

    @Test func patchedAssignmentsAreLeftOutAndAnEmptySetStillRuns() throws {
        let fixture = Self.analyze("""
            -- name: PatchDua :one
            -- @patch title, category_id
            UPDATE duas AS d SET title = @title, xp = xp + 1, category_id = @category_id WHERE d.id = @id RETURNING d.id;
            -- name: PatchTitle :execrows
            -- @patch title
            UPDATE duas SET title = @title WHERE id = @id;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.parameterSignature == ["$3 id: Int", "$1 title: Patch<String>", "$2 categoryId: Patch<Int?>"])
        #expect(try Self.variants(fixture) == [
            "UPDATE duas AS d SET xp = xp + 1 WHERE d.id = $1 RETURNING d.id -- 3",
            "UPDATE duas AS d SET title = $1, xp = xp + 1 WHERE d.id = $2 RETURNING d.id -- 1,3",
            "UPDATE duas AS d SET xp = xp + 1, category_id = $1 WHERE d.id = $2 RETURNING d.id -- 2,3",
            "UPDATE duas AS d SET title = $1, xp = xp + 1, category_id = $2 WHERE d.id = $3 RETURNING d.id -- 1,2,3",
        ])
        let onlyPatched = try #require(fixture.queries.last?.query.template)
        #expect(QueryTemplateVariants.variant(onlyPatched, switches: [false]).sql == "UPDATE duas SET title = duas.title WHERE id = $1")
    }

    @Test func aPatchedParameterMustBeOnlyASetValue() {
        let fixture = Self.analyze("""
            -- name: BadPatch :exec
            -- @patch xp, title
            UPDATE duas SET title = @title WHERE xp = @xp;
            -- name: Both :exec
            -- @optional xp
            -- @patch xp
            UPDATE duas SET xp = @xp WHERE xp > @xp;
            """)
        #expect(fixture.errors == [
            "query.sql:3:43: error: '-- @patch' names @xp, which is not only the value of SET assignments (SET column = @xp): a kept value must leave nothing else behind",
            "query.sql:4:1: error: parameter $1 is named by both '-- @optional' and '-- @patch'",
        ])
    }

    @Test func sortKeysAreChosenPerCallAndNamedFromTheirWords() throws {
        let fixture = Self.analyze("""
            -- name: Sorted :many
            -- @sort order: d.title, xp DESC, (c.slug DESC NULLS LAST, d.id), total
            -- @optional min_xp
            SELECT d.id, d.title, d.xp * 2 AS total FROM duas d LEFT JOIN categories c ON c.id = d.category_id
            WHERE d.xp >= @min_xp ORDER BY @order, d.id LIMIT @n;
            """)
        #expect(fixture.errors == [])
        let query = try #require(fixture.query)
        #expect(query.sorts.map(\.typeName) == ["SortedOrder"])
        #expect(query.sorts.first?.cases.map(\.name) == ["title", "xpDesc", "slugDescNullsLastId", "total"])
        #expect(fixture.parameterSignature == ["$2 n: Int", "$1 minXp: Int?", "$0 order: SortedOrder"])
        #expect(query.parameters.last?.defaultArgument == ".title")
        let template = try #require(query.query.template)
        let sql = (0..<4).map { QueryTemplateVariants.variant(template, switches: [false], choices: [$0]).sql }
        #expect(sql.map { $0.components(separatedBy: "ORDER BY ").last ?? "" } == [
            "d.title, d.id LIMIT $1", "xp DESC, d.id LIMIT $1", "c.slug DESC NULLS LAST, d.id, d.id LIMIT $1", "total, d.id LIMIT $1",
        ])
        // The SQL described is the first key's, every filter in.
        #expect(query.query.sql.hasSuffix("WHERE d.xp >= $1 ORDER BY d.title, d.id LIMIT $2"))
    }

    @Test func sortCaseNamesDropQualifiersAndParentheses() {
        #expect(SwiftTranslator.sortCaseName("c.slug") == "slug")
        #expect(SwiftTranslator.sortCaseName("total_xp DESC, display_name") == "totalXpDescDisplayName")
        #expect(SwiftTranslator.sortCaseName("created_at DESC NULLS LAST") == "createdAtDescNullsLast")
        #expect(SwiftTranslator.sortCaseName("\"s\".\"Title\" ASC") == "titleAsc")
        #expect(SwiftTranslator.sortTypeBase(query: "SearchDuas", sortName: "order") == "SearchDuasOrder")
        #expect(SwiftTranslator.sortTypeBase(query: "SearchDuas", sortName: "sort_by") == "SearchDuasSortBy")
    }

    @Test func parameterDocumentationLinesAreNotDirectives() {
        // As a real app (convoy) documents its parameters under the annotation.
        let fixture = Self.analyze("""
            -- name: Paged :many
            -- @sort_order: 'ASC' or 'DESC'
            -- @patches are not directives either
            SELECT id FROM duas ORDER BY CASE WHEN @sort_order::text = 'DESC' THEN id END DESC, id;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.query?.query.documentation == ["@sort_order: 'ASC' or 'DESC'", "@patches are not directives either"])
    }
}
