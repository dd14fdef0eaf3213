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
-- name: Reuse :many
-- PostgreSQL accepts each reuse: integer where bigint is wanted, an explicit cast,
-- an assignment after WHERE typed the parameter, IS NULL.
UPDATE duas SET xp_value = @n, title_en = @title
WHERE (category_id = @n OR @n IS NULL) AND id::bigint > @n AND title_en <> @n::text AND title_en <> @title
RETURNING id;
--- expected
