--- schema.sql
CREATE TABLE events (id integer PRIMARY KEY, kind text NOT NULL, score integer, happened_at timestamptz NOT NULL, ok boolean);
CREATE FUNCTION shout(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT upper(t) $$;
CREATE AGGREGATE total(integer) (SFUNC = int4pl, STYPE = integer);
--- queries.sql
-- name: DistinctOnFunction :many
SELECT lower(DISTINCT kind) AS k FROM events;
-- name: QualifiedDistinctOnFunction :many
SELECT pg_catalog.upper(DISTINCT kind) AS k FROM events;
-- name: OrderByOnFunction :many
SELECT lower(kind ORDER BY kind) AS k FROM events;
-- name: FilterOnFunction :many
SELECT lower(kind) FILTER (WHERE ok) AS k FROM events;
-- name: OverOnFunction :many
SELECT lower(kind) OVER (ORDER BY id) AS k FROM events;
-- name: StarOnFunction :one
SELECT now(*) AS n;
-- name: DistinctOnUserFunction :many
SELECT shout(DISTINCT kind) AS k FROM events;
-- name: FilterOnUserFunction :many
SELECT shout(kind) FILTER (WHERE ok) AS k FROM events;
-- name: WindowFunctionWithoutOver :many
SELECT row_number() AS n FROM events;
-- name: RankWithoutOver :many
SELECT rank() AS n FROM events;
-- name: OrderedSetWithoutWithinGroup :many
SELECT rank(DISTINCT score) OVER () AS n FROM events;
-- name: OrderedSetWithOver :many
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY score) OVER () AS p FROM events;
-- name: FilterOnWindowFunction :many
SELECT row_number() FILTER (WHERE ok) OVER () AS n FROM events;
-- name: DistinctInWindowAggregate :many
SELECT count(DISTINCT score) OVER () AS n FROM events;
-- name: OrderByInWindowAggregate :many
SELECT sum(score ORDER BY id) OVER () AS n FROM events;
-- name: AggregateSyntaxOk :many
SELECT kind, count(DISTINCT score) AS a, string_agg(kind, ',' ORDER BY id) AS b, count(*) FILTER (WHERE ok) AS c,
       mode() WITHIN GROUP (ORDER BY score) AS d, rank(3) WITHIN GROUP (ORDER BY score) AS e, total(DISTINCT score) AS f,
       sum(count(*)) FILTER (WHERE kind <> '') OVER () AS g, rank() OVER (ORDER BY kind) AS h
FROM events GROUP BY kind;
-- name: UserAggregateOverOk :many
SELECT total(score) OVER (ORDER BY id) AS running, shout(kind) AS loud FROM events;
--- expected
queries.sql:2:8: error: DISTINCT specified, but lower is not an aggregate function
queries.sql:4:8: error: DISTINCT specified, but pg_catalog.upper is not an aggregate function
queries.sql:6:8: error: ORDER BY specified, but lower is not an aggregate function
queries.sql:8:8: error: FILTER specified, but lower is not an aggregate function
queries.sql:10:8: error: OVER specified, but lower is not a window function nor an aggregate function
queries.sql:12:8: error: now(*) specified, but now is not an aggregate function
queries.sql:14:8: error: DISTINCT specified, but shout is not an aggregate function
queries.sql:16:8: error: FILTER specified, but shout is not an aggregate function
queries.sql:18:8: error: window function row_number requires an OVER clause
queries.sql:20:8: error: window function rank requires an OVER clause
queries.sql:22:8: error: WITHIN GROUP is required for ordered-set aggregate rank
queries.sql:24:8: error: OVER is not supported for ordered-set aggregate percentile_cont
queries.sql:26:8: error: FILTER is not implemented for non-aggregate window functions
queries.sql:28:8: error: DISTINCT is not implemented for window functions
queries.sql:30:8: error: aggregate ORDER BY is not implemented for window functions
