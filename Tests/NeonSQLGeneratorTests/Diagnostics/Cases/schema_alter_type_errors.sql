--- schema.sql
CREATE SCHEMA app;
CREATE TYPE pair AS (a integer, b text);
CREATE DOMAIN pos AS integer NOT NULL CHECK (VALUE > 0);
CREATE DOMAIN code AS text;
CREATE TYPE span AS RANGE (subtype = integer);
CREATE TYPE mood AS ENUM ('sad', 'happy');
CREATE TABLE t (id integer, p pair, n pos, c code);
ALTER TYPE pos RENAME TO positive;
ALTER DOMAIN pos RENAME TO positive;
ALTER TYPE pair RENAME TO duo;
ALTER TYPE duo ADD ATTRIBUTE c integer;
ALTER TYPE duo DROP ATTRIBUTE nope;
ALTER TYPE duo DROP ATTRIBUTE IF EXISTS nope;
ALTER TYPE duo ALTER ATTRIBUTE a TYPE bigint;
ALTER TYPE duo RENAME ATTRIBUTE nope TO y;
ALTER TYPE duo RENAME ATTRIBUTE a TO c;
ALTER TYPE duo ADD ATTRIBUTE c integer;
ALTER TYPE duo ADD ATTRIBUTE d nope_type;
ALTER DOMAIN nope SET NOT NULL;
ALTER TYPE nope RENAME TO x;
ALTER DOMAIN positive SET SCHEMA nope;
ALTER TYPE duo RENAME TO code;
ALTER TYPE span ADD ATTRIBUTE q integer;
ALTER TYPE code ADD VALUE 'x';
ALTER DOMAIN duo SET NOT NULL;
ALTER DOMAIN mood SET NOT NULL;
ALTER TYPE mood ADD ATTRIBUTE x integer;
ALTER TYPE span RENAME TO mood;
--- queries.sql
-- name: Pairs :many
SELECT (p).a AS a, (p).c AS c FROM t;
-- name: OldName :one
SELECT NULL::pair AS p;
--- expected
queries.sql:4:14: error: type "pair" does not exist
schema.sql:9:14: error: type "pos" does not exist
schema.sql:12:31: error: column "nope" of relation "duo" does not exist
schema.sql:14:32: error: cannot alter type "duo" because column "t.p" uses it
schema.sql:15:33: error: column "nope" does not exist
schema.sql:16:38: error: column "c" of relation "duo" already exists
schema.sql:17:30: error: column "c" of relation "duo" already exists
schema.sql:18:32: error: type "nope_type" does not exist
schema.sql:19:14: error: type "nope" does not exist
schema.sql:20:12: error: type "nope" does not exist
schema.sql:21:34: error: schema "nope" does not exist
schema.sql:22:26: error: type "code" already exists
schema.sql:23:12: error: relation "span" does not exist
schema.sql:24:12: error: code is not an enum
schema.sql:25:14: error: duo is not a domain
schema.sql:26:14: error: mood is not a domain
schema.sql:27:12: error: relation "mood" does not exist
schema.sql:28:27: error: type "mood" already exists
