--- schema.sql
CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL);
--- queries.sql
-- name: Notes :many
SELECT id, body FROM notes;

-- name: Removed :many
-- A query that was deleted, its annotation left behind.
--- expected
queries.sql:4:1: warning: annotation is not followed by a query and is not generated (sqlc skips it too)
