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
-- name: Retitle :exec
UPDATE duas SET slot = @x WHERE title_en = @x;
--- expected
queries.sql:2:24: error: parameter 'x' is used as time_slot here and as text at line 2:44; cast one use (@x::time_slot) or use two parameters
queries.sql:2:44: note: parameter 'x' is first used here, as text
