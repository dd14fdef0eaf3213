--- schema.sql
CREATE TABLE a (id integer PRIMARY KEY, x integer);
CREATE TABLE b (id integer PRIMARY KEY, x integer);
CREATE TABLE c (id integer PRIMARY KEY, y integer);
--- queries.sql
-- name: UsingColumnTwiceOnTheLeft :many
SELECT 1 AS n FROM a AS p JOIN a AS q ON true JOIN b USING (id);
-- name: UsingColumnTwiceOnTheRight :many
SELECT 1 AS n FROM b JOIN (a AS p CROSS JOIN a AS q) USING (id);
-- name: UsingColumnListedTwice :many
SELECT 1 AS n FROM a JOIN b USING (id, id);
-- name: NaturalColumnTwiceOnTheLeft :many
SELECT 1 AS n FROM a AS p CROSS JOIN a AS q NATURAL JOIN c;
-- name: NaturalColumnTwiceOnTheRight :many
SELECT 1 AS n FROM c NATURAL JOIN (a AS p CROSS JOIN b);
-- name: UsingAfterOnJoin :many
SELECT 1 AS n FROM a JOIN b USING (x) JOIN c USING (id);
-- name: UsingAfterAliasedOnJoin :many
SELECT 1 AS n FROM (a JOIN b ON true) AS j JOIN c USING (id);
-- name: UsingColumnMissingOnTheLeft :many
SELECT 1 AS n FROM a AS p CROSS JOIN a AS q JOIN c USING (y);
-- name: MergedColumnsOnceOk :many
SELECT id AS n, a.x AS ax, y FROM a JOIN b USING (id) JOIN c USING (id);
-- name: NaturalAfterUsingOk :many
SELECT id AS n, b.x AS bx, y FROM a JOIN b USING (id) NATURAL JOIN c;
-- name: UsingAfterUsingAliasOk :many
SELECT id AS n FROM a JOIN b USING (id) AS j JOIN c USING (id);
-- name: NaturalChainOk :many
SELECT * FROM a NATURAL JOIN b NATURAL JOIN c;
-- name: FullJoinsChainedOk :many
SELECT id AS n FROM a FULL JOIN b USING (id) FULL JOIN c USING (id) WHERE id > 0;
-- name: NaturalOrderOfTheLeftOk :many
SELECT * FROM (SELECT 1 AS x, 2 AS id) AS l NATURAL JOIN a;
--- expected
queries.sql:2:61: error: common column name "id" appears more than once in left table
queries.sql:4:61: error: common column name "id" appears more than once in right table
queries.sql:6:40: error: column name "id" appears more than once in USING clause
queries.sql:8:20: error: common column name "id" appears more than once in left table
queries.sql:10:20: error: common column name "id" appears more than once in right table
queries.sql:12:53: error: common column name "id" appears more than once in left table
queries.sql:14:58: error: common column name "id" appears more than once in left table
queries.sql:16:59: error: column "y" specified in USING clause does not exist in left table
