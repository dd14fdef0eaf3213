import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// Table-expanding `*`s are sent as the columns they stand for at generation time
/// (Scope/NameResolving+StarExpansion.swift); what cannot be named unambiguously stays as written.
@Suite("Star expansion in the SQL sent")
struct StarExpansionTests {
    static let schema = """
        CREATE TABLE a (id int PRIMARY KEY, name text NOT NULL, "Order" int, "select" text);
        CREATE TABLE b (id int PRIMARY KEY, a_id int, note text);
        CREATE TABLE c (id int, a_id int);
        ALTER TABLE b DROP COLUMN note;
        CREATE TYPE pair AS (lo int, hi int);
        CREATE TABLE d (id int, span pair);
        CREATE FUNCTION span_of(x int) RETURNS pair LANGUAGE sql AS 'SELECT span FROM d WHERE id = x';
        """

    static func sql(_ query: String) -> String? {
        let fixture = AnalysisFixture(schema: schema, query: "-- name: Q :many\n" + query)
        #expect(fixture.errors == [])
        #expect(!fixture.model.diagnostics.contains { $0.message.contains("SELECT *") })
        return fixture.query?.sql
    }

    @Test func starAndQualifiedStarListQuotedColumnsWithoutDroppedOnes() {
        #expect(Self.sql("SELECT * FROM a;") == #"SELECT a.id, a.name, a."Order", a."select" FROM a"#)
        #expect(Self.sql("SELECT x.*, b.* FROM a AS x JOIN b ON b.a_id = x.id;")
                == #"SELECT x.id, x.name, x."Order", x."select", b.id, b.a_id FROM a AS x JOIN b ON b.a_id = x.id"#)
        #expect(Self.sql("SELECT x . /* star */ * FROM a x;") == #"SELECT x.id, x.name, x."Order", x."select" FROM a x"#)
        #expect(Self.sql("TABLE b;") == "SELECT b.id, b.a_id FROM b")
    }

    @Test func returningStarIsExpanded() {
        #expect(Self.sql("INSERT INTO b (id) VALUES (@id) RETURNING *;") == "INSERT INTO b (id) VALUES ($1) RETURNING b.id, b.a_id")
        #expect(Self.sql("DELETE FROM b AS t WHERE t.id = @id RETURNING t.*;") == "DELETE FROM b AS t WHERE t.id = $1 RETURNING t.id, t.a_id")
    }

    @Test func usingColumnsStayUnqualifiedWhenUnambiguous() {
        #expect(Self.sql("SELECT * FROM a JOIN b USING (id);")
                == #"SELECT id, a.name, a."Order", a."select", b.a_id FROM a JOIN b USING (id)"#)
        // c also has an `id` that USING did not merge: a plain `id` would be ambiguous.
        let ambiguous = "SELECT * FROM a JOIN b USING (id) JOIN c ON c.a_id = a.id"
        #expect(Self.sql(ambiguous + ";") == ambiguous)
    }

    @Test func existsAndCountKeepTheirStar() {
        #expect(Self.sql("SELECT count(*) FROM a WHERE EXISTS (SELECT * FROM b WHERE b.a_id = a.id);")
                == "SELECT count(*) FROM a WHERE EXISTS (SELECT * FROM b WHERE b.a_id = a.id)")
    }

    @Test func subqueriesAndCommonTablesAreExpandedToo() {
        #expect(Self.sql("WITH x AS (SELECT * FROM b) SELECT * FROM x;")
                == "WITH x AS (SELECT b.id, b.a_id FROM b) SELECT x.id, x.a_id FROM x")
        #expect(Self.sql("SELECT * FROM (SELECT 1 AS x, 2 AS y) s;") == "SELECT s.x, s.y FROM (SELECT 1 AS x, 2 AS y) s")
        // Two columns named `x`: `s.x` would be ambiguous, the star stays.
        #expect(Self.sql("SELECT * FROM (SELECT 1 AS x, 2 AS x) s;") == "SELECT * FROM (SELECT 1 AS x, 2 AS x) s")
    }

    @Test func sqlcEmbedAndStarTogether() {
        #expect(Self.sql("SELECT sqlc.embed(a), b.* FROM a JOIN b ON b.a_id = a.id;")
                == #"SELECT a.id, a.name, a."Order", a."select", b.id, b.a_id FROM a JOIN b ON b.a_id = a.id"#)
    }

    @Test func fieldStarOfARowOrACompositeColumnIsExpanded() {
        #expect(Self.sql("SELECT (x).* FROM b x;") == "SELECT (x).id, (x).a_id FROM b x")
        #expect(Self.sql("SELECT id, (d.span). * FROM d;") == "SELECT id, (d.span).lo, (d.span).hi FROM d")
        // A call's row would be evaluated again per field, its parameter written twice: it stays.
        #expect(Self.sql("SELECT (span_of(@id)).*;") == "SELECT (span_of($1)).*")
    }
}
