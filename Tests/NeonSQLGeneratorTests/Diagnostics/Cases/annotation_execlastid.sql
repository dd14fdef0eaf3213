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
-- name: AddDua :execlastid
INSERT INTO duas (title_en, slot) VALUES (@title, 'morning');
--- expected
queries.sql:1:1: error: PostgreSQL has no last insert id for ':execlastid'; add 'RETURNING id' to the statement and use ':one'
