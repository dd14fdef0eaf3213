-- name: ImportAuthors :copyfrom
-- expect: (none)
-- params: name String, bio String?, born PostgresDate?
-- why: every row in one INSERT ... SELECT * FROM unnest($1::text[], $2::text[], $3::date[]).
INSERT INTO authors (name, bio, born) VALUES (@name, @bio, @born);

-- name: ImportBooks :copyfrom
-- expect: (none)
-- params: authorId Int, title String, isbn String?, format BookFormat, price Decimal, pages Int?
-- why: an enum column is unnested from an enum array; numeric keeps its type.
INSERT INTO books (author_id, title, isbn, format, price, pages) VALUES (@author_id, @title, @isbn, @format, @price, @pages);

-- name: ImportReviews :copyfrom
-- expect: (none)
-- params: bookId Int, reviewer String, stars Int, body String?
-- why: smallint column: a smallint[] parameter.
INSERT INTO reviews (book_id, reviewer, stars, body) VALUES (@book_id, @reviewer, @stars, @body);

-- name: ImportMovements :copyfrom
-- expect: (none)
-- params: bookId Int, quantity Int, movedAt Date
-- why: timestamptz values as a timestamptz[] parameter.
INSERT INTO stock_movements (book_id, quantity, moved_at) VALUES (sqlc.arg(book_id), sqlc.arg(quantity), sqlc.arg(moved_at));

-- name: ImportPositional :copyfrom
-- expect: (none)
-- params: bookId Int, quantity Int
-- why: positional parameters name themselves after their columns.
INSERT INTO stock_movements (book_id, quantity) VALUES ($1, $2);

-- name: ArchiveReviews :execresult
-- expect: (none)
-- params: before Date
-- why: the affected-row count and the command tag (DELETE).
DELETE FROM reviews WHERE created_at < @before;

-- name: DiscountFormat :execresult
-- expect: (none)
-- params: percent Decimal, format BookFormat
-- why: an UPDATE's count and tag; the enum comparison types the parameter.
UPDATE books SET price = price * (1 - @percent::numeric / 100) WHERE format = @format;

-- name: AddAuthor :execresult
-- expect: (none)
-- params: name String
-- why: INSERT's tag; RETURNING is not needed for the count.
INSERT INTO authors (name) VALUES (@name);

-- name: CountAuthors :execresult
-- expect: count Int
-- params: (none)
-- why: a SELECT under :execresult reports SELECT and its row count; the columns are still described.
SELECT count(*) FROM authors;

-- name: RestockAll :execrows
-- expect: (none)
-- params: quantity Int
-- why: INSERT ... SELECT: :execrows is the count alone.
INSERT INTO stock_movements (book_id, quantity) SELECT id, @quantity FROM books;
