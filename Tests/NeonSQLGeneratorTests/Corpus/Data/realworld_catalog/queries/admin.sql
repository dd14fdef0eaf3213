-- name: ActiveConnections :many
-- expect: pid Int, usename String?, application_name String?, state String?, running_for PostgresInterval?, query String?
-- params: (none)
-- why: pg_stat_activity is a view (nullable columns); now() - query_start is an interval.
SELECT pid, usename, application_name, state, now() - query_start AS running_for, query
FROM pg_stat_activity
WHERE datname = current_database() AND pid <> pg_backend_pid();

-- name: TableStatistics :many
-- expect: relname String?, seq_scan Int?, n_live_tup Int?, n_dead_tup Int?, last_autovacuum Date?
-- params: (none)
-- why: pg_stat_user_tables' counters are bigint.
SELECT relname, seq_scan, n_live_tup, n_dead_tup, last_autovacuum FROM pg_stat_user_tables ORDER BY n_dead_tup DESC;

-- name: TimeZones :many
-- expect: name String?, abbrev String?, utc_offset PostgresInterval?, is_dst Bool?
-- params: (none)
-- why: pg_timezone_names is a view over a function: text, interval and boolean columns.
SELECT name, abbrev, utc_offset, is_dst FROM pg_timezone_names ORDER BY name;

-- name: Setting :one
-- expect: name String, setting String?, unit String?
-- params: name String
-- why: pg_settings.name is text; the parameter takes its type.
SELECT name, setting, unit FROM pg_settings WHERE name = @name LIMIT 1;

-- name: TryLock :one
-- expect: acquired Bool
-- params: key Int
-- why: pg_try_advisory_lock(bigint) types the parameter bigint; strict, so never NULL for a non-NULL key.
SELECT pg_try_advisory_lock(@key) AS acquired;

-- name: Unlock :one
-- expect: released Bool
-- params: classId Int, objectId Int
-- why: the two-key overload types both parameters integer.
SELECT pg_advisory_unlock(@class_id::int, @object_id::int) AS released;

-- name: SessionLifetime :one
-- expect: lifetime PostgresInterval
-- params: ttl Double
-- why: named notation binds secs (double precision), not make_interval's first parameter.
SELECT make_interval(secs => @ttl) AS lifetime;

-- name: ExtendSession :exec
-- expect: (none)
-- params: days Int, hours Int, token UUID
-- why: mixed notation over make_interval's named arguments in an UPDATE.
UPDATE sessions SET expires_at = now() + make_interval(days => @days, hours => @hours) WHERE token = @token;
