-- name: ListNotes :many
-- Every note, by id.
-- @deprecated Use "ListNotesPaged" instead.
-- @page size 100 by id
SELECT id, title FROM notes ORDER BY id;

-- name: DeleteNote :exec
-- @deprecated
DELETE FROM notes WHERE id = @id;

-- name: InsertNotes :batchexec
-- @deprecated Insert one note at a time.
INSERT INTO notes (id, title) VALUES (@id, @title);

-- name: CountNotes :one
SELECT count(*) FROM notes;
