-- DDL corpus, part 1: schemas, search_path, enums and tables reshaped by ALTER.
CREATE SCHEMA IF NOT EXISTS billing;
CREATE SCHEMA archive AUTHORIZATION CURRENT_USER;
CREATE SCHEMA IF NOT EXISTS billing;
CREATE SCHEMA scratch;
CREATE EXTENSION IF NOT EXISTS citext;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Enums: renamed, moved, values renamed and added.
CREATE TYPE mood_old AS ENUM ('sad', 'ok', 'happy');
ALTER TYPE mood_old RENAME TO mood;
ALTER TYPE mood RENAME VALUE 'ok' TO 'fine';
ALTER TYPE mood ADD VALUE 'ecstatic' AFTER 'happy';
ALTER TYPE mood ADD VALUE IF NOT EXISTS 'gloomy' BEFORE 'sad';
ALTER TYPE mood ADD VALUE IF NOT EXISTS 'fine';
CREATE TYPE invoice_state AS ENUM ('draft', 'sent', 'paid');
ALTER TYPE invoice_state SET SCHEMA billing;
ALTER TYPE billing.invoice_state ADD VALUE 'void';
ALTER TYPE mood OWNER TO CURRENT_USER;

CREATE DOMAIN positive_amount AS numeric(12, 2) NOT NULL CHECK (VALUE > 0);
CREATE DOMAIN short_code AS varchar(8);
CREATE TYPE money_pair AS (amount numeric, currency text);

-- A table renamed, columns renamed, retyped, added and dropped.
CREATE TABLE people_v1 (
    id serial PRIMARY KEY,
    fullname text NOT NULL,
    nick text,
    age smallint,
    legacy_flag boolean,
    created timestamp NOT NULL DEFAULT now()
);
ALTER TABLE people_v1 RENAME TO people;
ALTER TABLE people RENAME COLUMN fullname TO full_name;
ALTER TABLE people RENAME nick TO nickname;
ALTER TABLE people ALTER COLUMN age TYPE integer;
ALTER TABLE people ALTER COLUMN created SET DATA TYPE timestamptz USING created AT TIME ZONE 'UTC';
ALTER TABLE people ADD COLUMN IF NOT EXISTS email citext UNIQUE;
ALTER TABLE people ADD COLUMN IF NOT EXISTS nickname text;
ALTER TABLE people ADD COLUMN feeling mood NOT NULL DEFAULT 'fine';
ALTER TABLE people DROP COLUMN IF EXISTS legacy_flag;
ALTER TABLE people DROP COLUMN IF EXISTS never_existed;
ALTER TABLE IF EXISTS missing_table ADD COLUMN x integer;
ALTER TABLE people ALTER COLUMN nickname SET NOT NULL, ALTER COLUMN age DROP NOT NULL;
ALTER TABLE people OWNER TO CURRENT_USER;
ALTER TABLE people ENABLE ROW LEVEL SECURITY;
COMMENT ON TABLE people IS 'People; renamed from people_v1';
COMMENT ON COLUMN people.full_name IS 'As written';
CREATE INDEX people_name_idx ON people (lower(full_name));
CREATE UNIQUE INDEX IF NOT EXISTS people_email_idx ON people (email);

-- A table moved to another schema, then used there.
CREATE TABLE invoices (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    person_id integer NOT NULL REFERENCES people (id),
    state billing.invoice_state NOT NULL DEFAULT 'draft',
    total positive_amount,
    code short_code,
    note text
);
ALTER TABLE invoices SET SCHEMA billing;
ALTER TABLE billing.invoices ADD COLUMN due_on date;

-- search_path: unqualified names resolve (and are created) in billing first.
SET search_path TO billing, public;
CREATE TABLE payments (
    id serial PRIMARY KEY,
    invoice_id bigint NOT NULL REFERENCES invoices (id),
    paid money_pair,
    paid_at timestamptz
);
ALTER TABLE payments ADD COLUMN state invoice_state;
SET search_path = DEFAULT;

-- pg_temp: a temporary table lives in the session only.
CREATE TEMP TABLE import_rows (line integer, payload text);
CREATE TEMPORARY TABLE pg_temp.import_errors (line integer, message text);
DROP TABLE import_rows, pg_temp.import_errors;

-- LIKE, INHERITS, PARTITION OF.
CREATE TABLE people_copy (LIKE people INCLUDING ALL, copied_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE people_shape (LIKE people EXCLUDING ALL);
CREATE TABLE people_defaults (extra_id integer, LIKE people INCLUDING DEFAULTS INCLUDING CONSTRAINTS);

CREATE TABLE vehicles (id serial PRIMARY KEY, wheels integer NOT NULL, label text);
CREATE TABLE trucks (payload_kg numeric NOT NULL, label text NOT NULL) INHERITS (vehicles);

CREATE TABLE events (
    id bigint NOT NULL,
    happened_at timestamptz NOT NULL,
    kind text,
    detail jsonb
) PARTITION BY RANGE (happened_at);
CREATE TABLE events_2024 PARTITION OF events FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE events_rest PARTITION OF events (kind NOT NULL) DEFAULT;
CREATE TABLE events_by_kind (kind text NOT NULL, n integer) PARTITION BY LIST (kind);
CREATE TABLE events_by_kind_a PARTITION OF events_by_kind FOR VALUES IN ('a');

-- Objects created only to be dropped.
CREATE TABLE scratch.tmp_a (x integer);
CREATE TABLE tmp_b (x integer);
CREATE VIEW tmp_view AS SELECT x FROM tmp_b;
CREATE TYPE tmp_enum AS ENUM ('x');
CREATE DOMAIN tmp_domain AS integer;
CREATE SEQUENCE tmp_seq;
CREATE INDEX tmp_b_idx ON tmp_b (x);
DROP VIEW IF EXISTS tmp_view;
DROP INDEX IF EXISTS tmp_b_idx;
DROP TABLE IF EXISTS tmp_b, never_there CASCADE;
DROP TYPE IF EXISTS tmp_enum;
DROP DOMAIN tmp_domain;
DROP SEQUENCE IF EXISTS tmp_seq;
DROP SCHEMA scratch CASCADE;
DROP SCHEMA IF EXISTS never_there_schema;
DROP EXTENSION IF EXISTS pg_trgm;
GRANT SELECT ON people TO PUBLIC;
REVOKE ALL ON billing.invoices FROM PUBLIC;
