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
-- name: ByIdAndTitle :many
SELECT id FROM duas
WHERE id = @x
  AND title_en = @x;
--- expected
queries.sql:4:16: error: operator does not exist: text = integer
queries.sql:4:18: note: parameter 'x' is integer because of its first use at line 3:12; cast this use (@x::text) or use two parameters
