import Foundation
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import NeonSQLTestSupport

/// PostgreSQL types a parameter at its first use in the order it reads the statement (FROM, the
/// select list, WHERE, ...; an UPDATE's WHERE before its SET; `a BETWEEN b AND c` as `a >= b`,
/// then `a <= c`; a row comparison pair by pair), and later uses see that type. A value assigned
/// through a `[subscript]` or `.field` after its column (INSERT's column list, SET, MERGE, ON
/// CONFLICT DO UPDATE) takes the element's or the field's type. Each shape below
/// is PREPAREd by a real PostgreSQL and analyzed by the generator: both must accept it with the
/// same parameter types, or both reject it.
@Suite("Differential: parameter typing order and row comparisons vs PREPARE", .serialized, .offCooperativePool)
struct ParameterOrderDifferentialTests {
    static let schema = """
        CREATE TABLE accounts (tenant_id uuid NOT NULL, id bigint NOT NULL, name text NOT NULL, email text,
                               created_at timestamptz NOT NULL, score int, at time, PRIMARY KEY (tenant_id, id));
        CREATE TABLE items (id bigserial PRIMARY KEY, account_id bigint NOT NULL, kind text NOT NULL, price numeric, qty int NOT NULL);
        CREATE TYPE mood AS ENUM ('happy', 'sad');
        CREATE TABLE notes (status mood, doc json, code varchar(10), amount numeric);
        CREATE TYPE pair AS (x int, y text);
        CREATE TABLE pairs (id int NOT NULL, p pair, a int, b text);
        CREATE TABLE tagged (id int PRIMARY KEY, tags text[], nums int[], doc jsonb, p pair, ps pair[]);
        """

    /// Statements with `$n` parameters, each as PostgreSQL reads it.
    static let shapes: [String] = [
        // Typing order.
        "SELECT id FROM accounts WHERE at BETWEEN $1 AND $1 + interval '1 hour'",
        "SELECT id FROM accounts WHERE created_at BETWEEN $1 AND $1 + interval '1 day'",
        "SELECT id FROM accounts WHERE created_at BETWEEN $1 - interval '1 day' AND $1",
        "SELECT id FROM accounts WHERE at BETWEEN $1 + interval '1 hour' AND $1",
        "SELECT id FROM accounts WHERE at BETWEEN $1::time AND $1 + interval '1 hour'",
        "SELECT id FROM accounts WHERE $1 BETWEEN score AND id",
        "SELECT id FROM accounts WHERE score BETWEEN SYMMETRIC $1 AND $1 + 10",
        "SELECT id FROM accounts WHERE score NOT BETWEEN $1 AND $1 * 2",
        "SELECT id FROM accounts WHERE score BETWEEN $1 AND $2 AND id BETWEEN $2 AND $1",
        "SELECT id FROM accounts WHERE created_at BETWEEN $1 AND $2 AND $2 - $1 < interval '7 days'",
        "SELECT id FROM accounts WHERE at > $1 AND at < $1 + interval '1 hour'",
        "SELECT id FROM accounts WHERE score IN ($1, $1 + 1)",
        "SELECT id FROM accounts WHERE score IN ($1 + 1, $1)",
        "SELECT id FROM accounts WHERE score IN ($1, $2) AND id = $1",
        "SELECT id FROM accounts WHERE id IN ($1, $1 + 1)",
        "SELECT id FROM accounts WHERE id IN ($1, score, $1 + 1)",
        "SELECT id FROM accounts WHERE score IN ($1, $1 + 1::bigint)",
        "SELECT * FROM (VALUES ($1, 1), ($1 + 1, 2)) v(a, b)",
        "SELECT * FROM (VALUES ($1), (2::bigint), ($1 + 1)) v(a)",
        "SELECT id FROM accounts WHERE id IN ($1, $2) AND score = $1",
        "SELECT id FROM accounts WHERE score = $1 OR $1 IS NULL",
        "SELECT id FROM accounts WHERE $1::int IS NULL OR score = $1",
        "SELECT id FROM accounts WHERE $1 IS NULL OR score = $1",
        "SELECT id FROM accounts WHERE id = $1 AND score = $1",
        "SELECT id FROM accounts WHERE score = $1 AND id = $1",
        "SELECT id FROM accounts WHERE name = $1 AND score = $1",
        "SELECT $1 FROM accounts WHERE id = $1",
        "SELECT $1 AS a FROM accounts WHERE name = $1",
        "SELECT $1::int AS a, $1 AS b",
        "SELECT $1 AS a, $1::int AS b",
        "SELECT $1 AS a FROM accounts WHERE name = $1",
        "SELECT $1 AS a FROM accounts WHERE id = $1",
        "SELECT $1 AS a FROM accounts WHERE $1 IS NULL",
        "SELECT $1 AS a FROM accounts LIMIT $1",
        "SELECT $1 AS a, $1 AS b",
        "SELECT $1 AS a FROM accounts WHERE email = $1 OR $1 IS NULL",
        "SELECT id FROM accounts WHERE name IN (SELECT $1) AND email = $1",
        "SELECT id FROM accounts WHERE score IN (SELECT $1) AND score = $1::int",
        "SELECT $1 AS a, count(*) AS n FROM accounts GROUP BY 1 HAVING $1 <> ''",
        "SELECT x FROM (SELECT $1 AS x) s WHERE x = 'a'",
        "SELECT ($1) AS a FROM accounts WHERE name = $1",
        "SELECT $1 AS a FROM accounts ORDER BY $1",
        "SELECT id FROM accounts LIMIT $1 OFFSET $1",
        "UPDATE accounts SET score = $1 WHERE id = $1",
        "UPDATE accounts SET name = $1 WHERE id = $1",
        "UPDATE accounts SET score = $1, name = $1",
        "SELECT score + $1 AS s FROM accounts WHERE id > $1",
        "SELECT id FROM accounts WHERE coalesce($1, score) > 0 AND id = $1",
        "SELECT id FROM accounts WHERE id = $1 AND coalesce($1, score) > 0",
        "SELECT id FROM accounts WHERE created_at >= $1 AND created_at < $1::date + 1",
        "SELECT id FROM accounts WHERE created_at::date = $1 AND $1 < now()",
        "SELECT id FROM accounts WHERE score > $1 ORDER BY score * $1",
        "SELECT id, CASE WHEN score > $1 THEN $1 ELSE 0 END AS c FROM accounts",
        "SELECT id FROM accounts WHERE $1 + 1 > score AND id < $1",
        "SELECT id FROM accounts WHERE id < $1 AND $1 + 1 > score",
        "SELECT greatest($1, score) AS g FROM accounts WHERE id = $1",
        "SELECT id FROM accounts WHERE email LIKE $1 || '%' AND name = $1",
        "SELECT count(*) FILTER (WHERE score > $1) AS n FROM accounts HAVING count(*) > $1",
        "SELECT id FROM accounts WHERE name = $1 ORDER BY $1",
        "SELECT CASE $1 WHEN 1 THEN 'a' ELSE 'b' END AS c FROM accounts WHERE id = $1",
        "SELECT id FROM accounts WHERE id = $1 AND CASE $1 WHEN 1 THEN true ELSE false END",
        "SELECT coalesce(score, $1) AS s FROM accounts WHERE id > $1",
        "SELECT id FROM accounts WHERE score = ANY($1) AND id = ANY($1)",
        "SELECT id FROM accounts WHERE id = ANY($1) AND score = ANY($1)",
        "SELECT (SELECT max(id) FROM accounts WHERE score > $1) AS m FROM accounts WHERE name = $1",
        "WITH a AS (SELECT id FROM accounts WHERE score > $1) SELECT id FROM a WHERE id > $1",
        "SELECT id FROM accounts WHERE created_at > $1 AND date_trunc('day', $1) < now()",
        "SELECT id, score FROM accounts ORDER BY score > $1, id > $1",
        "SELECT id FROM accounts GROUP BY id HAVING id > $1 AND count(*) > $1",
        "SELECT id FROM accounts WHERE score > $1 AND name LIKE $1",
        "SELECT id FROM accounts WHERE at BETWEEN $1 AND $2 AND $2 > $1 + interval '1 minute'",
        "SELECT id FROM accounts WHERE created_at BETWEEN $1::date AND $1::date + 1",
        "SELECT id FROM accounts WHERE score BETWEEN $1 AND $1",
        "SELECT id FROM accounts WHERE score + $1 BETWEEN $1 AND 10",
        "SELECT id FROM accounts WHERE $1 BETWEEN $2 AND 10",
        "SELECT id FROM accounts WHERE created_at BETWEEN now() - $1::interval AND now() AND $1 > interval '0'",
        "SELECT id FROM accounts WHERE at BETWEEN $1 AND $1 + $2",
        "SELECT id FROM accounts WHERE created_at > $1 OR $1 IS NULL",
        "SELECT id FROM accounts WHERE at + $1 > at AND $1 > interval '1 hour'",
        "SELECT array_agg(id ORDER BY id) FILTER (WHERE score > $1) AS ids FROM accounts WHERE score < $1 + 10",
        "INSERT INTO items (account_id, kind, qty) VALUES ($1, 'x', $1)",
        "INSERT INTO items (account_id, kind, qty) VALUES ($1, $2, 1) ON CONFLICT (id) DO UPDATE SET qty = $1",
        "UPDATE items SET qty = $1, account_id = $1",
        "UPDATE items SET account_id = $1, qty = $1",
        "SELECT id FROM items WHERE qty = $1 LIMIT $1",
        "SELECT id FROM items WHERE account_id = $1 LIMIT $1",
        "SELECT id FROM items WHERE price > $1 AND qty > $1",
        "SELECT id FROM items WHERE qty > $1 AND price > $1",
        "INSERT INTO items (account_id, kind, qty) SELECT $1, $2, $1",
        "SELECT coalesce(price, $1) AS p, coalesce(qty, $1) AS q FROM items",
        "SELECT id FROM items WHERE kind = $1 OR kind LIKE $1 || '%'",
        "SELECT id FROM items WHERE qty = $1 OR qty + 1 = $1",
        "SELECT id FROM items WHERE id = $1 OR account_id = $1 OR qty = $1",
        "SELECT id FROM items WHERE qty = $1 OR id = $1",
        "SELECT id FROM items WHERE qty IN ($1, $2) OR id IN ($1, $2)",
        "SELECT id FROM items WHERE price BETWEEN $1 AND $2 OR qty BETWEEN $1 AND $2",
        "SELECT id FROM items WHERE qty BETWEEN $1 AND $2 OR price BETWEEN $1 AND $2",
        "SELECT id FROM items WHERE (qty, id) > ($1, $2) OR (price, account_id) > ($1, $2)",
        "SELECT id FROM items WHERE (account_id, kind) IN (SELECT $1::bigint, $2::text) AND id = $1",
        "SELECT id FROM items WHERE qty = ANY($1::int[]) AND id = ANY($1)",
        // Assignment through subscripts and fields: the element's or field's type, in every position.
        "INSERT INTO tagged (id, tags[1]) VALUES (1, $1)",
        "INSERT INTO tagged (id, tags[1], tags[2]) VALUES (1, $1, $2)",
        "INSERT INTO tagged (id, tags[$1]) VALUES (1, $2)",
        "INSERT INTO tagged (id, nums[1]) VALUES (1, $1)",
        "INSERT INTO tagged (id, nums[1]) SELECT 1, $1",
        "INSERT INTO tagged (id, tags[1]) VALUES (1, 'x'::text)",
        "INSERT INTO tagged (id, p.x, p.y) VALUES ($1, $2, $3), (2, $4, $5)",
        "INSERT INTO tagged (id, tags[1]) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET tags[2] = $3, p.x = $4",
        "UPDATE tagged SET tags[1] = $1",
        "UPDATE tagged SET p.y = $1, p.x = $2",
        "UPDATE tagged SET tags[1:2] = $1",
        "UPDATE tagged SET ps[1].x = $1",
        "UPDATE tagged SET (tags[1], p.y) = ($1, $2)",
        "UPDATE tagged SET doc['a'] = $1",
        "UPDATE tagged SET doc[$1] = $2",
        "MERGE INTO tagged t USING (SELECT 1 AS k) s ON t.id = s.k WHEN MATCHED THEN UPDATE SET tags[1] = $1, p.y = $2 "
            + "WHEN NOT MATCHED THEN INSERT (id, tags[1], p.x) VALUES (s.k, $3, $4)",
        // Row-value comparisons.
        "SELECT id FROM accounts WHERE (tenant_id, id) IN (SELECT unnest($1::uuid[]), unnest($2::bigint[]))",
        "SELECT id FROM accounts WHERE (tenant_id, id) NOT IN (SELECT tenant_id, id FROM accounts WHERE score > $1)",
        "SELECT id FROM accounts WHERE (score, id) = ANY (SELECT unnest($1::int[]), unnest($2::bigint[]))",
        "SELECT id FROM accounts WHERE (tenant_id, id) IN (SELECT unnest($1), unnest($2))",
        "SELECT id FROM accounts WHERE (tenant_id, id) IN (SELECT * FROM unnest($1::uuid[], $2::bigint[]))",
        "SELECT id FROM accounts WHERE (tenant_id, id) IN (SELECT $1, $2)",
        "SELECT id FROM accounts WHERE ($1, $2) IN (SELECT tenant_id, id FROM accounts)",
        "SELECT id FROM accounts WHERE (created_at, id) > ($1, $2) ORDER BY created_at, id LIMIT $3",
        "SELECT id FROM accounts WHERE (created_at, id) < ($1, $2)",
        "SELECT id FROM accounts WHERE (created_at, id) <= ($1, $2)",
        "SELECT id FROM accounts WHERE (created_at, id) >= ($1, $2)",
        "SELECT id FROM accounts WHERE (created_at, id) = ($1, $2)",
        "SELECT id FROM accounts WHERE (created_at, id) <> ($1, $2)",
        "SELECT id FROM accounts WHERE ROW(created_at, id) > ROW($1, $2)",
        "SELECT id FROM accounts WHERE ($1, $2) < (created_at, id)",
        "SELECT id FROM accounts WHERE ((created_at, id)) > (($1, $2)) AND tenant_id = $3",
        "SELECT id FROM accounts WHERE (email, score) IS DISTINCT FROM ($1, $2)",
        "SELECT id FROM accounts WHERE (email, score) IS NOT DISTINCT FROM ($1, $2)",
        "SELECT id FROM accounts WHERE (tenant_id, id) IN (($1, $2), ($3, 4))",
        "SELECT id FROM accounts WHERE (score, id) IN (($1, $2))",
        "SELECT id FROM accounts WHERE (score, id) NOT IN ((1, 2), (3, 4))",
        "SELECT id FROM accounts WHERE (score, name) IN (VALUES (1, 'a'), (2, 'b'))",
        "SELECT id FROM accounts WHERE (score, id) = (SELECT 1, 2::bigint)",
        "SELECT id FROM accounts WHERE (score, id) > (SELECT max(score), max(id) FROM accounts)",
        "SELECT id FROM accounts WHERE (score, id) = (SELECT $1, $2)",
        "SELECT id FROM accounts WHERE (tenant_id, id) <> ALL (SELECT tenant_id, id FROM accounts WHERE email IS NULL)",
        "SELECT id FROM accounts WHERE (score + 1, lower(name)) = ($1, $2)",
        "SELECT id FROM accounts WHERE ROW(score) = ROW($1)",
        "SELECT id FROM accounts WHERE (score, id) > ($1, $1)",
        "SELECT id FROM accounts WHERE (score, name) = ($1, $1)",
        "SELECT id FROM accounts WHERE (score, id) IN ((1, 2), ($1, 4)) AND score = $1",
        "SELECT id FROM accounts WHERE (score, id) IN (SELECT 1)",
        "SELECT id FROM accounts WHERE score IN (SELECT 1, 2)",
        "SELECT id FROM accounts WHERE (score, id) = (1, 2, 3)",
        "SELECT id FROM accounts WHERE (score, id) @> (1, 2)",
        "SELECT id FROM accounts WHERE ROW() = ROW()",
        "SELECT (score, id) = ($1, $2) AS same FROM accounts",
        "SELECT id FROM items WHERE (account_id, kind) IN (SELECT unnest($1::bigint[]), unnest($2::text[]))",
        "SELECT id FROM accounts WHERE (created_at, created_at + interval '1 day') OVERLAPS ($1, $2)",
        "SELECT id FROM accounts WHERE (at, at + interval '1 hour') OVERLAPS ($1, $2)",
        "SELECT (created_at, $1) OVERLAPS ($2, now()) AS o FROM accounts",
        // A one-column subquery compared through the operator, as PostgreSQL does.
        "SELECT 1 AS one FROM notes WHERE status IN (SELECT 'happy')",
        "SELECT 1 AS one FROM notes WHERE status IN (SELECT 'happy'::mood)",
        "SELECT 1 AS one FROM notes WHERE doc IN (SELECT doc FROM notes)",
        "SELECT 1 AS one FROM notes WHERE code IN (SELECT 'x'::text)",
        "SELECT 1 AS one FROM notes WHERE amount = ANY (SELECT 1)",
        "SELECT 1 AS one FROM notes WHERE status IN (SELECT $1)",
        "SELECT 1 AS one FROM notes WHERE $1 IN (SELECT status FROM notes)",
        // Composite values compare as records.
        "SELECT id FROM pairs WHERE (a, b) = p",
        "SELECT id FROM pairs WHERE p = ROW($1, $2)",
        "SELECT id FROM pairs WHERE ROW(a, b) = ROW($1, $2)::pair",
        "SELECT id FROM pairs WHERE (a, b) IN (SELECT (p).x, (p).y FROM pairs)",
        "SELECT id FROM pairs WHERE p IN (SELECT p FROM pairs)",
        "SELECT id FROM pairs WHERE pairs = pairs",
        "SELECT id FROM pairs WHERE p = $1",
        "SELECT id FROM pairs WHERE p IS DISTINCT FROM ROW(1, 'a')::pair",
        "SELECT id FROM pairs WHERE p < ROW($1, $2)::pair ORDER BY p",
        "SELECT id FROM pairs WHERE (a, b) = (p).x",
        "INSERT INTO pairs (id, p) VALUES (1, ROW($1, $2))",
        "UPDATE pairs SET p = ($1, $2) WHERE id = $3",
        "SELECT ROW($1, $2)::pair AS pp",
        "SELECT ROW(1, 'a', 3)::pair AS pp",
        // GROUP BY / ORDER BY naming output columns.
        "SELECT kind AS k, count(*) AS n FROM items GROUP BY ROLLUP (k) HAVING count(*) > $1",
        "SELECT kind AS k, count(*) AS n FROM items GROUP BY ROLLUP (1)",
        "SELECT kind AS k, account_id, sum(qty) AS total FROM items GROUP BY GROUPING SETS ((k, account_id), (k), ())",
        "SELECT kind AS k, count(*) AS n FROM items GROUP BY 1 ORDER BY 2 DESC, 1",
        "SELECT kind AS k, count(*) AS n FROM items GROUP BY k ORDER BY n + 1",
        "SELECT kind AS k FROM items ORDER BY k || 'x'",
        "SELECT kind AS k FROM items ORDER BY 3",
        "SELECT kind AS k, count(*) FROM items GROUP BY 4",
        "SELECT kind AS k, count(*) FROM items GROUP BY CUBE (k, 3)",
        "SELECT kind AS k, account_id AS a, count(*) AS n FROM items GROUP BY (k, a)",
        "SELECT kind AS k, count(*) AS n FROM items GROUP BY ROW(k, qty)",
        "SELECT kind, account_id, count(*) AS n FROM items GROUP BY DISTINCT ROLLUP (kind, account_id), ROLLUP (kind)",
        "SELECT kind, account_id, count(*) AS n FROM items GROUP BY GROUPING SETS (ROLLUP (kind), CUBE (account_id), ())",
        "SELECT kind AS k, sum(qty) AS total FROM items GROUP BY k ORDER BY total DESC NULLS LAST, k",
    ]

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func parameterTypesAndRejectionsAgreeWithPrepare() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let psql = PSQL(url: url)
        let files = Dictionary(uniqueKeysWithValues: Self.shapes.enumerated().map { index, sql in
            (String(format: "shape_%03d.sql", index), sql + ";\n")
        })
        let fixture = AnalysisFixture(schema: Self.schema, queries: files)
        let database = "neon_sql_order_\(UInt32.random(in: 0...UInt32.max))"
        _ = try psql.run("CREATE DATABASE \(database);")
        defer { _ = try? psql.run("DROP DATABASE IF EXISTS \(database) WITH (FORCE);") }
        _ = try psql.run(Self.schema, database: database)

        var agreeing = 0
        for (index, sql) in Self.shapes.enumerated() {
            let file = String(format: "shape_%03d.sql", index)
            let errors = fixture.model.diagnostics.filter { $0.severity == .error && $0.file == file }.map(\.message)
            let ours: String
            if !errors.isEmpty {
                ours = "rejected"
            } else if let query = fixture.queries.first(where: { $0.file == file }) {
                ours = query.query.parameters.map(\.type.formatName).joined(separator: ",")
            } else {
                ours = "no query"
            }
            let theirs: String
            do {
                let output = try psql.run("""
                    PREPARE neon_sql_order AS \(sql);
                    SELECT coalesce(array_to_string(parameter_types::text[], ','), '') FROM pg_prepared_statements WHERE name = 'neon_sql_order';
                    """, database: database)
                theirs = output.trimmingCharacters(in: .whitespacesAndNewlines)
            } catch {
                theirs = "rejected"
            }
            if ours == theirs {
                agreeing += 1
            } else {
                Issue.record(Comment(rawValue: "\(sql)\n  generator: \(ours) \(errors)\n  PostgreSQL: \(theirs)"))
            }
        }
        print("parameter order differential: \(agreeing)/\(Self.shapes.count) shapes agree with PREPARE")
        #expect(agreeing == Self.shapes.count)
    }
}
