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
-- name: AddDua :exec
INSERT INTO duas (category_id, title_en, slot) VALUES (@c, @c, 'morning');
--- expected
queries.sql:2:56: note: parameter 'c' is first used here, as integer
queries.sql:2:60: error: parameter 'c' is used as text here and as integer at line 2:56; cast one use (@c::text) or use two parameters
