-- DDL corpus, part 2: tables made from queries, materialized views, functions and procedures.
CREATE TABLE people_summary AS
    SELECT id, full_name, nickname, age * 2 AS double_age FROM people WITH NO DATA;
CREATE TABLE IF NOT EXISTS people_summary AS SELECT 1 AS one;
CREATE TABLE invoice_totals (person, invoice_count) AS
    SELECT person_id, count(*) FROM billing.invoices GROUP BY person_id;

SELECT id, full_name AS name, created INTO TABLE people_snapshot FROM people;
SELECT payload_kg, label INTO truck_loads FROM trucks;

CREATE MATERIALIZED VIEW person_stats_v0 AS
    SELECT p.id, p.full_name, count(i.id) AS invoices, max(i.due_on) AS last_due
    FROM people p LEFT JOIN billing.invoices i ON i.person_id = p.id
    GROUP BY p.id, p.full_name
WITH NO DATA;
ALTER MATERIALIZED VIEW person_stats_v0 RENAME TO person_stats;
REFRESH MATERIALIZED VIEW person_stats;
CREATE MATERIALIZED VIEW IF NOT EXISTS mood_counts (feeling, n) AS
    SELECT feeling, count(*) FROM people GROUP BY feeling;
CREATE MATERIALIZED VIEW invoice_states AS SELECT DISTINCT state FROM billing.invoices;
ALTER MATERIALIZED VIEW invoice_states SET SCHEMA billing;
CREATE MATERIALIZED VIEW tmp_mv AS SELECT 1 AS x;
DROP MATERIALIZED VIEW tmp_mv;
CREATE UNIQUE INDEX person_stats_id ON person_stats (id);

CREATE VIEW adults AS SELECT id, full_name, age FROM people WHERE age >= 18;
ALTER VIEW adults RENAME TO grown_ups;
CREATE OR REPLACE VIEW grown_ups AS SELECT id, full_name, age FROM people WHERE age >= 21;

-- Functions: scalar, RETURNS TABLE, SETOF table, OUT/INOUT parameters, overloads.
CREATE FUNCTION add_tax(amount numeric, rate numeric DEFAULT 0.2) RETURNS numeric
    LANGUAGE sql IMMUTABLE STRICT
    AS $$ SELECT amount * (1 + rate) $$;

CREATE OR REPLACE FUNCTION display_name(p people) RETURNS text
    LANGUAGE sql STABLE
    RETURN coalesce(p.nickname, p.full_name);

CREATE FUNCTION people_older_than(min_age integer)
    RETURNS TABLE (person_id integer, person_name text, person_age integer)
    LANGUAGE sql STABLE
BEGIN ATOMIC
    SELECT id, full_name, age FROM people WHERE age > min_age;
END;

CREATE FUNCTION people_feeling(f mood) RETURNS SETOF people
    LANGUAGE sql STABLE
    AS $$ SELECT * FROM people WHERE feeling = f $$;

CREATE FUNCTION person_counts(OUT total bigint, OUT with_email bigint)
    LANGUAGE sql STABLE
    AS $$ SELECT count(*), count(email) FROM people $$;

CREATE FUNCTION scale_point(INOUT x double precision, INOUT y double precision, factor double precision)
    RETURNS record
    LANGUAGE sql IMMUTABLE
    AS $$ SELECT x * factor, y * factor $$;

CREATE FUNCTION invoice_label(invoice_id bigint) RETURNS text
    LANGUAGE plpgsql STABLE
AS $body$
DECLARE
    result text;
BEGIN
    SELECT 'INV-' || id INTO result FROM billing.invoices WHERE id = invoice_id;
    RETURN result;
END;
$body$;

CREATE FUNCTION describe(value integer) RETURNS text LANGUAGE sql IMMUTABLE AS 'SELECT ''int '' || value';
CREATE FUNCTION describe(value text) RETURNS text LANGUAGE sql IMMUTABLE AS 'SELECT ''text '' || value';
CREATE FUNCTION describe(value integer, extra integer) RETURNS bigint LANGUAGE sql IMMUTABLE AS 'SELECT value::bigint + extra';

CREATE FUNCTION billing.open_invoices(who integer) RETURNS SETOF billing.invoices
    LANGUAGE sql STABLE
    AS $$ SELECT * FROM billing.invoices WHERE person_id = who AND state <> 'paid' $$;

CREATE FUNCTION series_of(n integer) RETURNS SETOF integer
    LANGUAGE sql IMMUTABLE
    AS $$ SELECT generate_series(1, n) $$;

CREATE FUNCTION money_of(amount numeric) RETURNS money_pair
    LANGUAGE sql IMMUTABLE
    AS $$ SELECT ROW(amount, 'EUR')::money_pair $$;

CREATE FUNCTION touch_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.created := now();
    RETURN NEW;
END;
$$;
CREATE TRIGGER people_touch BEFORE UPDATE ON people FOR EACH ROW EXECUTE FUNCTION touch_created();
CREATE POLICY people_self ON people USING (id > 0);

CREATE PROCEDURE archive_person(who integer)
    LANGUAGE plpgsql
AS $$
BEGIN
    DELETE FROM people WHERE id = who;
END;
$$;
CREATE OR REPLACE PROCEDURE noop() LANGUAGE sql BEGIN ATOMIC SELECT 1; END;

CREATE FUNCTION tmp_fn(a integer) RETURNS integer LANGUAGE sql AS 'SELECT a';
CREATE FUNCTION tmp_fn(a text) RETURNS text LANGUAGE sql AS 'SELECT a';
DROP FUNCTION tmp_fn(integer);
DROP FUNCTION IF EXISTS tmp_fn(text), never_fn(integer);
DROP PROCEDURE noop;
DROP PROCEDURE IF EXISTS never_proc();
DROP TRIGGER IF EXISTS people_touch ON people;
DROP POLICY IF EXISTS people_self ON people;
CREATE TRIGGER people_touch BEFORE UPDATE ON people FOR EACH ROW EXECUTE FUNCTION touch_created();

DO $$
BEGIN
    RAISE NOTICE 'schema ready';
END;
$$;
GRANT EXECUTE ON FUNCTION add_tax(numeric, numeric) TO PUBLIC;
ALTER FUNCTION add_tax(numeric, numeric) OWNER TO CURRENT_USER;
COMMENT ON FUNCTION describe(integer) IS 'Describes an integer';
