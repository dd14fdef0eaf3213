--- schema.sql
CREATE SCHEMA other;
CREATE TABLE ot (id integer PRIMARY KEY, x integer, s text);
CREATE FUNCTION other.same(integer, integer) RETURNS boolean LANGUAGE sql AS 'SELECT $1 = $2';
CREATE OPERATOR other.### (LEFTARG = integer, RIGHTARG = integer, FUNCTION = other.same);
CREATE FUNCTION public.same_text(text, text) RETURNS boolean LANGUAGE sql AS 'SELECT $1 = $2';
CREATE OPERATOR public.### (LEFTARG = text, RIGHTARG = text, FUNCTION = public.same_text);
CREATE OPERATOR other.!# (RIGHTARG = integer, FUNCTION = int4abs);
CREATE OPERATOR other.%% (LEFTARG = integer, RIGHTARG = integer, FUNCTION = int4pl);
CREATE OPERATOR public.%% (LEFTARG = integer, RIGHTARG = integer, FUNCTION = int4mi);
--- queries.sql
-- name: OffThePath :many
SELECT id FROM ot WHERE x ### 1;
-- name: OffThePathPrefix :many
SELECT !# x AS a FROM ot;
-- name: OffThePathAny :many
SELECT id FROM ot WHERE x ### ANY (ARRAY[1, 2]);
-- name: OffThePathInRows :many
SELECT id FROM ot WHERE (x, s) ### (1, 'a');
-- name: OnThePathAndQualified :many
SELECT id, s ### s AS a, x OPERATOR(other.###) 1 AS b, OPERATOR(other.!#) x AS c, x %% 1 AS d
FROM ot WHERE x OPERATOR(other.###) ANY (ARRAY[1]);
--- expected
queries.sql:2:27: error: operator does not exist: integer ### integer
queries.sql:4:8: error: operator does not exist: !# integer
queries.sql:6:27: error: operator does not exist: integer ### integer
queries.sql:8:32: error: operator does not exist: integer ### integer
