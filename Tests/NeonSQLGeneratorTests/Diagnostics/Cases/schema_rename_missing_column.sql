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
ALTER TABLE duas RENAME COLUMN titel_en TO title;
ALTER TABLE duas ALTER COLUMN xp_valeu TYPE bigint;
--- queries.sql
-- name: Ids :many
SELECT id FROM duas;
--- expected
schema.sql:11:32: error: column "titel_en" does not exist; did you mean 'title_en'?
schema.sql:12:31: error: column "xp_valeu" of relation "duas" does not exist; did you mean 'xp_value'?
