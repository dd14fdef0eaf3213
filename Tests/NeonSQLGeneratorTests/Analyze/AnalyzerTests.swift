import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// A small schema with every nullability situation the analyzer reasons about.
private let schema = """
CREATE TYPE time_slot AS ENUM ('morning', 'anytime', 'evening');
CREATE TABLE categories (
    id serial PRIMARY KEY,
    name text NOT NULL,
    slug varchar(80) NOT NULL UNIQUE,
    description text
);
CREATE TABLE duas (
    id serial PRIMARY KEY,
    category_id integer REFERENCES categories (id),
    title_en text NOT NULL,
    repetitions smallint NOT NULL DEFAULT 1,
    xp_value integer NOT NULL DEFAULT 10,
    weight numeric(6, 2),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE journey_duas (
    journey_id integer NOT NULL,
    dua_id integer NOT NULL REFERENCES duas (id),
    time_slot time_slot NOT NULL,
    sort_order integer NOT NULL DEFAULT 0,
    PRIMARY KEY (journey_id, dua_id)
);
CREATE TABLE user_activity (
    user_id uuid NOT NULL,
    date date NOT NULL,
    duas_completed integer[] NOT NULL DEFAULT '{}',
    xp_earned integer NOT NULL DEFAULT 0,
    note text,
    PRIMARY KEY (user_id, date)
);
"""

@Suite("Analyzer: columns")
struct AnalyzerColumnTests {
    @Test func tableColumnsFollowNotNullAndPrimaryKey() {
        let fixture = AnalysisFixture(schema: schema, query: "-- name: All :many\nSELECT * FROM categories;")
        #expect(fixture.errors == [])
        #expect(fixture.columnSignature == ["id: Int", "name: String", "slug: String", "description: String?"])
        #expect(fixture.columnPGTypes == ["integer", "text", "character varying", "text"])
        // The primary key and the UNIQUE slug: the translation makes the row Identifiable by `id`.
        #expect(fixture.query?.uniqueColumns == ["id", "slug"])
    }

    @Test func leftJoinMakesTheJoinedSideOptional() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: DuasWithCategory :many
            SELECT d.id, d.title_en, c.name AS category_name, c.id AS category_id
            FROM duas d LEFT JOIN categories c ON c.id = d.category_id;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.columnSignature == ["id: Int", "titleEn: String", "categoryName: String?", "categoryId: Int?"])
        // categories joins to-one on its primary key, so duas.id stays unique per row.
        #expect(fixture.query?.uniqueColumns == ["id"])
    }

    @Test func rightAndFullJoins() {
        let right = AnalysisFixture(schema: schema, query: """
            -- name: R :many
            SELECT d.title_en, c.name FROM duas d RIGHT JOIN categories c ON c.id = d.category_id;
            """)
        #expect(right.columnSignature == ["titleEn: String?", "name: String"])
        let full = AnalysisFixture(schema: schema, query: """
            -- name: F :many
            SELECT d.title_en, c.name FROM duas d FULL JOIN categories c ON c.id = d.category_id;
            """)
        #expect(full.columnSignature == ["titleEn: String?", "name: String?"])
    }

    @Test func aggregatesAndCoalesce() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: Stats :one
            SELECT count(*) AS n, count(d.category_id) AS with_category, sum(d.xp_value) AS total_xp,
                   avg(d.repetitions) AS average, max(d.created_at) AS latest,
                   coalesce(sum(d.xp_value), 0) AS total_or_zero
            FROM duas d;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.columnSignature == ["n: Int", "withCategory: Int", "totalXp: Int?", "average: Decimal?",
                                            "latest: Date?", "totalOrZero: Int"])
        #expect(fixture.columnPGTypes == ["bigint", "bigint", "bigint", "numeric", "timestamp with time zone", "bigint"])
    }

    @Test func caseWithoutElseIsOptionalAndLiteralsAreTyped() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: Labels :many
            SELECT CASE WHEN xp_value > 10 THEN 'big' END AS maybe_label,
                   CASE WHEN xp_value > 10 THEN 'big' ELSE 'small' END AS label,
                   1 AS one, 2.5 AS half, true AS yes, xp_value * 2 AS doubled, id::text AS id_text
            FROM duas;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.columnSignature == ["maybeLabel: String?", "label: String", "one: Int", "half: Decimal",
                                            "yes: Bool", "doubled: Int", "idText: String"])
        #expect(fixture.columnPGTypes == ["text", "text", "integer", "numeric", "boolean", "integer", "text"])
    }

    @Test func enumsArraysAndDates() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: Activity :many
            SELECT jd.time_slot, ua.duas_completed, ua.date, CURRENT_DATE - 6 AS week_start
            FROM journey_duas jd, user_activity ua;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.columnSignature == ["timeSlot: TimeSlot", "duasCompleted: [Int]", "date: PostgresDate", "weekStart: PostgresDate"])
        #expect(fixture.columnPGTypes == ["time_slot", "integer[]", "date", "date"])
        #expect(fixture.model.enums.map(\.typeName) == ["TimeSlot"])
    }

    @Test func scalarSubqueryIsOptionalUnlessItReturnsOneRowAndExistsIsNot() {
        // An aggregate-only subquery without GROUP BY/HAVING/LIMIT returns exactly one row, so
        // count(*) keeps its NOT NULL; any other subquery may find no row.
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: Sub :many
            SELECT c.id, (SELECT count(*) FROM duas d WHERE d.category_id = c.id) AS dua_count,
                   (SELECT count(*) FROM duas d WHERE d.category_id = c.id HAVING count(*) > 1) AS many_count,
                   (SELECT d.id FROM duas d WHERE d.category_id = c.id LIMIT 1) AS first_dua,
                   EXISTS (SELECT 1 FROM duas d WHERE d.category_id = c.id) AS has_duas
            FROM categories c;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.columnSignature == ["id: Int", "duaCount: Int", "manyCount: Int?", "firstDua: Int?", "hasDuas: Bool"])
    }

    @Test func nullabilityOverridesInAliases() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: Forced :many
            SELECT c.name AS "category_name!", d.title_en AS "title?"
            FROM duas d LEFT JOIN categories c ON c.id = d.category_id;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.columnSignature == ["categoryName: String", "title: String?"])
        #expect(fixture.query?.sql.contains("AS \"category_name\"") == true)
        #expect(fixture.query?.sql.contains("AS \"title\"") == true)
    }

    @Test func cteAndUnion() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: Combined :many
            WITH recent AS (SELECT id, title_en FROM duas WHERE created_at > now() - interval '7 days')
            SELECT id, title_en AS title FROM recent
            UNION ALL
            SELECT id, name FROM categories;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.columnSignature == ["id: Int", "title: String"])
    }
}

@Suite("Analyzer: parameters")
struct AnalyzerParameterTests {
    @Test func namedParametersTakeTheirColumnType() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: ByCategory :many
            SELECT d.id FROM duas d JOIN categories c ON c.id = d.category_id
            WHERE c.slug = @slug AND d.xp_value >= @min_xp
            LIMIT @page_size;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.parameterSignature == ["$1 slug: String", "$2 minXp: Int", "$3 pageSize: Int"])
        #expect(fixture.query?.parameters.map(\.type.formatName) == ["text", "integer", "bigint"])
        #expect(fixture.query?.sql.contains("c.slug = $1 AND d.xp_value >= $2") == true)
        #expect(fixture.query?.sql.contains("LIMIT $3") == true)
        #expect(fixture.query?.sql.contains("@") == false)
    }

    @Test func positionalParametersAreNamedFromContext() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: Journey :many
            SELECT dua_id FROM journey_duas WHERE journey_id = $1 AND $2 = time_slot;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.parameterSignature == ["$1 journeyId: Int", "$2 timeSlot: TimeSlot"])
    }

    @Test func sqlcNumberingMixesNamesAndPositions() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: Mixed :many
            SELECT id FROM duas WHERE title_en = @title AND xp_value = $1 AND repetitions = @reps;
            """)
        #expect(fixture.errors == [])
        // $1 is taken, so @title gets 2 and @reps 3.
        #expect(fixture.parameterSignature == ["$1 xpValue: Int", "$2 title: String", "$3 reps: Int"])
    }

    @Test func anyWithArrayParameter() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: ForJourneys :many
            SELECT dua_id FROM journey_duas WHERE journey_id = ANY(@journey_ids);
            """)
        #expect(fixture.errors == [])
        #expect(fixture.parameterSignature == ["$1 journeyIds: [Int]"])
        #expect(fixture.query?.parameters.first?.type.formatName == "integer[]")
    }

    @Test func nullMeaningfulParametersAreOptional() {
        let fixture = AnalysisFixture(schema: schema, queries: [
            "a.sql": """
                -- name: Rename :one
                UPDATE categories SET name = COALESCE(@name, name), description = @description
                WHERE id = @id RETURNING *;
                """,
            "b.sql": """
                -- name: Filter :many
                SELECT id FROM duas WHERE (@category_id::integer IS NULL OR category_id = @category_id)
                  AND title_en = sqlc.narg(title);
                """,
        ])
        #expect(fixture.errors == [])
        let rename = fixture.queries.first { $0.name == "rename" }
        #expect(rename?.parameters.map { "\($0.name): \($0.swiftType)" } == ["name: String?", "description: String?", "id: Int"])
        #expect(rename?.columns.map(\.swiftType) == ["Int", "String", "String", "String?"])
        #expect(rename?.isReadOnly == false)
        let filter = fixture.queries.first { $0.name == "filter" }
        #expect(filter?.parameters.map { "\($0.name): \($0.swiftType)" } == ["categoryId: Int?", "title: String?"])
        #expect(filter?.isReadOnly == true)
    }

    @Test func insertValuesAndOnConflict() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: Complete :execrows
            INSERT INTO user_activity (user_id, date, duas_completed, xp_earned)
            VALUES (@user_id, CURRENT_DATE, ARRAY[@dua_id]::integer[], @xp)
            ON CONFLICT (user_id, date) DO UPDATE
            SET duas_completed = array_append(user_activity.duas_completed, @dua_id::integer),
                xp_earned = user_activity.xp_earned + EXCLUDED.xp_earned
            WHERE NOT (@dua_id::integer = ANY(user_activity.duas_completed));
            """)
        #expect(fixture.errors == [])
        #expect(fixture.query?.kind == .execrows)
        #expect(fixture.parameterSignature == ["$1 userId: UUID", "$2 duaId: Int", "$3 xp: Int"])
    }

    @Test func untypedParameterIsAnError() {
        let fixture = AnalysisFixture(schema: schema, query: "-- name: Bad :many\nSELECT id FROM duas WHERE @flag IS NULL;")
        #expect(fixture.errors == ["query.sql:2:27: error: could not determine the type of parameter @flag; add a cast such as @flag::integer"])
    }
}

@Suite("Analyzer: diagnostics")
struct AnalyzerDiagnosticTests {
    @Test func misspelledColumnPointsAtItsToken() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: Bad :many
            SELECT d.id,
                   d.titel_en
            FROM duas d;
            """)
        #expect(fixture.errors == ["query.sql:3:10: error: column d.titel_en does not exist; did you mean 'title_en'?"])
        #expect(fixture.queries.isEmpty)
    }

    @Test func unknownTableAndAmbiguousColumnAreAllReported() {
        let fixture = AnalysisFixture(schema: schema, queries: ["q.sql": """
            -- name: A :many
            SELECT * FROM dua;
            -- name: B :many
            SELECT id FROM duas d JOIN categories c ON c.id = d.category_id;
            -- name: C :many
            SELECT d.id FROM duas d;
            """])
        #expect(fixture.errors == [
            "q.sql:2:15: error: relation \"dua\" does not exist; did you mean 'duas'?",
            "q.sql:4:8: error: column reference \"id\" is ambiguous",
        ])
        #expect(fixture.queries.map(\.name) == ["c"])
    }

    @Test func annotationProblems() {
        let fixture = AnalysisFixture(schema: schema, queries: ["q.sql": """
            -- name: NoRows :many
            DELETE FROM duas WHERE id = @id;
            -- name: Weird :many2
            SELECT 1 AS x;
            SELECT 2 AS y;
            """])
        #expect(fixture.errors == [
            "q.sql:1:1: error: ':many' query returns no rows; use ':exec', ':execrows' or ':execresult', or add RETURNING",
            // The statement under the bad annotation is skipped, not reported again.
            "q.sql:3:1: error: unknown query kind ':many2'; use :many, :one, :exec, :execrows, :execresult, :batchexec, :batchone, :batchmany or :copyfrom",
        ])
        // The statement after the skipped one has no annotation: skipped too, as sqlc does, with a warning.
        #expect(fixture.model.diagnostics.filter { $0.severity == .warning }.map(\.formatted) == [
            "q.sql:5:1: warning: statement has no '-- name: <Name> :<kind>' annotation and is not generated (sqlc skips it too); a file with several queries names each",
        ])
    }

    @Test func selectOfNoColumnsReturnsRowsWithoutColumns() {
        // PostgreSQL accepts an empty select list: one row per row of t, each without a column.
        let fixture = AnalysisFixture(schema: schema, queries: ["q.sql": """
            -- name: Marks :many
            SELECT FROM duas WHERE id > @id;
            -- name: Mark :one
            SELECT FROM duas WHERE id = @id;
            """])
        #expect(fixture.errors == [])
        #expect(fixture.model.queries.map(\.query.kind) == [.many, .one])
        #expect(fixture.model.queries.allSatisfy { $0.columns.isEmpty })
        let text = SwiftRenderer(sourceFileName: "q.sql").render(fixture.model.files[0])
        #expect(text.contains("public struct MarksRow: Swift.Sendable, Swift.Hashable {\n    public init() {\n    }\n}"))
        #expect(text.contains("public func marks(id: Swift.Int) async throws -> [MarksRow]"))
        #expect(text.contains("public func mark(id: Swift.Int) async throws -> MarkRow?"))
    }

    @Test func singleUnannotatedQueryIsNamedAfterItsFile() {
        let fixture = AnalysisFixture(schema: schema, query: "SELECT id FROM categories", file: "dir/list_category_ids.sql")
        #expect(fixture.errors == [])
        #expect(fixture.query?.name == "listCategoryIds")
        #expect(fixture.query?.rowTypeName == "ListCategoryIdsRow")
        #expect(fixture.query?.kind == .many)
    }

    @Test func duplicateResultNamesAndQueryNames() {
        let fixture = AnalysisFixture(schema: schema, queries: [
            "a.sql": "-- name: Same :many\nSELECT d.id, c.id FROM duas d JOIN categories c ON c.id = d.category_id;",
            "b.sql": "-- name: Other :many\nSELECT 1 AS x;\n-- name: Other :many\nSELECT 2 AS y;",
        ])
        // Two result columns PostgreSQL names alike get distinct Swift names; two queries named alike are an error.
        #expect(fixture.errors == ["b.sql:3:1: error: query name 'Other' is already used at b.sql:1"])
        #expect(fixture.queries.first { $0.name == "same" }?.columns.map(\.name) == ["id", "id2"])
    }
}

@Suite("Catalog")
struct CatalogTests {
    @Test func migrationsApplyInOrder() {
        let fixture = AnalysisFixture(schema: schema + """

            ALTER TABLE categories ADD COLUMN icon text NOT NULL DEFAULT 'star';
            ALTER TABLE categories RENAME COLUMN description TO summary;
            ALTER TABLE categories ALTER COLUMN summary SET NOT NULL;
            ALTER TABLE duas ALTER COLUMN weight TYPE double precision;
            ALTER TABLE duas DROP COLUMN repetitions;
            CREATE INDEX duas_title_idx ON duas (title_en);
            CREATE EXTENSION IF NOT EXISTS pgcrypto;
            CREATE VIEW category_counts AS
                SELECT c.slug, count(d.id) AS duas FROM categories c LEFT JOIN duas d ON d.category_id = c.id GROUP BY c.slug;
            """, queries: [
            "a.sql": "-- name: Cats :many\nSELECT * FROM categories;",
            "b.sql": "-- name: Weights :many\nSELECT weight FROM duas;",
            "c.sql": "-- name: Counts :many\nSELECT * FROM category_counts;",
            "d.sql": "-- name: Reps :many\nSELECT repetitions FROM duas;",
        ])
        #expect(fixture.errors == ["d.sql:2:8: error: column \"repetitions\" does not exist"])
        let byName = Dictionary(uniqueKeysWithValues: fixture.queries.map { ($0.name, $0.columns.map { "\($0.name): \($0.swiftType)" }) })
        #expect(byName["cats"] == ["id: Int", "name: String", "slug: String", "summary: String", "icon: String"])
        #expect(byName["weights"] == ["weight: Double?"])
        #expect(byName["counts"] == ["slug: String", "duas: Int"])
    }

    @Test func schemaErrorsAreReportedWithPositions() {
        let fixture = AnalysisFixture(schema: """
            CREATE TABLE a (id integer PRIMARY KEY, mood feeling);
            CREATE TABLE a (id integer);
            ALTER TABLE missing ADD COLUMN x int;
            """, queries: [:])
        #expect(fixture.errors == [
            "schema.sql:1:46: error: type \"feeling\" does not exist",
            "schema.sql:2:14: error: relation \"a\" already exists",
            "schema.sql:3:13: error: relation \"missing\" does not exist",
        ])
    }
}

/// GROUP BY ROLLUP/CUBE/GROUPING SETS and grouping(); LEFT JOIN to a subquery of exactly one row.
@Suite("Analyzer: grouping sets and one-row joins")
struct AnalyzerGroupingTests {
    @Test func rollupMakesGroupedColumnsOptionalAndGroupingIsAnInteger() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: R :many
            SELECT category_id, repetitions, count(*) AS n, grouping(category_id, repetitions) AS g
            FROM duas GROUP BY ROLLUP (category_id, repetitions);
            """)
        #expect(fixture.errors == [])
        #expect(fixture.columnSignature == ["categoryId: Int?", "repetitions: Int?", "n: Int", "g: Int"])
        #expect(fixture.columnPGTypes == ["integer", "smallint", "bigint", "integer"])
    }

    @Test func cubeIsNotAFunctionCall() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: C :many
            SELECT title_en, max(xp_value) AS top FROM duas GROUP BY CUBE (title_en);
            """)
        #expect(fixture.errors == [])
        #expect(fixture.columnSignature == ["titleEn: String?", "top: Int?"])
    }

    @Test func groupingSetItemsSeeOutputAliasesLikeOtherGroupByItems() {
        let top = AnalysisFixture(schema: schema, query: """
            -- name: T :many
            SELECT lower(title_en) AS t, count(*) AS n FROM duas GROUP BY t;
            """)
        #expect(top.errors == [])
        let nested = AnalysisFixture(schema: schema, query: """
            -- name: N :many
            SELECT lower(title_en) AS t, count(*) AS n FROM duas GROUP BY ROLLUP (t);
            """)
        // PostgreSQL 15 resolves a name inside ROLLUP/CUBE/GROUPING SETS as at the top of GROUP BY
        // (transformGroupingSet passes the same SQL92 rules): input column first, then output alias.
        #expect(nested.errors == [])
        #expect(nested.columnSignature == ["t: String?", "n: Int"])
    }

    @Test func leftJoinToOneRowSubqueryOnTrueKeepsItsNullability() {
        func columns(_ join: String) -> [String] {
            AnalysisFixture(schema: schema, query: """
                -- name: J :many
                SELECT c.id, s.n, s.heaviest FROM categories c \(join);
                """).columnSignature
        }
        let subquery = "(SELECT count(*) AS n, max(d.weight) AS heaviest FROM duas d WHERE d.category_id = c.id) s"
        #expect(columns("LEFT JOIN LATERAL \(subquery) ON true") == ["id: Int", "n: Int", "heaviest: Decimal?"])
        #expect(columns("LEFT JOIN LATERAL \(subquery) ON ((true))") == ["id: Int", "n: Int", "heaviest: Decimal?"])
        #expect(columns("CROSS JOIN LATERAL \(subquery)") == ["id: Int", "n: Int", "heaviest: Decimal?"])
        #expect(columns(", LATERAL \(subquery)") == ["id: Int", "n: Int", "heaviest: Decimal?"])
        // Any other condition can be false; GROUP BY, HAVING and LIMIT allow no row at all.
        #expect(columns("LEFT JOIN LATERAL \(subquery) ON s.n > 0") == ["id: Int", "n: Int?", "heaviest: Decimal?"])
        let grouped = "(SELECT count(*) AS n, max(d.weight) AS heaviest FROM duas d WHERE d.category_id = c.id GROUP BY d.id) s"
        #expect(columns("LEFT JOIN LATERAL \(grouped) ON true") == ["id: Int", "n: Int?", "heaviest: Decimal?"])
        let having = "(SELECT count(*) AS n, max(d.weight) AS heaviest FROM duas d WHERE d.category_id = c.id HAVING count(*) > 1) s"
        #expect(columns("LEFT JOIN LATERAL \(having) ON true") == ["id: Int", "n: Int?", "heaviest: Decimal?"])
        let limited = "(SELECT count(*) AS n, max(d.weight) AS heaviest FROM duas d WHERE d.category_id = c.id LIMIT 0) s"
        #expect(columns("LEFT JOIN LATERAL \(limited) ON true") == ["id: Int", "n: Int?", "heaviest: Decimal?"])
        let plain = "(SELECT d.xp_value AS n, d.weight AS heaviest FROM duas d WHERE d.category_id = c.id) s"
        #expect(columns("LEFT JOIN LATERAL \(plain) ON true") == ["id: Int", "n: Int?", "heaviest: Decimal?"])
    }
}

@Suite("Analyzer: columns in every grouping set")
struct AnalyzerEverySetTests {
    @Test func aPlainItemBesideRollupKeepsItsNullabilityAndMakesGroupsNonEmpty() {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: P :many
            SELECT title_en, category_id, weight, max(xp_value) AS top, count(*) AS n
            FROM duas GROUP BY title_en, ROLLUP (category_id), GROUPING SETS ((weight), ());
            """)
        #expect(fixture.errors == [])
        // max(xp_value) sees a row in every group, but xp_value, grouped in no set, is NULL-filled
        // before aggregates see it: conservatively optional.
        #expect(fixture.columnSignature == ["titleEn: String", "categoryId: Int?", "weight: Decimal?", "top: Int?", "n: Int"])
        let everySetAggregate = AnalysisFixture(schema: schema, query: """
            -- name: M :many
            SELECT max(title_en) AS top FROM duas GROUP BY title_en, ROLLUP (category_id);
            """)
        #expect(everySetAggregate.columnSignature == ["top: String"])
        // Without a plain item the grand total may aggregate no row.
        let rollupOnly = AnalysisFixture(schema: schema, query: """
            -- name: R :many
            SELECT title_en, max(xp_value) AS top FROM duas GROUP BY ROLLUP (title_en);
            """)
        #expect(rollupOnly.columnSignature == ["titleEn: String?", "top: Int?"])
        // A cast groups by the cast value, not the column: the select-list item written the same
        // way is in every set, so never NULL-filled (title_en is NOT NULL).
        let cast = AnalysisFixture(schema: schema, query: """
            -- name: C :many
            SELECT title_en::varchar AS t, count(*) AS n FROM duas GROUP BY title_en::varchar, ROLLUP (category_id);
            """)
        #expect(cast.columnSignature == ["t: String", "n: Int"])
        // The same by alias and by position, for an expression.
        let alias = AnalysisFixture(schema: schema, query: """
            -- name: A :many
            SELECT lower(title_en) AS t, category_id, count(*) AS n FROM duas GROUP BY t, ROLLUP (2);
            """)
        #expect(alias.columnSignature == ["t: String", "categoryId: Int?", "n: Int"])
        let position = AnalysisFixture(schema: schema, query: """
            -- name: B :many
            SELECT lower(title_en) AS t, category_id, count(*) AS n FROM duas GROUP BY 1, CUBE (category_id);
            """)
        #expect(position.columnSignature == ["t: String", "categoryId: Int?", "n: Int"])
    }
}
