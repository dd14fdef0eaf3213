-- name: ImportAuthors :copyfrom
-- Inserts authors in one statement.
INSERT INTO bookshop_authors (run, name, born) VALUES (@run, @name, @born);

-- name: AuthorsByIds :many
SELECT id, name FROM bookshop_authors WHERE id IN (sqlc.slice(ids)) ORDER BY id;

-- name: AuthorsOfRunNotIn :many
SELECT id, name FROM bookshop_authors WHERE run = @run AND id NOT IN (sqlc.slice(excluded)) ORDER BY id;

/* name: AuthorById :one */
SELECT id, name, born FROM bookshop_authors WHERE id = @id;

-- name: CountAuthors :one
SELECT count(*) AS authors FROM bookshop_authors WHERE run = @run;

-- name: RenameAuthors :execresult
UPDATE bookshop_authors SET name = name || @suffix WHERE run = @run;

-- name: AuthorIdsOfRun :many
SELECT id FROM bookshop_authors WHERE run = @run ORDER BY id;
