/* name: AuthorById :one */
-- expect: id Int, name String, bio String?, born PostgresDate?
-- params: id Int
-- why: a block-comment annotation; the primary key makes one row.
SELECT id, name, bio, born FROM authors WHERE id = @id;

/* name: ListAuthors :many */
-- expect: id Int, name String
-- params: (none)
-- why: block annotation, :many.
SELECT id, name FROM authors ORDER BY name;

/* name: RenameAuthor :exec */
-- expect: (none)
-- params: name String, id Int
-- why: block annotation, :exec.
UPDATE authors SET name = @name WHERE id = @id;

/* name: DeleteBook :execrows */
-- expect: (none)
-- params: id Int
-- why: block annotation, :execrows.
DELETE FROM books WHERE id = @id;

/* name: CreateBook :one
   Adds a book and returns its key: the lines after a block annotation's first are its documentation. */
-- expect: id Int
-- params: authorId Int, title String, price Decimal
-- why: a multi-line block annotation.
INSERT INTO books (author_id, title, price) VALUES (@author_id, @title, @price) RETURNING id;

/* name: BulkAuthors :copyfrom */
-- expect: (none)
-- params: name String
-- why: block annotation, :copyfrom.
INSERT INTO authors (name) VALUES (@name);

/* name: TouchBooks :batchexec */
-- expect: (none)
-- params: pages Int?, id Int
-- why: block annotation, :batchexec.
UPDATE books SET pages = @pages WHERE id = @id;

/* name: BookTitles :batchmany */
-- expect: title String
-- params: authorId Int
-- why: block annotation, :batchmany.
SELECT title FROM books WHERE author_id = @author_id;

/* name: PurgeMovements :execresult */
-- expect: (none)
-- params: bookId Int
-- why: block annotation, :execresult.
DELETE FROM stock_movements WHERE book_id = @book_id;

/* name: LatestReview :batchone */
-- expect: reviewer String, stars Int
-- params: bookId Int
-- why: block annotation, :batchone.
SELECT reviewer, stars FROM reviews WHERE book_id = @book_id ORDER BY created_at DESC LIMIT 1;

-- name: BooksWithAuthors :many
-- expect: title String, name String?
-- params: (none)
-- why: the author is on the nullable side of a LEFT JOIN.
SELECT b.title, a.name FROM books b LEFT JOIN authors a ON a.id = b.author_id ORDER BY b.id;
