-- name: AddBooks :batchexec
INSERT INTO bookshop_books (run, author_id, title, pages) VALUES (@run, @author_id, @title, @pages);

/* name: BookByTitle :batchone */
SELECT id, title, pages FROM bookshop_books WHERE run = @run AND title = @title ORDER BY id LIMIT 1;

-- name: BooksOfAuthors :batchmany
SELECT title FROM bookshop_books WHERE author_id = @author_id ORDER BY title;

-- name: CountBooks :one
SELECT count(*) AS books FROM bookshop_books WHERE run = @run;

-- name: DeleteBooks :execrows
DELETE FROM bookshop_books WHERE run = @run;

-- name: LongBooks :execresult
SELECT title FROM bookshop_books WHERE run = @run AND pages > @pages;
