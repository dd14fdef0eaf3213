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
-- name: CopyDuas :copyfrom
INSERT INTO duas (title_en, slot, xp_value) VALUES (@title, @slot, @xp + 1);
--- expected
queries.sql:2:68: error: each value of a ':copyfrom' INSERT is a parameter used once (the rows' values); compute other values with a column DEFAULT, or use ':batchexec'
