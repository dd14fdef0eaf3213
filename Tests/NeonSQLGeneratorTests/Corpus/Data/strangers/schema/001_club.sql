-- A club's schema written the way sqlc's own end-to-end cases write theirs (pg_dump-style
-- sequences, arrays, jsonb, enums), for the shapes that SQL written by other people uses and
-- the generator once rejected or mistyped (docs/strangers-differential.md).
CREATE TYPE member_level AS ENUM ('guest', 'member', 'board');

CREATE SEQUENCE public.ticket_numbers
    START WITH 1000
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

CREATE SEQUENCE IF NOT EXISTS invoice_numbers AS integer;

CREATE TABLE members (
    id bigserial PRIMARY KEY,
    name text NOT NULL,
    nicknames text[] NOT NULL DEFAULT '{}',
    scores integer[],
    level member_level NOT NULL DEFAULT 'guest',
    profile jsonb NOT NULL DEFAULT '{}',
    joined date NOT NULL DEFAULT CURRENT_DATE,
    email text UNIQUE
);

CREATE TABLE events (
    id serial PRIMARY KEY,
    title text NOT NULL,
    starts_at timestamptz NOT NULL,
    capacity integer,
    tags text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE attendance (
    event_id integer NOT NULL REFERENCES events (id),
    member_id bigint NOT NULL REFERENCES members (id),
    ticket bigint NOT NULL DEFAULT nextval('ticket_numbers'),
    note text,
    PRIMARY KEY (event_id, member_id)
);

-- Keywords as names, quoted, as pg_dump and sqlc users write them.
CREATE TABLE "check_ins" (
    "user" text NOT NULL,
    "order" integer NOT NULL,
    "left" boolean,
    at timestamptz NOT NULL DEFAULT now()
);

-- A function called in named and mixed notation.
CREATE FUNCTION greeting(name text, shout boolean DEFAULT false, suffix text DEFAULT '!')
RETURNS text
AS $$ SELECT CASE WHEN shout THEN upper(name) ELSE name END || suffix $$
LANGUAGE sql IMMUTABLE STRICT;
