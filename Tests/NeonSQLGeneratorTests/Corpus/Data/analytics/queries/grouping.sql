-- ROLLUP, CUBE and GROUPING SETS: super-aggregate rows hold NULL in the columns they do not
-- group by, the grand total aggregates the whole (possibly empty) input, grouping() is an integer.

-- name: EventsByKindAndPathRollup :many
-- expect: kind EventKind?, path String?, events Int, total_revenue Decimal?, grouping_mask Int
-- params: (none)
-- why: ROLLUP (kind, path) adds subtotal rows with NULL path and a grand total with NULL kind and
-- why: path (kind is NOT NULL in the table, but not in those rows); count(*) is never NULL; sum is
-- why: NULL over NULL revenues or the empty input's grand total; grouping() is an int4 in every row.
SELECT kind, path, count(*) AS events, sum(revenue) AS total_revenue, grouping(kind, path) AS grouping_mask
FROM events
GROUP BY ROLLUP (kind, path)
ORDER BY kind, path;

-- name: MetricsCube :many
-- expect: day PostgresDate?, metric String?, samples Int, peak Double?, metric_rolled_up Int
-- params: since PostgresDate
-- why: CUBE (day, metric) groups by every subset: each column is NULL in some rows even though
-- why: both are NOT NULL and WHERE tests day; max over the grand total of no rows is NULL.
SELECT day, metric, count(*) AS samples, max(value) AS peak, grouping(metric) AS metric_rolled_up
FROM daily_metrics
WHERE day >= @since
GROUP BY CUBE (day, metric);

-- name: SessionsPerUserAndDayRollup :many
-- expect: user_id UUID?, day Date?, sessions Int, by_user Int
-- params: (none)
-- why: the grouped expression date_trunc('day', started_at) is NULL in the ROLLUP (user_id) rows;
-- why: a parenthesized (a, b) in GROUPING SETS is one set of two columns.
SELECT user_id, date_trunc('day', started_at) AS day, count(*) AS sessions, grouping(user_id) AS by_user
FROM sessions
GROUP BY GROUPING SETS ((user_id, date_trunc('day', started_at)), ROLLUP (user_id));

-- name: SignupsPerMonthRollup :many
-- expect: month Date?, signups Int, last_signup Date?
-- params: (none)
-- why: the grand total row of ROLLUP has NULL month (the expression is repeated in ROLLUP; the
-- why: alias month would name it too); max over an empty users table is NULL.
SELECT date_trunc('month', signed_up_at) AS month, count(*) AS signups, max(signed_up_at) AS last_signup
FROM users
GROUP BY ROLLUP (date_trunc('month', signed_up_at))
ORDER BY grouping(date_trunc('month', signed_up_at)), month;

-- name: AssignmentsCubeByVariant :many
-- expect: experiment_id Int?, variant String?, users Int, first_assigned Date?
-- params: experimentIds [Int]
-- why: CUBE over a parenthesized pair groups (experiment_id, variant) together: the rows are the
-- why: pairs and the grand total, where both are NULL.
SELECT experiment_id, variant, count(*) AS users, min(assigned_at) AS first_assigned
FROM assignments
WHERE experiment_id = ANY (@experiment_ids)
GROUP BY CUBE ((experiment_id, variant));

-- name: SignupsPerPlanCountryRollup :many
-- expect: plan String, country String?, signups Int, latest Date?, grouping_mask Int
-- params: (none)
-- why: plan, outside ROLLUP, is in both grouping sets (plan, country) and (plan): it keeps NOT NULL;
-- why: country is NULL in the (plan) subtotal rows. No set is empty, so every group holds a row and
-- why: max(signed_up_at) is in fact never NULL, but conservatively optional: the analyzer NULL-fills
-- why: every column not grouped in every set, the aggregate's input included.
SELECT plan, country, count(*) AS signups, max(signed_up_at) AS latest, grouping(plan, country) AS grouping_mask
FROM users
GROUP BY plan, ROLLUP (country);

-- name: AssignmentsPerExperimentCube :many
-- expect: experiment_id Int, variant String?, day Date?, users Int, first_assigned Date?
-- params: (none)
-- why: a.experiment_id outside CUBE is in every set and NOT NULL; variant and the truncated day
-- why: are NULL where CUBE leaves them out. Every group is non-empty, so min is in fact never NULL
-- why: (conservatively optional: its input column is NULL-filled with the ungrouped columns).
SELECT a.experiment_id, a.variant, date_trunc('day', a.assigned_at) AS day, count(*) AS users,
       min(a.assigned_at) AS first_assigned
FROM assignments a
GROUP BY (a.experiment_id), CUBE (a.variant, date_trunc('day', a.assigned_at));
