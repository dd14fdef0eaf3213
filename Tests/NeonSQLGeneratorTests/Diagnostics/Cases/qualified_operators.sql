--- schema.sql
CREATE SCHEMA audit;
CREATE TABLE ot (id integer PRIMARY KEY, x integer, s text, tags text[]);
CREATE FUNCTION public.tp(text, text) RETURNS text LANGUAGE sql AS 'SELECT $1 || $2';
CREATE OPERATOR public.+ (LEFTARG = text, RIGHTARG = text, FUNCTION = public.tp);
CREATE FUNCTION audit.same(integer, integer) RETURNS boolean LANGUAGE sql AS 'SELECT $1 = $2';
CREATE OPERATOR audit.=== (LEFTARG = integer, RIGHTARG = integer, FUNCTION = audit.same);
--- queries.sql
-- name: PublicPlusOfIntegers :many
SELECT x OPERATOR(public.+) 1 AS a FROM ot;
-- name: CatalogPlusOfText :many
SELECT s OPERATOR(pg_catalog.+) s AS a FROM ot;
-- name: PublicPrefixMinus :many
SELECT OPERATOR(public.-) x AS a FROM ot;
-- name: PublicEqualsAny :many
SELECT id FROM ot WHERE x OPERATOR(public.=) ANY (ARRAY[1, 2]);
-- name: PublicLessInWhere :many
SELECT id FROM ot WHERE x OPERATOR(public.<) 1;
-- name: AuditOperatorInPublic :many
SELECT id FROM ot WHERE x OPERATOR(public.===) 1;
-- name: AuditOperatorOfText :many
SELECT id FROM ot WHERE s OPERATOR(audit.===) s;
-- name: PublicEqualsAnySubquery :many
SELECT id FROM ot WHERE x OPERATOR(public.=) ANY (SELECT 1);
-- name: PublicConcatInOrderBy :many
SELECT id FROM ot ORDER BY s OPERATOR(public.||) s;
-- name: QualifiedOperatorsOk :many
SELECT x OPERATOR(pg_catalog.+) 1 AS a, s OPERATOR(public.+) s AS b, 'a' OPERATOR(public.+) 'b' AS c, s + s AS d,
       OPERATOR(pg_catalog.-) x AS e, x OPERATOR(audit.===) 2 AS f, tags OPERATOR(pg_catalog.&&) ARRAY['a'] AS g
FROM ot WHERE x OPERATOR(pg_catalog.=) ANY (ARRAY[1, 2]) AND x OPERATOR(audit.===) ANY (ARRAY[3])
ORDER BY x USING OPERATOR(pg_catalog.<), s USING >;
--- expected
queries.sql:2:10: error: operator does not exist: integer public.+ integer
queries.sql:4:10: error: operator does not exist: text pg_catalog.+ text
queries.sql:6:8: error: operator does not exist: public.- integer
queries.sql:8:27: error: operator does not exist: integer public.= integer
queries.sql:10:27: error: operator does not exist: integer public.< integer
queries.sql:12:27: error: operator does not exist: integer public.=== integer
queries.sql:14:27: error: operator does not exist: text audit.=== text
queries.sql:16:27: error: operator does not exist: integer public.= integer
queries.sql:18:30: error: operator does not exist: text public.|| text
