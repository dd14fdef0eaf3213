-- name: EmbeddedBooksWithAuthors :many
-- expect: id Int, author_id Int, title String, isbn String?, format BookFormat, price Decimal, pages Int?
-- expect: published_at Date?, tags [String], id Int, name String, bio String?, born PostgresDate?
-- params: (none)
-- why: sqlc.embed(b), sqlc.embed(a) over an inner join: each table's columns in table order, with their own nullability.
SELECT sqlc.embed(b), sqlc.embed(a) FROM books b JOIN authors a ON a.id = b.author_id ORDER BY b.id;

-- name: AuthorsWithReviews :many
-- expect: id Int, name String, bio String?, born PostgresDate?, id Int, book_id Int, reviewer String, stars Int
-- expect: body String?, created_at Date, stars_shown Int?
-- params: minStars Int
-- why: the LEFT JOINed table's embed is optional as a whole; its fields keep the table's nullability.
SELECT sqlc.embed(authors), sqlc.embed(r), r.stars AS stars_shown
FROM authors
LEFT JOIN books ON books.author_id = authors.id
LEFT JOIN reviews r ON r.book_id = books.id AND r.stars >= @min_stars
ORDER BY authors.id;

-- name: MovementWithBook :one
-- expect: quantity Int, id Int, author_id Int, title String, isbn String?, format BookFormat, price Decimal
-- expect: pages Int?, published_at Date?, tags [String]
-- params: id Int
-- why: an embed after a plain column; :one by the movement's primary key.
SELECT m.quantity, sqlc.embed(books) FROM stock_movements m JOIN books ON books.id = m.book_id WHERE m.id = @id;

-- name: ReviewsWithTitles :many
-- expect: id Int, book_id Int, reviewer String, stars Int, body String?, created_at Date, title String
-- params: (none)
-- why: WHERE proves the LEFT JOINed review row exists, so its embed is not optional.
SELECT sqlc.embed(r), b.title FROM books b LEFT JOIN reviews r ON r.book_id = b.id WHERE r.reviewer IS NOT NULL;
