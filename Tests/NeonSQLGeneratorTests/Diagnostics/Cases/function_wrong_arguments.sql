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
CREATE FUNCTION duas_in(s time_slot) RETURNS TABLE (dua_id integer, title text) LANGUAGE sql AS 'SELECT id, title_en FROM duas WHERE slot = s';
--- queries.sql
-- name: MorningDuas :many
SELECT dua_id, title FROM duas_in(1);

-- name: TwoArguments :many
SELECT title FROM duas_in('morning', 2);
--- expected
queries.sql:2:27: error: function duas_in(integer) does not exist
queries.sql:5:19: error: function duas_in(unknown, integer) does not exist
