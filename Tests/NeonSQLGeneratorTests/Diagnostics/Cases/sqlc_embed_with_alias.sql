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
-- name: Titles :many
SELECT sqlc.embed(d) AS dua FROM duas d;
--- expected
queries.sql:2:22: error: sqlc.embed(d) is a whole select-list item: it takes no operators or alias
