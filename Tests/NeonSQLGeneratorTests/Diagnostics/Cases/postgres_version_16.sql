--- neon-sql.json
{"postgresVersion": 16}
--- schema.sql
CREATE TABLE events (id bigint PRIMARY KEY, kind text NOT NULL, score integer NOT NULL, trace uuid NOT NULL, at timestamptz NOT NULL);
--- queries.sql
-- name: NewIn16 :many
SELECT kind, any_value(score) AS sample, array_sample(array_agg(id), 1) AS picked,
       date_add(min(at), interval '1 day', 'Europe/Berlin') AS next_day
FROM events GROUP BY kind;

-- name: NewIn17 :many
SELECT to_bin(id) AS bits, uuid_extract_version(trace) AS version, random(1.0, 2.0) AS between_numeric FROM events;


--- expected
queries.sql:7:8: error: to_bin requires PostgreSQL 17 or later; this project targets 16 (postgresVersion in neon-sql.json)
queries.sql:7:28: error: uuid_extract_version requires PostgreSQL 17 or later; this project targets 16 (postgresVersion in neon-sql.json)
queries.sql:7:68: error: random(numeric, numeric) requires PostgreSQL 17 or later; this project targets 16 (postgresVersion in neon-sql.json)
