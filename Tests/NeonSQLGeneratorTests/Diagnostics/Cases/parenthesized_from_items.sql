--- schema.sql
CREATE TABLE a (id integer PRIMARY KEY, x integer);
CREATE TABLE b (id integer PRIMARY KEY, y integer);
--- queries.sql
-- name: TableInParentheses :many
SELECT 1 AS n FROM (a);
-- name: AliasedTableInParentheses :many
SELECT 1 AS n FROM (a) AS z;
-- name: JoinInDoubleParenthesesOk :many
SELECT 1 AS n FROM ((a JOIN b USING (id)));
-- name: AliasedJoinInParentheses :many
SELECT 1 AS n FROM ((a JOIN b USING (id)) AS q);
-- name: TableAliasInParentheses :many
SELECT 1 AS n FROM (a AS p);
-- name: AliasOnDoubleParenthesesOk :many
SELECT 1 AS n FROM ((a JOIN b USING (id))) AS w;
-- name: FunctionInParentheses :many
SELECT 1 AS n FROM (generate_series(1, 2));
-- name: AliasedJoinJoinedInParenthesesOk :many
SELECT 1 AS n FROM ((a JOIN b USING (id)) AS q JOIN a AS r USING (id));
-- name: JoinsInParenthesesOk :many
SELECT 1 AS n FROM (a CROSS JOIN b), (b AS c NATURAL JOIN a AS d);
--- expected
queries.sql:2:22: error: syntax error at or near ")"
queries.sql:4:22: error: syntax error at or near ")"
queries.sql:8:47: error: syntax error at or near ")"
queries.sql:10:27: error: syntax error at or near ")"
queries.sql:14:42: error: syntax error at or near ")"
