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
-- name: SetBoth :exec
UPDATE duas SET xp_value = @v, title_en = @v WHERE id = @id;
--- expected
queries.sql:2:28: note: parameter 'v' is first used here, as integer
queries.sql:2:43: error: parameter 'v' is used as text here and as integer at line 2:28; cast one use (@v::text) or use two parameters
