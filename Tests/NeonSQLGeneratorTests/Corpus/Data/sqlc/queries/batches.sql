-- name: RecordStockMovements :batchexec
-- expect: (none)
-- params: bookId Int, quantity Int, note String?
-- why: one INSERT per argument set, all in one batch; note is a nullable column.
INSERT INTO stock_movements (book_id, quantity, note) VALUES (@book_id, @quantity, @note);

-- name: RepriceBooks :batchexec
-- expect: (none)
-- params: price Decimal, id Int
-- why: price is numeric(10, 2); id the bigint primary key.
UPDATE books SET price = @price WHERE id = @id;

-- name: DeleteReviewsOf :batchexec
-- expect: (none)
-- params: bookId Int
-- why: a DELETE per argument set.
DELETE FROM reviews WHERE book_id = @book_id;

-- name: RetagBook :batchexec
-- expect: (none)
-- params: tags [String], id Int
-- why: an array column takes an array parameter (one per set).
UPDATE books SET tags = @tags WHERE id = @id;

-- name: BookById :batchone
-- expect: id Int, title String, pages Int?, format BookFormat
-- params: id Int
-- why: one optional row per set; pages is nullable; format is the enum.
SELECT id, title, pages, format FROM books WHERE id = @id;

-- name: AuthorByName :batchone
-- expect: id Int, name String, born PostgresDate?
-- params: name String
-- why: LIMIT 1 with ORDER BY; born is a nullable date.
SELECT id, name, born FROM authors WHERE name = @name ORDER BY id LIMIT 1;

-- name: AddReview :batchone
-- expect: id Int, created_at Date
-- params: bookId Int, reviewer String, stars Int, body String?
-- why: INSERT ... RETURNING per set; stars is smallint (Int in Swift).
INSERT INTO reviews (book_id, reviewer, stars, body) VALUES (@book_id, @reviewer, @stars, @body)
RETURNING id, created_at;

-- name: AverageStars :batchone
-- expect: average Decimal?, reviews Int
-- params: bookId Int
-- why: avg(smallint) is numeric and NULL over no rows; count is bigint, never NULL.
SELECT avg(stars) AS average, count(*) AS reviews FROM reviews WHERE book_id = @book_id;

-- name: BooksOfAuthor :batchmany
-- expect: id Int, title String, price Decimal
-- params: authorId Int
-- why: every row per argument set.
SELECT id, title, price FROM books WHERE author_id = @author_id ORDER BY id;

-- name: ReviewsSince :batchmany
-- expect: reviewer String, stars Int, body String?
-- params: bookId Int, since Date
-- why: two parameters per set; created_at is timestamptz.
SELECT reviewer, stars, body FROM reviews WHERE book_id = @book_id AND created_at >= @since ORDER BY created_at;

-- name: MovementsOf :batchmany
-- expect: quantity Int, note String?, moved_at Date
-- params: bookId Int
-- why: a plain per-set SELECT.
SELECT quantity, note, moved_at FROM stock_movements WHERE book_id = @book_id ORDER BY id;

-- name: BooksTagged :batchmany
-- expect: id Int, title String
-- params: tag String
-- why: tag = ANY(tags): the parameter is the element type.
SELECT id, title FROM books WHERE @tag = ANY(tags) ORDER BY id;
