-- name: RunningTotals :many
-- expect: day PostgresDate, value Double, running_total Double, rolling_avg Double
-- params: metric String
-- why: both windows' frames include the current row, whose value is NOT NULL.
SELECT day, value,
       sum(value) OVER (ORDER BY day) AS running_total,
       avg(value) OVER (ORDER BY day ROWS BETWEEN 6 PRECEDING AND CURRENT ROW) AS rolling_avg
FROM daily_metrics
WHERE metric = @metric
ORDER BY day;

-- name: NextDayDelta :many
-- expect: day PostgresDate, delta Double?, later_avg Double?
-- params: metric String
-- why: lead is NULL on the last row; a frame of only following rows can be empty.
SELECT day, lead(value) OVER (ORDER BY day) - value AS delta,
       avg(value) OVER (ORDER BY day ROWS BETWEEN 1 FOLLOWING AND 3 FOLLOWING) AS later_avg
FROM daily_metrics
WHERE metric = @metric;

-- name: MetricCalendar :many
-- expect: day PostgresDate, value Double?
-- params: firstDay PostgresDate, lastDay PostgresDate, metric String
-- why: generate_series(date, date, interval) resolves to timestamptz; the LEFT JOINed value is optional.
SELECT d::date AS day, m.value
FROM generate_series(@first_day::date, @last_day::date, '1 day'::interval) AS d
LEFT JOIN daily_metrics m ON m.day = d::date AND m.metric = @metric
ORDER BY 1;

-- name: Squares :many
-- expect: n Int, square Int
-- params: n Int
-- why: generate_series(integer, unknown) is generate_series(integer, integer).
SELECT n, n * n AS square FROM generate_series(1, @n) AS n;

-- name: UpsertMetric :one
-- expect: day PostgresDate, metric String, value Double
-- params: day PostgresDate, metric String, value Double
-- why: EXCLUDED.value has the column's type; all columns NOT NULL.
INSERT INTO daily_metrics (day, metric, value) VALUES (@day, @metric, @value)
ON CONFLICT (day, metric) DO UPDATE SET value = daily_metrics.value + EXCLUDED.value
RETURNING day, metric, value;

-- name: MetricWeekdays :many
-- expect: day PostgresDate, weekday String, dow Int, days_since Int
-- params: ref PostgresDate
-- why: to_char and extract are strict; date - date is integer.
SELECT day, to_char(day, 'Dy') AS weekday, extract(isodow from day)::int AS dow, day - @ref::date AS days_since
FROM daily_metrics;

-- name: MakeDates :one
-- expect: first_day PostgresDate, parsed PostgresDate, at_epoch Date
-- params: year Int, month Int, textDate String, epoch Double
-- why: make_date takes integers, to_date text, to_timestamp(one argument) double precision.
SELECT make_date(@year, @month, 1) AS first_day, to_date(@text_date, 'YYYY-MM-DD') AS parsed,
       to_timestamp(@epoch) AS at_epoch;

-- name: OrgChain :many
-- expect: id Int, parent_id Int?, name String, depth Int, path [Int]
-- params: rootId Int
-- why: recursive CTE with column names; ARRAY[id] || id keeps NOT NULL elements.
WITH RECURSIVE chain (id, parent_id, name, depth, path) AS (
    SELECT id, parent_id, name, 0, ARRAY[id] FROM org_units WHERE id = @root_id
    UNION ALL
    SELECT o.id, o.parent_id, o.name, c.depth + 1, c.path || o.id
    FROM org_units o
    JOIN chain c ON o.parent_id = c.id
    WHERE NOT o.id = ANY (c.path)
)
SELECT id, parent_id, name, depth, path FROM chain;

-- name: OrgRootsAndLeaves :many
-- expect: id Int, name String, role String
-- params: (none)
-- why: UNION of two selects over NOT NULL columns; NOT EXISTS for the leaves.
SELECT id, name, 'root' AS role FROM org_units WHERE parent_id IS NULL
UNION
SELECT o.id, o.name, 'leaf' FROM org_units o
WHERE NOT EXISTS (SELECT 1 FROM org_units c WHERE c.parent_id = o.id);

-- name: ExperimentsForUser :many
-- expect: id Int, name String, variants [String], variant_count Int, variant String?, is_control Bool?
-- params: userId UUID
-- why: LEFT JOIN assignments makes variant optional; a subscript can be out of range.
SELECT e.id, e.name, e.variants, cardinality(e.variants) AS variant_count, a.variant,
       a.variant = e.variants[1] AS is_control
FROM experiments e
LEFT JOIN assignments a ON a.experiment_id = e.id AND a.user_id = @user_id
WHERE e.ended_on IS NULL OR e.ended_on > CURRENT_DATE;

-- name: AssignVariant :one
-- expect: variant String, assigned_at Date
-- params: userId UUID, experimentId Int
-- why: INSERT ... SELECT types the select-list parameter by its target column.
INSERT INTO assignments (experiment_id, user_id, variant, assigned_at)
SELECT e.id, @user_id, e.variants[1 + floor(random() * cardinality(e.variants))::int], localtimestamp
FROM experiments e
WHERE e.id = @experiment_id
ON CONFLICT (experiment_id, user_id) DO UPDATE SET variant = EXCLUDED.variant
RETURNING variant, assigned_at;

-- name: UsersInBothExperiments :many
-- expect: user_id UUID
-- params: a Int, b Int
-- why: INTERSECT keeps the NOT NULL column.
SELECT user_id FROM assignments WHERE experiment_id = @a
INTERSECT
SELECT user_id FROM assignments WHERE experiment_id = @b;

-- name: MixedIds :many
-- expect: id Int, kind String
-- params: (none)
-- why: UNION of integer and bigint is bigint.
SELECT id::int AS id, 'experiment' AS kind FROM experiments
UNION
SELECT id, 'session' FROM sessions;

-- name: ExperimentNumbers :many
-- expect: id Int, traffic Float, percent Double, exact Decimal, days Int?
-- params: (none)
-- why: real * integer resolves to real * double precision; date - date is integer, NULL when ended_on is.
SELECT id, traffic, traffic * 100 AS percent, traffic::numeric(5, 2) AS exact, (ended_on - started_on) AS days
FROM experiments;

-- name: VariantShares :many
-- expect: experiment_id Int, variant String, users Int, share Double
-- params: (none)
-- why: window sum over a partition (no frame clause) of a NOT NULL count is not NULL.
SELECT experiment_id, variant, count(*) AS users,
       count(*)::float8 / sum(count(*)) OVER (PARTITION BY experiment_id) AS share
FROM assignments
GROUP BY experiment_id, variant;
