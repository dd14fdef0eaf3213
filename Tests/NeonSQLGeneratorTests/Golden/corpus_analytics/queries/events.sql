-- name: Funnel :many
-- count with FILTER is never NULL; other aggregates with FILTER may see no row; min of a
-- NOT NULL column without FILTER in a non-empty group is not NULL; user_id groups include NULL.
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
-- ordered-set aggregates take their type from WITHIN GROUP; they skip NULLs and can be NULL.
SELECT kind,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms) AS median_ms,
       percentile_disc(0.9) WITHIN GROUP (ORDER BY duration_ms) AS p90_ms,
       mode() WITHIN GROUP (ORDER BY path) AS top_path
FROM events
GROUP BY kind;

-- name: SessionEvents :many
-- json_agg/array_agg over a non-empty group are not NULL; array_agg keeps NULL paths as elements.
SELECT s.id, json_agg(e.kind ORDER BY e.occurred_at) AS kinds, jsonb_object_agg(e.id, e.path) AS paths,
       array_agg(e.path) AS path_list, array_agg(DISTINCT e.kind) AS kind_set
FROM sessions s
JOIN events e ON e.session_id = s.id
GROUP BY s.id;

-- name: PurgeEvents :many
-- a data-modifying CTE's RETURNING columns keep their NOT NULL.
WITH moved AS (
    DELETE FROM events WHERE occurred_at < @cutoff RETURNING session_id, kind
)
SELECT kind, count(*) AS removed FROM moved GROUP BY kind;
