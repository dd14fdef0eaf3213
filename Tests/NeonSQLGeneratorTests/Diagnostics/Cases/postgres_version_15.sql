--- neon-sql.json
{"postgresVersion": 15}
--- schema.sql
CREATE TABLE events (id bigint PRIMARY KEY, kind text NOT NULL, score integer NOT NULL, trace uuid NOT NULL, at timestamptz NOT NULL);
CREATE VIEW kinds AS SELECT kind, any_value(score) AS sample FROM events GROUP BY kind;
--- queries.sql
-- name: NewIn16 :many
SELECT kind, any_value(score) AS sample, array_shuffle(array_agg(id)) AS shuffled FROM events GROUP BY kind;

-- name: NewIn16Scalar :one
SELECT random_normal(0, 1) AS noise, date_subtract(now(), interval '1 day') AS yesterday,
       pg_input_is_valid(@text::text, 'integer') AS valid;

-- name: NewIn17 :many
SELECT to_oct(score) AS octal, uuid_extract_timestamp(trace) AS minted, random(1, 6) AS die FROM events;

-- name: In15 :many
SELECT random() AS r, to_hex(score) AS hex, generate_series(1, 3) AS n, date_trunc('day', at) AS day FROM events;

--- expected
queries.sql:2:14: error: any_value requires PostgreSQL 16 or later; this project targets 15 (postgresVersion in neon-sql.json)
queries.sql:2:42: error: array_shuffle requires PostgreSQL 16 or later; this project targets 15 (postgresVersion in neon-sql.json)
queries.sql:5:8: error: random_normal requires PostgreSQL 16 or later; this project targets 15 (postgresVersion in neon-sql.json)
queries.sql:5:38: error: date_subtract requires PostgreSQL 16 or later; this project targets 15 (postgresVersion in neon-sql.json)
queries.sql:6:8: error: pg_input_is_valid requires PostgreSQL 16 or later; this project targets 15 (postgresVersion in neon-sql.json)
queries.sql:9:8: error: to_oct requires PostgreSQL 17 or later; this project targets 15 (postgresVersion in neon-sql.json)
queries.sql:9:32: error: uuid_extract_timestamp requires PostgreSQL 17 or later; this project targets 15 (postgresVersion in neon-sql.json)
queries.sql:9:73: error: random(integer, integer) requires PostgreSQL 17 or later; this project targets 15 (postgresVersion in neon-sql.json)
schema.sql:2:35: error: any_value requires PostgreSQL 16 or later; this project targets 15 (postgresVersion in neon-sql.json)
