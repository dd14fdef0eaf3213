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
-- name: Named :many
-- PostgreSQL names every column here (FigureColname): no warning.
SELECT coalesce(category_id, 0), xp_value::bigint, 1::integer, CASE WHEN xp_value > 10 THEN 0 ELSE category_id END,
       ARRAY[id], EXISTS (SELECT 1 FROM categories), (SELECT max(slug) FROM categories), current_date
FROM duas;
--- expected
