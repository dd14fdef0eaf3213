--- schema.sql
CREATE TABLE notes (id integer PRIMARY KEY, title text NOT NULL);
--- queries.sql
-- name: ListNotes :many
-- @deprecated Use ListNotesV2.
-- @deprecated Again.
SELECT id, title FROM notes;
--- expected
queries.sql:3:1: error: a query has at most one '-- @deprecated' line
