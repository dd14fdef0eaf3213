--- schema.sql
CREATE TABLE t (id integer PRIMARY KEY, x integer, y integer, s text);
--- queries.sql
-- name: DistinctInCoalesce :many
SELECT coalesce(DISTINCT x, y) AS a FROM t;
-- name: OrderByInCoalesce :many
SELECT coalesce(x, y ORDER BY x) AS a FROM t;
-- name: FilterOnCoalesce :many
SELECT coalesce(x, y) FILTER (WHERE true) AS a FROM t;
-- name: OverOnCoalesce :many
SELECT coalesce(x, y) OVER () AS a FROM t;
-- name: AllInGreatest :many
SELECT greatest(ALL x, y) AS a FROM t;
-- name: NamedWindowOnLeast :many
SELECT least(x, y) OVER w AS a FROM t WINDOW w AS ();
-- name: VariadicInNullif :many
SELECT nullif(VARIADIC x, y) AS a FROM t;
-- name: StarInCoalesce :many
SELECT coalesce(*) AS a FROM t;
-- name: WithinGroupOnCoalesce :many
SELECT coalesce(x) WITHIN GROUP (ORDER BY x) AS a FROM t;
-- name: NamedArgumentInCoalesce :many
SELECT coalesce(x => 1) AS a FROM t;
-- name: EmptyCoalesce :many
SELECT coalesce() AS a FROM t;
-- name: NullifOfOne :many
SELECT nullif(x) AS a FROM t;
-- name: NullifOfThree :many
SELECT nullif(x, y, 1) AS a FROM t;
-- name: OverOnCoalesceInWhere :many
SELECT x AS a FROM t WHERE coalesce(x, y) OVER () > 1;
-- name: FilterOnGreatestInOrderBy :many
SELECT x AS a FROM t ORDER BY greatest(x, y) FILTER (WHERE true);
-- name: DistinctInCoalesceInFrom :many
SELECT x AS a FROM t, coalesce(DISTINCT 1, 2) AS c;
-- name: OrderByInCoalesceInUpdate :many
UPDATE t SET x = coalesce(x, y ORDER BY y) RETURNING x;
-- name: OverAfterSubstring :many
SELECT substring(s from 1) OVER () AS a FROM t;
-- name: OverAfterCast :many
SELECT CAST(x AS bigint) OVER () AS a FROM t;
-- name: OverAsBareLabel :many
SELECT coalesce(x, y) over FROM t;
-- name: YearAsBareLabel :many
SELECT x year FROM t;
-- name: WithinAsBareLabelInReturning :many
DELETE FROM t RETURNING x within;
-- name: QualifiedCoalesceIsAFunction :many
SELECT pg_catalog.coalesce(x, y) AS a FROM t;
-- name: QuotedCoalesceIsAFunction :many
SELECT "coalesce"(x, y) AS a FROM t;
-- name: CoalesceOfUngroupedColumn :many
SELECT coalesce(x, 0) AS a FROM t GROUP BY y;
-- name: GreatestOfUngroupedColumnInWindow :many
SELECT count(*) AS a, sum(greatest(x, 0)) OVER () AS b FROM t;
-- name: NullifOfUngroupedColumnInHaving :many
SELECT y AS a FROM t GROUP BY y HAVING nullif(x, 0) > 1;
-- name: ConditionalsOk :many
SELECT coalesce(x, y) AS a, greatest(x, 1, y) AS b, least(x, y) AS c, nullif(x, y) AS d, COALESCE(x, 1) AS over,
       x AS year, '1'::interval day AS e, interval '1' year AS f, '1'::interval year to month AS g
FROM t;
-- name: ConditionalsInAggregatesOk :many
SELECT coalesce(y, 0) AS y0, count(x) FILTER (WHERE coalesce(x, y) > 1) AS a, sum(coalesce(x, 0)) AS b,
       sum(count(*)) OVER (ORDER BY coalesce(y, 0)) AS c, max(least(x, y)) AS d
FROM t GROUP BY coalesce(y, 0);
--- expected
queries.sql:2:17: error: syntax error at or near "DISTINCT"
queries.sql:4:22: error: syntax error at or near "ORDER"
queries.sql:6:23: error: syntax error at or near "FILTER"
queries.sql:8:23: error: syntax error at or near "OVER"
queries.sql:10:17: error: syntax error at or near "ALL"
queries.sql:12:20: error: syntax error at or near "OVER"
queries.sql:14:15: error: syntax error at or near "VARIADIC"
queries.sql:16:17: error: syntax error at or near "*"
queries.sql:18:20: error: syntax error at or near "WITHIN"
queries.sql:20:19: error: syntax error at or near "=>"
queries.sql:22:17: error: syntax error at or near ")"
queries.sql:24:16: error: syntax error at or near ")"
queries.sql:26:19: error: syntax error at or near ","
queries.sql:28:43: error: syntax error at or near "OVER"
queries.sql:30:46: error: syntax error at or near "FILTER"
queries.sql:32:32: error: syntax error at or near "DISTINCT"
queries.sql:34:32: error: syntax error at or near "ORDER"
queries.sql:36:28: error: syntax error at or near "OVER"
queries.sql:38:26: error: syntax error at or near "OVER"
queries.sql:40:23: error: syntax error at or near "over"
queries.sql:42:10: error: syntax error at or near "year"
queries.sql:44:27: error: syntax error at or near "within"
queries.sql:46:8: error: function pg_catalog.coalesce(integer, integer) does not exist
queries.sql:48:8: error: function coalesce(integer, integer) does not exist
queries.sql:50:17: error: column "t.x" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:52:36: error: column "t.x" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:54:47: error: column "t.x" must appear in the GROUP BY clause or be used in an aggregate function
