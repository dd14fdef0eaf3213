-- name: TaxedTotals :many
-- expect: id Int, taxed Decimal?, taxed_low Decimal?
-- params: (none)
-- why: add_tax(numeric, numeric DEFAULT 0.2): one argument uses the default; a user function's result is nullable (its body is not analyzed).
SELECT id, add_tax(total) AS taxed, add_tax(total, 0.1) AS taxed_low FROM billing.invoices;

-- name: TaxOf :one
-- expect: taxed Decimal?
-- params: amount Decimal
-- why: the untyped parameter takes the function's parameter type (numeric) and the parameter's name.
SELECT add_tax(@amount) AS taxed;

-- name: OlderThan :many
-- expect: person_id Int?, person_name String?, person_age Int?
-- params: minAge Int
-- why: RETURNS TABLE (...) in FROM yields its columns; a BEGIN ATOMIC body is accepted.
SELECT person_id, person_name, person_age FROM people_older_than(@min_age);

-- name: OlderThanAliased :many
-- expect: who Int?, years Int?
-- params: (none)
-- why: column aliases rename a function's columns.
SELECT o.who, o.years FROM people_older_than(30) AS o (who, name, years);

-- name: PeopleFeelingFn :many
-- expect: id Int?, full_name String?, feeling Mood?
-- params: feeling Mood
-- why: RETURNS SETOF people yields people's columns, all nullable; the parameter is typed mood.
SELECT id, full_name, feeling FROM people_feeling(@feeling);

-- name: PersonCounts :one
-- expect: total Int?, with_email Int?
-- params: (none)
-- why: OUT parameters are the result columns of a function without RETURNS.
SELECT total, with_email FROM person_counts();

-- name: ScaledPoint :one
-- expect: x Double?, y Double?
-- params: (none)
-- why: RETURNS record with INOUT parameters: the INOUT parameters are the columns, factor is input only.
SELECT x, y FROM scale_point(1.5, 2, 10);

-- name: InvoiceLabel :one
-- expect: invoice_label String?
-- params: id Int
-- why: a plpgsql function in the select list is named after itself; its argument is bigint.
SELECT invoice_label(id) FROM billing.invoices WHERE id = @id;

-- name: DescribeInt :one
-- expect: d String?
-- params: (none)
-- why: describe(integer) is chosen among its overloads for an integer.
SELECT describe(42) AS d;

-- name: DescribeText :one
-- expect: d String?
-- params: (none)
-- why: an untyped constant picks describe(text): text is the preferred type of its category.
SELECT describe('hello') AS d;

-- name: DescribeTwo :one
-- expect: d Int?
-- params: (none)
-- why: describe(integer, integer) returns bigint.
SELECT describe(1, 2) AS d;

-- name: DescribeCast :one
-- expect: d String?
-- params: value String
-- why: a cast parameter selects describe(text).
SELECT describe(@value::text) AS d;

-- name: DescribeSmallint :one
-- expect: d String?
-- params: (none)
-- why: smallint promotes implicitly to describe(integer).
SELECT describe(2::smallint) AS d;

-- name: OpenInvoices :many
-- expect: id Int?, state InvoiceState?, due_on PostgresDate?
-- params: who Int
-- why: a schema-qualified function returning SETOF billing.invoices.
SELECT id, state, due_on FROM billing.open_invoices(@who);

-- name: SeriesOf :many
-- expect: series_of Int?
-- params: (none)
-- why: RETURNS SETOF integer in FROM is one column named after the function.
SELECT series_of FROM series_of(3);

-- name: SeriesAliased :many
-- expect: n Int?
-- params: (none)
-- why: a table alias renames a scalar function's only column.
SELECT n FROM series_of(5) AS n;

-- name: SeriesOrdinality :many
-- expect: s Int?, ordinality Int
-- params: (none)
-- why: WITH ORDINALITY adds a bigint ordinality column.
SELECT s, ordinality FROM series_of(4) WITH ORDINALITY AS t (s);

-- name: SeriesInSelect :many
-- expect: series_of Int?
-- params: (none)
-- why: a set-returning user function in the select list.
SELECT series_of(2);

-- name: MoneyOf :many
-- expect: amount Decimal?, currency String?
-- params: (none)
-- why: a function returning a composite type yields the type's fields in FROM.
SELECT amount, currency FROM money_of(9.99);

-- name: LateralOlder :many
-- expect: id Int, person_name String?
-- params: (none)
-- why: a user function in LATERAL takes a column of the outer row.
SELECT p.id, o.person_name FROM people p CROSS JOIN LATERAL people_older_than(p.age) o;

-- name: TaxInWhere :many
-- expect: id Int
-- params: limit Decimal
-- why: a user function in WHERE compares with a parameter of its result type.
SELECT id FROM billing.invoices WHERE add_tax(total) > @limit;

-- name: DescribeInSubquery :many
-- expect: id Int, d String?
-- params: (none)
-- why: a user function over a scalar subquery's result; describe(integer) for the integer column.
SELECT p.id, (SELECT describe(p.age)) AS d FROM people p;
