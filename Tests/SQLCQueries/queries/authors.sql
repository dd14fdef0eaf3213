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

-- name: MergeAuthor :execrows
-- Inserts the author, sets a known author's birth date, or deletes the author when it is NULL.
MERGE INTO bookshop_authors a
USING (SELECT @run::text AS run, @name::text AS name) s ON a.run = s.run AND a.name = s.name
WHEN MATCHED AND @born::date IS NULL THEN DELETE
WHEN MATCHED THEN UPDATE SET born = @born
WHEN NOT MATCHED THEN INSERT (run, name, born) VALUES (s.run, s.name, @born);
