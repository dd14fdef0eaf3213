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
--- a.sql
-- name: Titles :many
SELECT title_en FROM duas;
--- b.sql
-- name: Other :many
SELECT id FROM duas;

-- name: Titles :many
SELECT id FROM duas;
--- expected
b.sql:4:1: error: query name 'Titles' is already used at a.sql:1
