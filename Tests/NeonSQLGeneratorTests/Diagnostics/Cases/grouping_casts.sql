--- schema.sql
CREATE DOMAIN posint AS integer CHECK (VALUE > 0);
CREATE TYPE mood AS ENUM ('ok', 'bad');
CREATE TABLE g (id integer PRIMARY KEY, x integer, v varchar(10), s text, d posint, m mood, arr int[], ts timestamptz, n numeric);
CREATE TABLE h (id integer, x integer);
--- queries.sql
-- name: Cast1 :many
SELECT x::int AS a FROM g GROUP BY x;
-- name: Cast2 :many
SELECT x AS a FROM g GROUP BY x::integer;
-- name: Cast3 :many
SELECT x::int4 AS a FROM g GROUP BY CAST(x AS integer);
-- name: Cast4 :many
SELECT v::text AS a FROM g GROUP BY v::text;
-- name: Cast5 :many
SELECT v AS a FROM g GROUP BY v::text;
-- name: Cast6 :many
SELECT v::varchar AS a FROM g GROUP BY v;
-- name: Cast8 :many
SELECT d::integer AS a FROM g GROUP BY d::int;
-- name: Cast9 :many
SELECT m::text AS a FROM g GROUP BY m::text;
-- name: Cast10 :many
SELECT m AS a FROM g GROUP BY m::text;
-- name: Cast11 :many
SELECT arr::bigint[] AS a FROM g GROUP BY arr::int8[];
-- name: Cast12 :many
SELECT arr AS a FROM g GROUP BY arr::integer[];
-- name: Cast13 :many
SELECT x::text AS a FROM g GROUP BY x::text HAVING x::text <> '' ORDER BY x::text;
-- name: Cast14 :many
SELECT x::text AS a FROM g GROUP BY x::text ORDER BY x;
-- name: Cast15 :many
SELECT (SELECT x::text) AS a FROM g GROUP BY x::text;
-- name: Cast16 :many
SELECT x::text AS a FROM g JOIN h USING (x) GROUP BY x::text;
-- name: Cast17 :many
SELECT g.x::text AS a FROM g JOIN h USING (x) GROUP BY x::text;
-- name: Cast18 :many
SELECT ts::date AS a FROM g GROUP BY ts::date;
-- name: Cast19 :many
SELECT ts::date AS a FROM g GROUP BY date(ts);
-- name: Cast20 :many
SELECT n::float8 AS a FROM g GROUP BY n::double precision;
-- name: Cast21 :many
SELECT x::text || 'a' AS a FROM g GROUP BY x::text;
-- name: Cast22 :many
SELECT x::bigint + 1 AS a FROM g GROUP BY x::bigint;
-- name: Cast23 :many
SELECT x AS a FROM g GROUP BY x::text, x::bigint;
-- name: Cast24 :many
SELECT s::text AS a FROM g GROUP BY s::text;
-- name: Cast25 :many
SELECT s AS a FROM g GROUP BY s::text;
-- name: Cast26 :many
SELECT x::text AS a FROM g GROUP BY ROLLUP (x::text);
-- name: Cast27 :many
SELECT x::text AS a, count(*) AS n FROM g GROUP BY GROUPING SETS ((x::text), ());
-- name: Cast28 :many
SELECT x::text::int AS a FROM g GROUP BY x::text;
-- name: Cast29 :many
SELECT count(*) AS n FROM g GROUP BY x::text HAVING x > 1;
-- name: Cast30 :many
SELECT id::text AS a, s AS b FROM g GROUP BY id::text;
-- name: OtherCastThanGrouped :many
SELECT x::bigint AS a FROM g GROUP BY x::text;
-- name: ColumnBesideItsCast :many
SELECT x AS a FROM g GROUP BY x::text;
-- name: VarcharBesideItsCast :many
SELECT v::varchar AS a FROM g GROUP BY v::text;
--- expected
queries.sql:10:8: error: column "g.v" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:18:8: error: column "g.m" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:26:54: error: column "g.x" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:28:16: error: subquery uses ungrouped column "g.x" from outer query
queries.sql:44:8: error: column "g.x" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:56:53: error: column "g.x" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:58:23: error: column "g.s" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:60:8: error: column "g.x" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:62:8: error: column "g.x" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:64:8: error: column "g.v" must appear in the GROUP BY clause or be used in an aggregate function
