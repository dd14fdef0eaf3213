--- schema.sql
CREATE TABLE t (id integer PRIMARY KEY, n integer);
CREATE FUNCTION rows_of_t() RETURNS SETOF t LANGUAGE sql AS 'SELECT * FROM t';
--- queries.sql
-- name: NotACast :many
SELECT r.name FROM t r;
-- name: FieldOfCall :many
SELECT (rows_of_t()).nope;
-- name: CountIsACall :many
SELECT r.count FROM t r;
--- expected
queries.sql:2:10: error: column r.name does not exist
queries.sql:4:22: error: column "nope" not found in data type t
