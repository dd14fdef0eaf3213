--- schema.sql
CREATE SCHEMA other;
CREATE TABLE a (id integer PRIMARY KEY, x integer);
CREATE TABLE b (id integer PRIMARY KEY, x integer);
CREATE TABLE c (id integer PRIMARY KEY, x integer);
CREATE TABLE other.a (id integer PRIMARY KEY, x integer);
CREATE VIEW v AS SELECT id, x FROM a;
--- queries.sql
-- name: UsingAliasRepeated :many
SELECT 1 AS n FROM a JOIN b USING (id) AS j JOIN c USING (id) AS j;
-- name: UsingAliasNamesATable :many
SELECT 1 AS n FROM a JOIN b USING (id) AS a;
-- name: UsingAliasNamesTheRightTable :many
SELECT 1 AS n FROM a JOIN b USING (id) AS b;
-- name: UsingAliasInsideRepeated :many
SELECT 1 AS n FROM a JOIN (b JOIN c USING (id) AS j) USING (id) AS j;
-- name: UsingAliasThenTableAlias :many
SELECT 1 AS n FROM a JOIN b USING (id) AS j, c AS j;
-- name: TableTwiceInFromList :many
SELECT 1 AS n FROM a, a;
-- name: TableAndItsQualifiedName :many
SELECT 1 AS n FROM a, public.a;
-- name: AliasNamesAnotherSchemasTable :many
SELECT 1 AS n FROM a, other.a AS a;
-- name: SameAliasBothSidesOfJoin :many
SELECT 1 AS n FROM a AS x JOIN b AS x ON true;
-- name: SelfJoinWithoutAliases :many
SELECT 1 AS n FROM a JOIN a ON true;
-- name: NaturalSelfJoin :many
SELECT 1 AS n FROM a NATURAL JOIN a;
-- name: ViewTwice :many
SELECT 1 AS n FROM v JOIN v ON true;
-- name: FunctionsOfOneName :many
SELECT 1 AS n FROM generate_series(1, 2), generate_series(1, 3);
-- name: FunctionAliases :many
SELECT 1 AS n FROM unnest(ARRAY[1]) AS u, unnest(ARRAY[2]) AS u;
-- name: RowsFromAndFunction :many
SELECT 1 AS n FROM ROWS FROM (generate_series(1, 2)) AS r, generate_series(1, 2) AS r;
-- name: CommonTableTwice :many
WITH w AS (SELECT 1 AS v) SELECT 1 AS n FROM w, w;
-- name: CommonTableAndTable :many
WITH a AS (SELECT 1 AS v) SELECT 1 AS n FROM a, public.a;
-- name: JoinAliasNamesTable :many
SELECT 1 AS n FROM (a JOIN b USING (id)) AS j, c AS j;
-- name: SubqueryAliases :many
SELECT 1 AS n FROM (SELECT 1) AS s, (SELECT 2) AS s;
-- name: LateralSubqueryAlias :many
SELECT 1 AS n FROM a, LATERAL (SELECT 1) AS a;
-- name: JoinRightNamesEarlierItem :many
SELECT 1 AS n FROM a, b JOIN c AS a ON true;
-- name: CrossJoinsRepeatTable :many
SELECT 1 AS n FROM a CROSS JOIN b, c CROSS JOIN b;
-- name: UpdateFromItsTarget :exec
UPDATE a SET x = 1 FROM a;
-- name: UpdateFromAliasOfTarget :exec
UPDATE a SET x = 1 FROM b AS a;
-- name: DeleteUsingItsTarget :exec
DELETE FROM a USING a;
-- name: DeleteAliasesRepeated :exec
DELETE FROM a AS t USING b AS t;
-- name: InsertSelectRepeated :exec
INSERT INTO a (id) SELECT 1 FROM a, b AS a;
-- name: DifferentSchemasOk :many
SELECT 1 AS n FROM a, other.a;
-- name: JoinAliasHidesItsTablesOk :many
SELECT 1 AS n FROM (a JOIN b USING (id)) AS a;
-- name: SelfJoinAliasedOk :many
SELECT 1 AS n FROM a AS x JOIN a AS y ON x.id = y.id, b JOIN c USING (id) AS j JOIN a USING (id) AS k;
-- name: OtherLevelsOk :many
SELECT (SELECT 1 FROM a) AS n FROM a AS t, (SELECT 1 FROM a AS t) AS u WHERE EXISTS (SELECT 1 FROM a);
-- name: UpdateAliasedTargetFromTableOk :exec
UPDATE a AS t SET x = 1 FROM a WHERE a.id = t.id;
-- name: DeleteUsingOtherSchemaOk :exec
DELETE FROM a USING other.a WHERE other.a.id = 2;
--- expected
queries.sql:2:66: error: table name "j" specified more than once
queries.sql:4:43: error: table name "a" specified more than once
queries.sql:6:43: error: table name "b" specified more than once
queries.sql:8:68: error: table name "j" specified more than once
queries.sql:10:51: error: table name "j" specified more than once
queries.sql:12:23: error: table name "a" specified more than once
queries.sql:14:23: error: table name "a" specified more than once
queries.sql:16:34: error: table name "a" specified more than once
queries.sql:18:37: error: table name "x" specified more than once
queries.sql:20:27: error: table name "a" specified more than once
queries.sql:22:35: error: table name "a" specified more than once
queries.sql:24:27: error: table name "v" specified more than once
queries.sql:26:43: error: table name "generate_series" specified more than once
queries.sql:28:63: error: table name "u" specified more than once
queries.sql:30:85: error: table name "r" specified more than once
queries.sql:32:49: error: table name "w" specified more than once
queries.sql:34:49: error: table name "a" specified more than once
queries.sql:36:53: error: table name "j" specified more than once
queries.sql:38:51: error: table name "s" specified more than once
queries.sql:40:45: error: table name "a" specified more than once
queries.sql:42:35: error: table name "a" specified more than once
queries.sql:44:49: error: table name "b" specified more than once
queries.sql:46:25: error: table name "a" specified more than once
queries.sql:48:30: error: table name "a" specified more than once
queries.sql:50:21: error: table name "a" specified more than once
queries.sql:52:31: error: table name "t" specified more than once
queries.sql:54:42: error: table name "a" specified more than once
