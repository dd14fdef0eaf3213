--- schema.sql
CREATE TABLE books (id integer PRIMARY KEY, title text NOT NULL, author text NOT NULL, year integer);
CREATE TABLE reviews (id integer PRIMARY KEY, book_id integer NOT NULL, stars integer NOT NULL);
--- queries.sql
-- name: OtherColumn :many
SELECT DISTINCT author FROM books ORDER BY title;
-- name: QualifiedColumn :many
SELECT DISTINCT b.author FROM books AS b ORDER BY b.year DESC;
-- name: ExpressionOfOtherColumn :many
SELECT DISTINCT author FROM books ORDER BY length(title);
-- name: JoinedColumn :many
SELECT DISTINCT b.title FROM books AS b JOIN reviews AS r ON r.book_id = b.id ORDER BY b.title, r.stars;
-- name: StarOfOtherTable :many
SELECT DISTINCT b.* FROM books AS b JOIN reviews AS r ON r.book_id = b.id ORDER BY r.stars;
-- name: OutputNameOk :many
SELECT DISTINCT author AS who, year FROM books ORDER BY who, 2, books.year;
-- name: ListedExpressionOk :many
SELECT DISTINCT lower(author) AS a FROM books ORDER BY lower(author);
-- name: StarOk :many
SELECT DISTINCT * FROM books ORDER BY title;
-- name: DistinctOnOk :many
SELECT DISTINCT ON (author) author, title FROM books ORDER BY author, year;
-- name: UnionOk :many
SELECT author FROM books UNION SELECT title FROM books ORDER BY author;
-- name: ColumnOfListedExpression :many
SELECT DISTINCT year + 1 AS next FROM books ORDER BY year;
-- name: OtherExpressionOfListedColumn :many
SELECT DISTINCT year + 1 AS next FROM books ORDER BY year + 2;
-- name: PartOfListedExpression :many
SELECT DISTINCT lower(author) || '!' AS a FROM books ORDER BY lower(author);
-- name: ListedExpressionSpelledOtherwiseOk :many
SELECT DISTINCT b.year  +  1 AS next FROM books AS b ORDER BY (year+1);
-- name: CastWrittenAsFunctionOk :many
SELECT DISTINCT text(year) AS y FROM books ORDER BY year::text;
--- expected
queries.sql:2:44: error: for SELECT DISTINCT, ORDER BY expressions must appear in select list
queries.sql:4:51: error: for SELECT DISTINCT, ORDER BY expressions must appear in select list
queries.sql:6:44: error: for SELECT DISTINCT, ORDER BY expressions must appear in select list
queries.sql:8:97: error: for SELECT DISTINCT, ORDER BY expressions must appear in select list
queries.sql:10:84: error: for SELECT DISTINCT, ORDER BY expressions must appear in select list
queries.sql:22:54: error: for SELECT DISTINCT, ORDER BY expressions must appear in select list
queries.sql:24:54: error: for SELECT DISTINCT, ORDER BY expressions must appear in select list
queries.sql:26:63: error: for SELECT DISTINCT, ORDER BY expressions must appear in select list
