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
-- name: BySlot :many
SELECT id FROM duas WHERE @slot IS NULL OR slot = @slot;
--- expected
queries.sql:2:27: error: parameter 'slot' is tested with IS NULL before a later use gives it a type (time_slot, at line 2:51); PostgreSQL cannot determine its type here: write @slot::time_slot IS NULL, or put the IS NULL test after that use
