-- name: RunningTotals :many
-- both windows' frames include the current row, whose value is NOT NULL.
SELECT day, value,
       sum(value) OVER (ORDER BY day) AS running_total,
       avg(value) OVER (ORDER BY day ROWS BETWEEN 6 PRECEDING AND CURRENT ROW) AS rolling_avg
FROM daily_metrics
WHERE metric = @metric
ORDER BY day;

-- name: MetricCalendar :many
-- generate_series(date, date, interval) resolves to timestamptz; the LEFT JOINed value is optional.
SELECT d::date AS day, m.value
FROM generate_series(@first_day::date, @last_day::date, '1 day'::interval) AS d
LEFT JOIN daily_metrics m ON m.day = d::date AND m.metric = @metric
ORDER BY 1;

-- name: OrgChain :many
-- recursive CTE with column names; ARRAY[id] || id keeps NOT NULL elements.
WITH RECURSIVE chain (id, parent_id, name, depth, path) AS (
    SELECT id, parent_id, name, 0, ARRAY[id] FROM org_units WHERE id = @root_id
    UNION ALL
    SELECT o.id, o.parent_id, o.name, c.depth + 1, c.path || o.id
    FROM org_units o
    JOIN chain c ON o.parent_id = c.id
    WHERE NOT o.id = ANY (c.path)
)
SELECT id, parent_id, name, depth, path FROM chain;

-- name: VariantShares :many
-- window sum over a partition (no frame clause) of a NOT NULL count is not NULL.
SELECT experiment_id, variant, count(*) AS users,
       count(*)::float8 / sum(count(*)) OVER (PARTITION BY experiment_id) AS share
FROM assignments
GROUP BY experiment_id, variant;
