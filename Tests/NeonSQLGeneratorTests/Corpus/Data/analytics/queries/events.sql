-- name: EventsPerDay :many
-- expect: day Date, kind EventKind, events Int
-- params: since Date, until Date
-- why: date_trunc of a NOT NULL timestamptz is not NULL; GROUP BY by position.
SELECT date_trunc('day', occurred_at) AS day, kind, count(*) AS events
FROM events
WHERE occurred_at >= @since AND occurred_at < @until
GROUP BY 1, 2
ORDER BY 1, 2;

-- name: EventsOfKinds :many
-- expect: id Int, kind EventKind, occurred_at Date
-- params: kinds [EventKind], sessionId Int
-- why: `kind = ANY(@kinds)` makes the parameter an array of the enum.
SELECT id, kind, occurred_at FROM events
WHERE kind = ANY (@kinds) AND session_id = @session_id
ORDER BY occurred_at;

-- name: ClickDetails :many
-- expect: id Int, button String?, x Int?, item_count Int?
-- params: page String
-- why: JSON field access is NULL for a missing key; jsonb_array_length is strict.
SELECT id, properties ->> 'button' AS button, (properties -> 'position' ->> 'x')::int AS x,
       jsonb_array_length(properties -> 'items') AS item_count
FROM events
WHERE kind = 'click' AND properties ->> 'page' = @page;

-- name: Funnel :many
-- expect: user_id UUID?, views Int, purchases Int, revenue Decimal?, first_seen Date, signed_up Date?
-- params: (none)
-- why: count with FILTER is never NULL; other aggregates with FILTER may see no row; min of a
-- why: NOT NULL column without FILTER in a non-empty group is not NULL; user_id groups include NULL.
SELECT s.user_id,
       count(*) FILTER (WHERE e.kind = 'page_view') AS views,
       count(*) FILTER (WHERE e.kind = 'purchase') AS purchases,
       sum(e.revenue) FILTER (WHERE e.kind = 'purchase') AS revenue,
       min(e.occurred_at) AS first_seen,
       max(e.occurred_at) FILTER (WHERE e.kind = 'signup') AS signed_up
FROM sessions s
JOIN events e ON e.session_id = s.id
GROUP BY s.user_id;

-- name: EventPercentiles :many
-- expect: kind EventKind, median_ms Double?, p90_ms Int?, top_path String?
-- params: (none)
-- why: ordered-set aggregates take their type from WITHIN GROUP; they skip NULLs and can be NULL.
SELECT kind,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms) AS median_ms,
       percentile_disc(0.9) WITHIN GROUP (ORDER BY duration_ms) AS p90_ms,
       mode() WITHIN GROUP (ORDER BY path) AS top_path
FROM events
GROUP BY kind;

-- name: SessionEvents :many
-- expect: id Int, kinds JSONValue, paths JSONValue, path_list [String?], kind_set [EventKind]
-- params: (none)
-- why: json_agg/array_agg over a non-empty group are not NULL; array_agg keeps NULL paths as elements.
SELECT s.id, json_agg(e.kind ORDER BY e.occurred_at) AS kinds, jsonb_object_agg(e.id, e.path) AS paths,
       array_agg(e.path) AS path_list, array_agg(DISTINCT e.kind) AS kind_set
FROM sessions s
JOIN events e ON e.session_id = s.id
GROUP BY s.id;

-- name: TopPages :many
-- expect: path String, hits Int, avg_ms Decimal?, sd_ms Decimal?
-- params: minHits Int, n Int
-- why: `path IS NOT NULL` in WHERE narrows path; avg of nullable durations and stddev of one row are NULL.
SELECT path, count(*) AS hits, avg(duration_ms) AS avg_ms, stddev(duration_ms) AS sd_ms
FROM events
WHERE path IS NOT NULL
GROUP BY path
HAVING count(*) > @min_hits
ORDER BY hits DESC
LIMIT @n;

-- name: RecordEvent :one
-- expect: id Int, occurred_at Date, properties JSONValue
-- params: sessionId Int, kind EventKind, occurredAt Date?, path String?, properties JSONValue, durationMs Int?
-- params: revenue Decimal?
-- why: COALESCE(@occurred_at, now()) gives NULL a meaning; nullable columns take optional values.
INSERT INTO events (session_id, kind, occurred_at, path, properties, duration_ms, revenue)
VALUES (@session_id, @kind, COALESCE(@occurred_at, now()), @path, @properties, @duration_ms, @revenue)
RETURNING id, occurred_at, properties;

-- name: PurgeEvents :many
-- expect: kind EventKind, removed Int
-- params: cutoff Date
-- why: a data-modifying CTE's RETURNING columns keep their NOT NULL.
WITH moved AS (
    DELETE FROM events WHERE occurred_at < @cutoff RETURNING session_id, kind
)
SELECT kind, count(*) AS removed FROM moved GROUP BY kind;

-- name: RollupEvents :exec
-- expect: (none)
-- params: since Date
-- why: INSERT ... SELECT with a GROUP BY; 'events:' || kind is text.
INSERT INTO daily_metrics (day, metric, value)
SELECT occurred_at::date, 'events:' || kind, count(*)
FROM events
WHERE occurred_at >= @since
GROUP BY 1, 2
ON CONFLICT (day, metric) DO NOTHING;

-- name: RevenueSources :many
-- expect: source String, amount Decimal?
-- params: (none)
-- why: UNION ALL of count::numeric, sum(numeric) and avg(integer): numeric; sum/avg can be NULL.
SELECT 'sessions' AS source, count(*)::numeric AS amount FROM sessions
UNION ALL
SELECT 'revenue', sum(revenue) FROM events
UNION ALL
SELECT 'avg_duration', avg(duration_ms) FROM events;

-- name: RecentPurchases :many
-- expect: id Int, revenue Decimal, occurred_at Date
-- params: limit Int
-- why: `revenue > 0` rejects NULL revenue.
SELECT id, revenue, occurred_at FROM events
WHERE kind = 'purchase' AND revenue > 0
ORDER BY occurred_at DESC
LIMIT @limit;

-- name: EventDurations :many
-- expect: id Int, seconds Decimal?, rounded Decimal?, clamped Int
-- params: (none)
-- why: division and round are strict; GREATEST(nullable, 0) is not NULL.
SELECT id, duration_ms / 1000.0 AS seconds, round(duration_ms / 1000.0, 1) AS rounded,
       GREATEST(duration_ms, 0) AS clamped
FROM events;

-- name: EventPathStats :many
-- expect: id Int, path String?, path_length Int?, section String?, normalized String?
-- params: (none)
-- why: strict string functions over a nullable column.
SELECT id, path, char_length(path) AS path_length, split_part(path, '/', 2) AS section,
       regexp_replace(lower(path), '/+$', '') AS normalized
FROM events;

-- name: HypotheticalRanks :one
-- expect: rank_of Int, dense_of Int, share Double, cumulative Double
-- params: ms Int, kind EventKind, path String
-- why: a hypothetical-set aggregate's direct argument takes the type of the WITHIN GROUP argument at its
-- why: position (unify_hypothetical_args), two untyped ones are text; with WITHIN GROUP it aggregates: one row.
SELECT rank(@ms) WITHIN GROUP (ORDER BY duration_ms) AS rank_of,
       dense_rank(@kind) WITHIN GROUP (ORDER BY kind) AS dense_of,
       percent_rank(@ms, @path) WITHIN GROUP (ORDER BY duration_ms, path) AS share,
       cume_dist(5000) WITHIN GROUP (ORDER BY duration_ms DESC) AS cumulative
FROM events;
