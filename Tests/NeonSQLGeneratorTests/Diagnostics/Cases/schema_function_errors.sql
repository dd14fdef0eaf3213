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
CREATE FUNCTION duas_in(s time_slot) RETURNS SETOF duas LANGUAGE sql AS 'SELECT * FROM duas WHERE slot = s';
CREATE FUNCTION duas_in(s time_slot) RETURNS SETOF duas LANGUAGE sql AS 'SELECT * FROM duas';
DROP FUNCTION duas_in(text);
DROP PROCEDURE refresh_duas;
--- queries.sql
-- name: Ids :many
SELECT id FROM duas;
--- expected
schema.sql:12:17: error: function "duas_in" already exists with same argument types
schema.sql:13:15: error: function duas_in(text) does not exist
schema.sql:14:16: error: could not find a procedure named "refresh_duas"
