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
CREATE SCHEMA archive;
CREATE TABLE archive.duas (id integer);
DROP SCHEMA archive;
DROP VIEW duas;
DROP MATERIALIZED VIEW IF EXISTS duas;
--- queries.sql
-- name: Ids :many
SELECT id FROM duas;
--- expected
schema.sql:13:13: error: cannot drop schema archive because other objects depend on it
schema.sql:14:11: error: "duas" is not a view
schema.sql:15:34: error: "duas" is not a materialized view
