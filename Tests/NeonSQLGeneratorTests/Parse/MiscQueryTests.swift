import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

@Suite("Parser: assorted app queries")
struct MiscQueryTests {
    static let queries = [
        "SELECT * FROM t WHERE a = $1 AND b IS NOT NULL ORDER BY c LIMIT $2 OFFSET $3",
        "SELECT count(*) AS \"total!\", max(x) AS \"m?\" FROM t",
        "SELECT COALESCE(sum(x), 0)::bigint FROM t",
        "CREATE TABLE t2 (LIKE t INCLUDING ALL, extra int)",
        "SELECT x FROM t WHERE ts > now() - '7 days'::interval",
        "SELECT id FROM t WHERE name ~* '^a' OR name !~ 'b'",
        "SELECT a FROM t GROUP BY a HAVING bool_or(b)",
        "SELECT jsonb_build_object('a', 1) -> 'a', (data->>'n')::int, data #> '{a,0}' FROM t",
        "SELECT * FROM t1, LATERAL unnest(t1.arr) WITH ORDINALITY AS u(v, i)",
        "SELECT 1 FROM t WHERE (a, b) IN (SELECT x, y FROM u)",
        "SELECT * FROM t FOR UPDATE OF t NOWAIT",
        "SELECT t.id FROM t WHERE t.created_at AT TIME ZONE 'UTC' >= date_trunc('day', now())",
        "SELECT 'a' = ANY('{a,b}'::text[]), CAST(NULL AS int), x IS NOT TRUE FROM t",
        "SELECT * FROM \"Users\" u WHERE u.\"Id\" = 1",
        "SELECT sum(x) OVER w, first_value(x) OVER (w ORDER BY y) FROM t WINDOW w AS (PARTITION BY g ROWS 3 PRECEDING)",
        "SELECT string_agg(DISTINCT name, ',') FROM t",
        "SELECT generate_series(1, 10) AS n",
        "SELECT now() - created_at > interval '1 hour' AS stale FROM t",
        "SELECT array_length(tags, 1), cardinality(tags), tags[1], tags[2:3] FROM t WHERE tags @> ARRAY['a'] AND tags && $1::text[]",
        "SELECT lower(email) FROM users WHERE email ILIKE '%' || @q || '%'",
        "SELECT to_char(created_at, 'YYYY') || '-' || extract(month FROM created_at)::text FROM t",
        "SELECT * FROM t WHERE id = ANY($1) AND status <> ALL(ARRAY['x', 'y']::status[])",
        "SELECT d.id FROM public.duas AS d WHERE d.source IS NOT DISTINCT FROM @source",
        "INSERT INTO t (a, b) SELECT a, b FROM u ON CONFLICT DO NOTHING RETURNING *",
        "INSERT INTO t VALUES (1), (2)",
        "UPDATE t SET n = n + 1 WHERE id IN (SELECT id FROM u) RETURNING n * 2 AS doubled",
        "DELETE FROM t WHERE id = $1",
        "SELECT x FROM t ORDER BY x USING >",
        "SELECT count(*) FILTER (WHERE a) OVER () FROM t",
        "SELECT (SELECT count(*) FROM c WHERE c.p = p.id) AS n FROM p",
        "SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS v(id, name)",
        "SELECT json_agg(t) FROM (SELECT 1 AS a) t",
        "SELECT row_to_json(t.*) FROM t",
        "SELECT 1 WHERE 'x' SIMILAR TO 'x' AND NOT 'y' NOT LIKE 'z'",
        "SELECT E'\\\\x41', U&'\\0041', $tag$it's$tag$, B'1', X'FF'",
        "SELECT greatest(1, 2) FROM t WHERE a BETWEEN 1 AND 10 AND b NOT BETWEEN 2 AND 3",
        "WITH x AS (SELECT 1) SELECT * FROM x UNION SELECT * FROM x EXCEPT ALL SELECT 2",
        "SELECT DISTINCT ON (user_id) user_id, date FROM user_activity ORDER BY user_id, date DESC",
        "SELECT age(now(), created_at), date_part('day', now()), make_interval(days => 1) FROM t",
        "SELECT mood::text, 'happy'::mood FROM t WHERE mood = 'sad'",
        "SELECT position FROM positions WHERE type = 'x' AND value > 0 AND key <> '' AND name IS NOT NULL",
        "SELECT day, hour, year, month, language, action, data, text, context, source, level FROM t",
    ]

    @Test(arguments: queries)
    func parses(_ sql: String) {
        #expect(parseStatement(sql) != nil)
    }
}
