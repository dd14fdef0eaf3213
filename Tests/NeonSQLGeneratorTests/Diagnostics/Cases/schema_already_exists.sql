--- schema.sql
-- pg_dump output restored into a new database: public and plpgsql are there already.
SET statement_timeout = 0;
SELECT pg_catalog.set_config('search_path', '', false);
CREATE SCHEMA public;
ALTER SCHEMA public OWNER TO app_owner;
COMMENT ON SCHEMA public IS 'standard public schema';
CREATE EXTENSION IF NOT EXISTS plpgsql WITH SCHEMA pg_catalog;
CREATE EXTENSION plpgsql;
CREATE SCHEMA billing;
CREATE SCHEMA billing;
CREATE SCHEMA IF NOT EXISTS billing;
CREATE TABLE public.notes (id integer PRIMARY KEY, body text NOT NULL);
CREATE TABLE billing.invoices (id integer PRIMARY KEY, note_id integer REFERENCES public.notes (id));
--- queries.sql
-- name: InvoiceNotes :many
SELECT i.id, n.body FROM billing.invoices AS i JOIN notes AS n ON n.id = i.note_id;
--- expected
schema.sql:4:15: warning: schema "public" already exists: PostgreSQL reports this as an error, which psql restoring the file prints and goes on from (a migration run in one transaction stops there)
schema.sql:8:18: warning: extension "plpgsql" already exists: PostgreSQL reports this as an error, which psql restoring the file prints and goes on from (a migration run in one transaction stops there)
schema.sql:10:15: warning: schema "billing" already exists: PostgreSQL reports this as an error, which psql restoring the file prints and goes on from (a migration run in one transaction stops there)
