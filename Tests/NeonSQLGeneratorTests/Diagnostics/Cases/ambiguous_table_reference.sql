--- schema.sql
CREATE SCHEMA other;
CREATE TABLE a (id integer PRIMARY KEY, x integer);
CREATE TABLE other.a (id integer PRIMARY KEY, y text);
--- queries.sql
-- name: TableOfTwoSchemas :many
SELECT a.id AS n FROM a, other.a;
-- name: DeleteUsingNamesake :exec
DELETE FROM a USING other.a WHERE a.id = 1;
-- name: SchemaQualifiedColumnsOk :many
SELECT other.a.y AS n, public.a.x AS m FROM a, other.a;
-- name: JoinedNamesakes :many
SELECT a.id AS n FROM a JOIN other.a ON true;
-- name: SchemaQualifiedConditionOk :many
SELECT 1 AS n FROM a, other.a WHERE other.a.id = public.a.id;
-- name: OneTableOk :many
SELECT a.x AS n FROM a;
-- name: OtherLevelOk :many
SELECT (SELECT a.id FROM other.a) AS n FROM a;
--- expected
queries.sql:2:8: error: table reference "a" is ambiguous
queries.sql:4:35: error: table reference "a" is ambiguous
queries.sql:8:8: error: table reference "a" is ambiguous
