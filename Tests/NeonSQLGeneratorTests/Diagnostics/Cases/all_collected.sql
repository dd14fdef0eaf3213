--- schema.sql
CREATE TYPE time_slot AS ENUM ('morning', 'anytime', 'evening');
CREATE TABLE categories (id serial PRIMARY KEY, name text NOT NULL, slug text NOT NULL UNIQUE);
CREATE TABLE duas (
    id serial PRIMARY KEY,
    category_id integer REFERENCES categories (id),
    title_en text NOT NULL,
    slot time_slot NOT NULL,
    xp_value integer NOT NULL DEFAULT 10,
    created_at timestamptz NOT NULL DEFAULT now()
);
--- queries.sql
-- name: A :many
SELECT titel_en FROM duas;

-- name: B :many
SELECT id FROM dua;

-- name: C :bogus
SELECT 1;

-- name: D :many
SELECT lowr(title_en) AS t FROM duas;
--- expected
queries.sql:2:8: error: column "titel_en" does not exist; did you mean 'title_en'?
queries.sql:5:16: error: relation "dua" does not exist; did you mean 'duas'?
queries.sql:7:1: error: unknown query kind ':bogus'; use :many, :one, :exec, :execrows, :execresult, :batchexec, :batchone, :batchmany or :copyfrom
queries.sql:11:8: error: function lowr(text) is not known to the generator; did you mean 'lower'? or cast its result (lowr(...)::type)
