-- name: SessionDurations :many
-- expect: id Int, user_id UUID?, duration PostgresInterval?, seconds Decimal?
-- params: day PostgresDate
-- why: ended_at is NULL while a session is open; extract(epoch from interval) is numeric.
SELECT id, user_id, ended_at - started_at AS duration, extract(epoch from ended_at - started_at) AS seconds
FROM sessions
WHERE started_at::date = @day;

-- name: SessionSequence :many
-- expect: user_id UUID, started_at Date, session_number Int, previous_start Date?, next_start Date
-- expect: first_start Date, user_rank Int, quartile Int, pct Double
-- params: (none)
-- why: WHERE user_id IS NOT NULL narrows user_id; lag without default is NULL on the first row;
-- why: lead with a NOT NULL default is not NULL; first_value over the default frame sees the current row.
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

-- name: SessionsWithUsers :many
-- expect: id Int, handle String, plan String?, ip String?
-- params: (none)
-- why: COALESCE with a constant is not NULL; LEFT JOIN makes plan optional.
SELECT s.id, COALESCE(u.handle, 'anonymous') AS handle, u.plan, s.ip
FROM sessions s
LEFT JOIN users u ON u.id = s.user_id;

-- name: SessionTimezones :many
-- expect: id Int, local_start Date, utc_day PostgresDate
-- params: tz String
-- why: timestamptz AT TIME ZONE text is a timestamp without time zone; the zone is text.
SELECT id, started_at AT TIME ZONE @tz AS local_start, (started_at AT TIME ZONE 'UTC')::date AS utc_day
FROM sessions;

-- name: UserActivity :many
-- expect: id UUID, handle String, sessions Int, last_session Date?, kinds [EventKind]
-- params: plan String
-- why: count(*) in a subquery without GROUP BY always returns one row; max may be NULL; ARRAY(...) is never NULL.
SELECT u.id, u.handle,
       (SELECT count(*) FROM sessions s WHERE s.user_id = u.id) AS sessions,
       (SELECT max(s.started_at) FROM sessions s WHERE s.user_id = u.id) AS last_session,
       ARRAY(SELECT DISTINCT e.kind FROM events e JOIN sessions s ON s.id = e.session_id
             WHERE s.user_id = u.id ORDER BY 1) AS kinds
FROM users u
WHERE u.plan = @plan;

-- name: LongSessions :many
-- expect: id Int, user_id UUID?, handle String?, started_at Date, length PostgresInterval, event_count Int
-- params: minLength PostgresInterval
-- why: the view's columns follow its definition (LEFT JOIN users, count subquery is one row);
-- why: `length > @min_length` narrows length.
SELECT id, user_id, handle, started_at, length, event_count
FROM session_lengths
WHERE length > @min_length;

-- name: CloseSession :one
-- expect: id Int, ended_at Date?
-- params: id Int
-- why: RETURNING keeps the column's declared nullability even though SET assigns now().
UPDATE sessions SET ended_at = now() WHERE id = @id RETURNING id, ended_at;

-- name: DeleteSessionsOfDeletedUsers :many
-- expect: id Int, handle String
-- params: before Date
-- why: DELETE ... USING: RETURNING may name the USING table's columns.
DELETE FROM sessions s USING users u
WHERE u.id = s.user_id AND u.deleted_at < @before
RETURNING s.id, u.handle;

-- name: StartSession :one
-- expect: id Int, started_at Date
-- params: userId UUID?, userAgent String?, ip String?
-- why: an identity column is returned NOT NULL; the values for nullable columns are optional.
INSERT INTO sessions (user_id, started_at, user_agent, ip)
VALUES (@user_id, now(), @user_agent, @ip)
RETURNING id, started_at;

-- name: AnonymousSessionCount :one
-- expect: n Int, first_seen Date?
-- params: (none)
-- why: without GROUP BY, aggregates see possibly no row: min is optional, count is not.
SELECT count(*) AS n, min(started_at) AS first_seen FROM sessions WHERE user_id IS NULL;

-- name: UsersWithSessionsIn :many
-- expect: id UUID, handle String
-- params: ids [Int]
-- why: `IN (SELECT ...)` filters only; the array parameter takes bigint[].
SELECT id, handle FROM users
WHERE id IN (SELECT user_id FROM sessions WHERE id = ANY (@ids));

-- name: SessionCountsByAgent :many
-- expect: agent String, sessions Int
-- params: (none)
-- why: COALESCE with a constant; GROUP BY an output alias.
SELECT COALESCE(user_agent, 'unknown') AS agent, count(*) AS sessions
FROM sessions
GROUP BY agent
ORDER BY sessions DESC;

-- name: SessionOverlap :many
-- expect: first_id Int, second_id Int, overlap_start Date
-- params: userId UUID
-- why: self-join of sessions; GREATEST of NOT NULL timestamps is not NULL.
SELECT a.id AS first_id, b.id AS second_id, GREATEST(a.started_at, b.started_at) AS overlap_start
FROM sessions a
JOIN sessions b ON a.user_id = b.user_id AND a.id < b.id
WHERE a.user_id = @user_id AND b.started_at < COALESCE(a.ended_at, now());
