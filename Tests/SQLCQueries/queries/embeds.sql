-- name: BooksWithAuthors :many
-- Each book of a run with its author (an inner join: the author is always there).
SELECT sqlc.embed(b), sqlc.embed(a), b.pages AS page_count
FROM bookshop_books b
JOIN bookshop_authors a ON a.id = b.author_id
WHERE b.run = @run
ORDER BY b.title;

-- name: AuthorsWithBooks :many
-- Every author of a run with each of their books, or none (a LEFT JOIN: the book may be absent).
SELECT sqlc.embed(bookshop_authors), sqlc.embed(bookshop_books)
FROM bookshop_authors
LEFT JOIN bookshop_books ON bookshop_books.author_id = bookshop_authors.id
WHERE bookshop_authors.run = @run
ORDER BY bookshop_authors.name, bookshop_books.title;
