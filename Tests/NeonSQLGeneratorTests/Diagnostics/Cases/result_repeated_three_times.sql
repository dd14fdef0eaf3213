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
-- name: Counts :one
SELECT count(*), count(category_id), count(DISTINCT slot) FROM duas;
--- expected
queries.sql:2:18: warning: result column 2 repeats the name "count" of column 1; it is generated as 'count2': name it with AS
queries.sql:2:38: warning: result column 3 repeats the name "count" of column 1; it is generated as 'count3': name it with AS
