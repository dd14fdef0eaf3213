--- schema.sql
CREATE TYPE uuidrange AS RANGE (subtype = uuid);
CREATE TYPE uuidmultirange AS (a integer);
CREATE TYPE period AS RANGE (subtype = date, multirange_type_name = uuidrange);
CREATE TABLE blocks (id integer PRIMARY KEY, block uuidrange NOT NULL);
--- queries.sql
-- name: WrongBounds :one
SELECT uuidrange(1, 2);

-- name: WrongElement :many
SELECT id FROM blocks WHERE block @> 5;

-- name: Fine :many
SELECT id, lower(block) AS lo FROM blocks WHERE block && uuidmultirange(uuidrange(@lo::uuid, @hi::uuid));
--- expected
queries.sql:2:8: error: function uuidrange(integer, integer) does not exist
queries.sql:5:35: error: operator does not exist: uuidrange @> integer
schema.sql:2:13: error: type "uuidmultirange" already exists
schema.sql:3:69: error: type "uuidrange" already exists
