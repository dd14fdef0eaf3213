-- name: ByteaFunctions :many
-- expect: head Data, trimmed Data, tail Data, len Int, hash String, digest Data, hex String
-- params: (none)
-- why: substr, ltrim and rtrim have bytea overloads that return bytea.
SELECT substr(payload, 1, 4) AS head, ltrim(payload, '\x00'::bytea) AS trimmed, rtrim(payload, '\x00'::bytea) AS tail,
       length(payload) AS len, md5(payload) AS hash, sha256(payload) AS digest, encode(payload, 'hex') AS hex
FROM measurements;

-- name: ByteaSearch :one
-- expect: at Int, extended Data
-- params: needle Data, suffix Data, id Int
-- why: position(bytea IN bytea) and bytea || bytea type the untyped parameters as bytea.
SELECT position(@needle IN payload) AS at, payload || @suffix AS extended FROM measurements WHERE id = @id;

-- name: DateArithmetic :many
-- expect: at_tz Date, week_later PostgresDate, days Int, earlier Date?, since PostgresInterval?
-- params: (none)
-- why: date + time with time zone is timestamptz; date + integer is date; date - date is integer.
SELECT taken_on + clock AS at_tz, taken_on + 7 AS week_later, taken_on - taken_on AS days, taken_at - span AS earlier,
       local_at - taken_on AS since
FROM measurements;

-- name: DateFunctions :many
-- expect: elapsed PostgresInterval, justified PostgresInterval?, year Double, epoch Decimal, d PostgresDate
-- params: (none)
-- why: age is interval; date_part is double precision, EXTRACT numeric.
SELECT age(taken_at) AS elapsed, justify_hours(span) AS justified, date_part('year', taken_on) AS year,
       extract(epoch FROM taken_at) AS epoch, make_date(2024, 1, 31) AS d
FROM measurements;

-- name: TimeZones :many
-- expect: utc Date, utc_clock PostgresTime, y String, month Date
-- params: (none)
-- why: timestamptz AT TIME ZONE is timestamp; time with time zone stays time with time zone.
SELECT taken_at AT TIME ZONE 'UTC' AS utc, clock AT TIME ZONE 'UTC' AS utc_clock, to_char(taken_at, 'YYYY') AS y,
       date_trunc('month', taken_at) AS month
FROM measurements;

-- name: OneByteChar :many
-- expect: grade String, is_a Bool, code Int
-- params: (none)
-- why: "char" is its own type, compared with "char".
SELECT grade, grade = 'a' AS is_a, ascii(grade::text) AS code FROM measurements;

-- name: SessionFacts :one
-- expect: db String, v String, pid Int, tx Int
-- params: (none)
-- why: current_database() is name; pg_backend_pid integer; txid_current bigint.
SELECT current_database() AS db, version() AS v, pg_backend_pid() AS pid, txid_current() AS tx;

-- name: Privileges :one
-- expect: can_read Bool, can_use Bool, bytes Int, rel String
-- params: (none)
-- why: has_table_privilege(text, text) is chosen for untyped constants (string category); regclass maps to String.
SELECT has_table_privilege('measurements', 'SELECT') AS can_read, has_schema_privilege('public', 'USAGE') AS can_use,
       pg_table_size('measurements') AS bytes, 'measurements'::regclass AS rel;

-- name: MorePrivileges :one
-- expect: can Bool, size String, rel String?
-- params: (none)
-- why: to_regclass is NULL for a missing relation.
SELECT has_column_privilege('measurements', 'flags', 'SELECT') AS can,
       pg_size_pretty(pg_total_relation_size('measurements')) AS size, to_regclass('measurements') AS rel;

-- name: TimestampSeries :many
-- expect: day Date
-- params: start Date, stop Date
-- why: generate_series(timestamptz, timestamptz, interval) yields timestamptz.
SELECT generate_series(@start::timestamptz, @stop::timestamptz, '1 day') AS day;

-- name: IntegerSeries :many
-- expect: g Int
-- params: n Int
-- why: generate_series(integer, unknown) resolves to the integer overload.
SELECT g FROM generate_series(1, @n) AS g;

-- name: WalPosition :one
-- expect: lsn String, snap String, xid String
-- params: (none)
-- why: pg_lsn, txid_snapshot and xid8 map to their text form.
SELECT pg_current_wal_lsn() AS lsn, txid_current_snapshot() AS snap, pg_current_xact_id() AS xid;
