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
ALTER TYPE time_slot ADD VALUE 'morning';
ALTER TYPE time_slot ADD VALUE 'noon' BEFORE 'midday';
ALTER TYPE time_slot RENAME VALUE 'evenin' TO 'night';
ALTER TYPE time_slt RENAME TO slot;
--- queries.sql
-- name: Ids :many
SELECT id FROM duas;
--- expected
schema.sql:11:1: error: enum label "morning" already exists
schema.sql:12:1: error: "midday" is not an existing enum label
schema.sql:13:1: error: "evenin" is not an existing enum label; did you mean 'evening'?
schema.sql:14:12: error: type "time_slt" does not exist; did you mean 'time_slot'?
