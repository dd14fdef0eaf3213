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
-- name: Two :exec
UPDATE duas SET xp_value = 1; UPDATE duas SET xp_value = 2;
--- expected
queries.sql:2:31: warning: statement after query 'Two' (line 1) has no '-- name:' annotation of its own and is not generated (sqlc skips it too); a query is one statement: give this one its own annotation, or combine them with a CTE
