-- Functions added in PostgreSQL 16 and 17. A `-- since: N` line marks a query that only servers
-- of version N or later accept: the differential against PostgreSQL skips it on older servers
-- (and says so); the hand-written expectations always hold.

-- name: SampleEventPerKind :many
-- expect: kind EventKind, sample_path String?, sample_id Int, sample_revenue Decimal?
-- params: (none)
-- since: 16
-- why: any_value (16) is of its argument's type and, over a group, NULL only when every input is.
SELECT kind, any_value(path) AS sample_path, any_value(id) AS sample_id, any_value(revenue) AS sample_revenue
FROM events GROUP BY kind;

-- name: ShuffledVariants :many
-- expect: id Int, shuffled [String], picked [String]
-- params: count Int
-- since: 16
-- why: array_shuffle and array_sample (16) return the array's type; array_sample's count is integer.
SELECT id, array_shuffle(variants) AS shuffled, array_sample(variants, @count) AS picked FROM experiments;

-- name: NoisyMetric :many
-- expect: day PostgresDate, noisy Double, standard Double
-- params: mean Double, stddev Double
-- since: 16
-- why: random_normal(mean, stddev) (16) is double precision, both arguments defaulted; strict.
SELECT day, value + random_normal(@mean, @stddev) AS noisy, random_normal() AS standard FROM daily_metrics;

-- name: ShiftedSessions :many
-- expect: id Int, next_day Date, previous_day Date, local_next_day Date
-- params: zone String
-- since: 16
-- why: date_add/date_subtract (16) take timestamptz and interval (and a time zone) and return timestamptz.
SELECT id, date_add(started_at, interval '1 day') AS next_day, date_subtract(started_at, interval '1 day') AS previous_day,
       date_add(started_at, interval '1 day', @zone) AS local_next_day
FROM sessions;

-- name: ValidInput :one
-- expect: valid Bool
-- params: input String, typeName String
-- since: 16
-- why: pg_input_is_valid(text, text) (16) is boolean; both parameters are text.
SELECT pg_input_is_valid(@input, @type_name) AS valid;

-- name: ErrorFunction :many
-- expect: day PostgresDate, e Double, ec Double
-- params: (none)
-- since: 16
-- why: erf and erfc (16) take and return double precision.
SELECT day, erf(value) AS e, erfc(value) AS ec FROM daily_metrics;

-- name: StrictPaths :many
-- expect: kind EventKind, paths JSONValue?, path_map JSONValue?
-- params: (none)
-- since: 16
-- why: jsonb_agg_strict and jsonb_object_agg_unique (16) are jsonb aggregates, NULL over no rows.
SELECT kind, jsonb_agg_strict(path) AS paths, jsonb_object_agg_unique(id::text, path) AS path_map FROM events GROUP BY kind;

-- name: SessionBits :many
-- expect: id Int, bits String, octal String
-- params: (none)
-- since: 17
-- why: to_bin and to_oct (17) format an integer or bigint as text.
SELECT id, to_bin(id) AS bits, to_oct(id) AS octal FROM sessions;

-- name: UserIdFacts :many
-- expect: id UUID, version Int?, minted Date?
-- params: (none)
-- since: 17
-- why: uuid_extract_version is smallint and uuid_extract_timestamp timestamptz (17); NULL for UUIDs that have none.
SELECT id, uuid_extract_version(id) AS version, uuid_extract_timestamp(id) AS minted FROM users;

-- name: DiceRoll :one
-- expect: die Int, big Int, share Decimal
-- params: (none)
-- since: 17
-- why: random(min, max) (17) is of its arguments' type: integer, bigint or numeric; strict.
SELECT random(1, 6) AS die, random(1::bigint, 10000000000) AS big, random(0.0, 1.0) AS share;
