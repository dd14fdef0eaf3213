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
-- name: Page :many
SELECT id FROM duas WHERE title_en = @n LIMIT @n;
--- expected
queries.sql:2:38: note: parameter 'n' is first used here, as text
queries.sql:2:47: error: parameter 'n' is used as bigint here and as text at line 2:38; cast one use (@n::bigint) or use two parameters
