-- DDL corpus, part 3: functions renamed and moved, unique indexes and key constraints by name.

-- ALTER FUNCTION / ROUTINE: the overload named by its argument list, renamed or moved.
CREATE FUNCTION fee_of(amount numeric) RETURNS numeric LANGUAGE sql IMMUTABLE AS 'SELECT amount * 0.1';
CREATE FUNCTION fee_of(amount integer) RETURNS integer LANGUAGE sql IMMUTABLE AS 'SELECT amount / 10';
ALTER FUNCTION fee_of(numeric) RENAME TO service_fee;
ALTER ROUTINE fee_of SET SCHEMA billing;
ALTER FUNCTION billing.fee_of(integer) STRICT PARALLEL SAFE;
ALTER FUNCTION service_fee OWNER TO CURRENT_USER;
CREATE OR REPLACE FUNCTION service_fee(amount numeric) RETURNS numeric LANGUAGE sql IMMUTABLE AS 'SELECT amount * 0.2';

-- Unique indexes and key constraints, created, renamed and dropped by the names PostgreSQL gives them.
CREATE TABLE accounts (id integer NOT NULL, email text NOT NULL, handle text, org_id integer, deleted_at timestamptz);
CREATE UNIQUE INDEX accounts_id_uq ON accounts (id);
ALTER TABLE accounts ADD PRIMARY KEY USING INDEX accounts_id_uq;
CREATE UNIQUE INDEX ON accounts (lower(email));
CREATE UNIQUE INDEX ON accounts (handle) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS accounts_org_handle ON accounts USING btree (org_id, handle DESC NULLS LAST) NULLS NOT DISTINCT;
ALTER TABLE accounts ADD CONSTRAINT accounts_email_key UNIQUE (email);
ALTER TABLE accounts RENAME CONSTRAINT accounts_email_key TO accounts_email_unique;
ALTER INDEX accounts_org_handle RENAME TO accounts_org_handle_uq;
DROP INDEX accounts_lower_idx;
DROP INDEX IF EXISTS accounts_org_handle_uq;

-- Composite types and domains renamed and changed after tables use them.
CREATE TYPE coords AS (lat double precision, lng double precision);
CREATE DOMAIN tag_text AS varchar(20);
CREATE TABLE places (id integer PRIMARY KEY, at coords, tag tag_text, note tag_text NOT NULL);
ALTER TYPE coords RENAME TO geo_point;
ALTER TYPE geo_point ADD ATTRIBUTE alt real, DROP ATTRIBUTE IF EXISTS accuracy;
ALTER TYPE geo_point RENAME ATTRIBUTE lng TO lon;
ALTER DOMAIN tag_text RENAME TO place_tag;
ALTER DOMAIN place_tag SET NOT NULL;
ALTER DOMAIN place_tag ADD CONSTRAINT place_tag_short CHECK (length(VALUE) <= 20);
ALTER DOMAIN place_tag SET DEFAULT 'untagged';
CREATE TYPE scratch_pair AS (x integer);
ALTER TYPE scratch_pair SET SCHEMA archive;
ALTER TYPE archive.scratch_pair ALTER ATTRIBUTE x TYPE bigint;
CREATE TABLE scratch_rows (id integer PRIMARY KEY, v archive.scratch_pair);

-- A table's row type as a function's parameter and result.
CREATE FUNCTION person_row(pid integer) RETURNS people LANGUAGE sql STABLE AS 'SELECT * FROM people WHERE id = pid';
CREATE FUNCTION initials(p people) RETURNS text LANGUAGE sql IMMUTABLE AS 'SELECT left(p.full_name, 1)';
