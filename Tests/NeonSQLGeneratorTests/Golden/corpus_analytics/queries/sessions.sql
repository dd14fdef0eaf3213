-- name: SessionSequence :many
-- WHERE user_id IS NOT NULL narrows user_id; lag without default is NULL on the first row;
-- lead with a NOT NULL default is not NULL; first_value over the default frame sees the current row.
SELECT user_id, started_at,
       row_number() OVER (PARTITION BY user_id ORDER BY started_at) AS session_number,
       lag(started_at) OVER (PARTITION BY user_id ORDER BY started_at) AS previous_start,
       lead(started_at, 1, started_at) OVER (PARTITION BY user_id ORDER BY started_at) AS next_start,
       first_value(started_at) OVER (PARTITION BY user_id ORDER BY started_at) AS first_start,
       dense_rank() OVER (ORDER BY user_id) AS user_rank,
       ntile(4) OVER (ORDER BY started_at) AS quartile,
       percent_rank() OVER (ORDER BY started_at) AS pct
FROM sessions
WHERE user_id IS NOT NULL;

-- name: UserActivity :many
-- count(*) in a subquery without GROUP BY always returns one row; max may be NULL; ARRAY(...) is never NULL.
SELECT u.id, u.handle,
       (SELECT count(*) FROM sessions s WHERE s.user_id = u.id) AS sessions,
       (SELECT max(s.started_at) FROM sessions s WHERE s.user_id = u.id) AS last_session,
       ARRAY(SELECT DISTINCT e.kind FROM events e JOIN sessions s ON s.id = e.session_id
             WHERE s.user_id = u.id ORDER BY 1) AS kinds
FROM users u
WHERE u.plan = @plan;
