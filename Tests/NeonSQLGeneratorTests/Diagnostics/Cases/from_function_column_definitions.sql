--- schema.sql
CREATE TYPE pair AS (a integer, b text);
CREATE FUNCTION stats(x integer, OUT total bigint, OUT label text) LANGUAGE sql AS 'SELECT x::bigint, ''a''';
CREATE FUNCTION make_pair(x integer) RETURNS pair LANGUAGE sql AS 'SELECT x, ''a''';
CREATE FUNCTION any_rows() RETURNS SETOF record LANGUAGE sql AS 'SELECT 1, ''a''';
--- queries.sql
-- name: NotRecord :many
SELECT * FROM generate_series(1, 3) AS g(n integer);

-- name: RecordWithoutList :many
SELECT * FROM jsonb_to_recordset('[]');

-- name: UserRecordWithoutList :many
SELECT * FROM any_rows();

-- name: RedundantForOutParameters :one
SELECT * FROM stats(1) AS s(total bigint, label text);

-- name: RedundantForComposite :one
SELECT * FROM make_pair(1) AS p(a integer, b text);

-- name: ZippedUnnest :many
SELECT * FROM unnest(ARRAY[1], ARRAY['a']) AS u(a integer, b text);

-- name: RowsFromWithOneList :many
SELECT * FROM ROWS FROM (generate_series(1, 2), generate_series(1, 3)) AS r(a integer, b integer);

-- name: TooManyAliases :one
SELECT * FROM stats(1) AS s(a, b, c);

-- name: UnknownField :one
SELECT (stats(1)).missing;
--- expected
queries.sql:2:42: error: a column definition list is only allowed for functions returning "record"
queries.sql:5:15: error: a column definition list is required for functions returning "record"
queries.sql:8:15: error: a column definition list is required for functions returning "record"
queries.sql:11:29: error: a column definition list is redundant for a function with OUT parameters
queries.sql:14:33: error: a column definition list is redundant for a function returning a named composite type
queries.sql:17:49: error: UNNEST() with multiple arguments cannot have a column definition list
queries.sql:20:77: error: ROWS FROM() with multiple functions cannot have a column definition list
queries.sql:23:15: error: table "s" has 2 columns available but 3 columns specified
queries.sql:26:19: error: could not identify column "missing" in record data type
