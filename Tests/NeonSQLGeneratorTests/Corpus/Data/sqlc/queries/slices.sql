-- name: BooksByIds :many
-- expect: id Int, title String
-- params: ids [Int]
-- why: IN (sqlc.slice(ids)) is sent as id = ANY($1) with a bigint[] parameter.
SELECT id, title FROM books WHERE id IN (sqlc.slice(ids)) ORDER BY id;

-- name: BooksNotByAuthors :many
-- expect: id Int
-- params: authorIds [Int]
-- why: NOT IN (sqlc.slice(x)) is sent as <> ALL($1).
SELECT id FROM books WHERE author_id NOT IN (sqlc.slice(author_ids)) ORDER BY id;

-- name: BooksInFormats :many
-- expect: title String, format BookFormat
-- params: formats [BookFormat], minPrice Decimal
-- why: a slice of enum values, then a scalar parameter numbered after it.
SELECT title, format FROM books WHERE format IN (sqlc.slice('formats')) AND price >= @min_price ORDER BY title;

-- name: AuthorsNamed :many
-- expect: id Int, name String
-- params: names [String]
-- why: text slice.
SELECT id, name FROM authors WHERE name IN (sqlc.slice(names));

-- name: CountReviewsWithStars :one
-- expect: total Int
-- params: bookId Int, stars [Int]
-- why: a slice of smallint; count(*) is bigint and never NULL.
SELECT count(*) AS total FROM reviews WHERE book_id = @book_id AND stars IN (sqlc.slice(stars));

-- name: DeleteMovements :execrows
-- expect: (none)
-- params: ids [Int]
-- why: a slice in a DELETE.
DELETE FROM stock_movements WHERE id IN (sqlc.slice(ids));

-- name: PricesOfBatch :batchmany
-- expect: id Int, price Decimal
-- params: ids [Int]
-- why: a slice per argument set of a batch.
SELECT id, price FROM books WHERE id IN (sqlc.slice(ids)) ORDER BY id;

-- name: UpdatePagesOf :execresult
-- expect: (none)
-- params: pages Int?, ids [Int]
-- why: a slice in an UPDATE's WHERE; pages may be set to NULL.
UPDATE books SET pages = @pages WHERE id IN (sqlc.slice(ids));
