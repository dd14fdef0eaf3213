-- Queries that probe the limits of the nullability rules: each must stay optional where a NULL
-- can still appear.

-- name: EventsWithPathOrRevenue :many
-- expect: id Int, path String?, revenue Decimal?
-- params: (none)
-- why: OR proves neither side NOT NULL, so WHERE narrows nothing.
SELECT id, path, revenue FROM events WHERE path IS NOT NULL OR revenue > 0;

-- name: SessionsWithHandles :many
-- expect: id Int, user_id UUID?, handle String?
-- params: (none)
-- why: the subquery's WHERE filters the subquery's rows, not the outer ones: user_id stays optional.
SELECT s.id, s.user_id, (SELECT u.handle FROM users u WHERE u.id = s.user_id) AS handle FROM sessions s;

-- name: SessionsOutsideWindow :many
-- expect: id Int, ended_at Date?
-- params: (none)
-- why: `x NOT BETWEEN NULL AND y` can be true, so the bounds of NOT BETWEEN are not narrowed.
SELECT id, ended_at FROM sessions WHERE started_at NOT BETWEEN ended_at AND now();

-- name: ProUserSessions :many
-- expect: id Int, plan String, handle String?
-- params: (none)
-- why: `u.plan = 'pro'` narrows u.plan only; handle stays optional (conservative: the matched user
-- why: row exists, but narrowing is per column).
SELECT s.id, u.plan, u.handle
FROM sessions s
LEFT JOIN users u ON u.id = s.user_id
WHERE u.plan = 'pro';

-- name: GroupedNullableInputs :many
-- expect: session_id Int, shortest Int?, last_path String?, durations [Int?], any_revenue Bool?
-- params: (none)
-- why: in a non-empty group, min/max/bool_or are still NULL when every input is NULL;
-- why: array_agg is never NULL there but keeps NULL elements.
SELECT session_id, min(duration_ms) AS shortest, max(path) AS last_path, array_agg(duration_ms) AS durations,
       bool_or(revenue > 0) AS any_revenue
FROM events
GROUP BY session_id;

-- name: UngroupedAggregates :one
-- expect: latest Date?, all_tagged Bool?, clicks Int, kinds [EventKind]?
-- params: (none)
-- why: without GROUP BY the input may be empty: max/bool_and/array_agg are NULL then; count is 0.
SELECT max(occurred_at) AS latest, bool_and(properties ? 'tag') AS all_tagged,
       count(*) FILTER (WHERE kind = 'click') AS clicks, array_agg(kind) AS kinds
FROM events;

-- name: FramesWithoutCurrentRow :many
-- expect: day PostgresDate, next_value Double?, earlier_value Double?, total Double
-- params: (none)
-- why: a frame of following rows, or a named window ending before the current row, can be empty;
-- why: a frame from UNBOUNDED PRECEDING to UNBOUNDED FOLLOWING holds the current row.
SELECT day,
       first_value(value) OVER (ORDER BY day ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING) AS next_value,
       last_value(value) OVER w AS earlier_value,
       sum(value) OVER (ORDER BY day ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS total
FROM daily_metrics
WINDOW w AS (ORDER BY day ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING);

-- name: SubqueriesThatMayReturnNoRow :many
-- expect: id Int, busy_count Int?, limited_count Int?, all_count Int
-- params: n Int
-- why: HAVING or LIMIT can remove an aggregate subquery's only row; without them it always has one.
SELECT s.id,
       (SELECT count(*) FROM events e WHERE e.session_id = s.id HAVING count(*) > 10) AS busy_count,
       (SELECT count(*) FROM events e WHERE e.session_id = s.id LIMIT @n) AS limited_count,
       (SELECT count(*) FROM events e WHERE e.session_id = s.id) AS all_count
FROM sessions s;

-- name: WindowWithFilter :many
-- expect: id Int, purchases Int, last_purchase Date?
-- params: (none)
-- why: FILTER can leave a frame without rows: max is then NULL; count is 0.
SELECT id,
       count(*) FILTER (WHERE kind = 'purchase') OVER (PARTITION BY session_id) AS purchases,
       max(occurred_at) FILTER (WHERE kind = 'purchase') OVER (PARTITION BY session_id) AS last_purchase
FROM events;

-- name: OuterJoinedGroupKey :many
-- expect: id UUID, experiment_count Int, first_variant String?
-- params: (none)
-- why: min over outer-joined (nullable) values can be NULL even in a non-empty group.
SELECT u.id, count(a.experiment_id) AS experiment_count, min(a.variant) AS first_variant
FROM users u
LEFT JOIN assignments a ON a.user_id = u.id
GROUP BY u.id;

-- name: EventsByGroupingSets :many
-- expect: kind EventKind?, path String?, events Int, first_at Date?
-- params: (none)
-- why: GROUPING SETS rows hold NULL in the columns they do not group by, and the () set aggregates
-- why: the whole, possibly empty, input: min is optional, count is not.
SELECT kind, path, count(*) AS events, min(occurred_at) AS first_at
FROM events
GROUP BY GROUPING SETS ((kind), (path), ());
