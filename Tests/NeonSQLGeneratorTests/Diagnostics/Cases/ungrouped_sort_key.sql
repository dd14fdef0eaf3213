--- schema.sql
CREATE TABLE authors (id integer PRIMARY KEY, name text NOT NULL, country text);
CREATE TABLE books (id integer PRIMARY KEY, author_id integer NOT NULL, title text NOT NULL, pages integer);
--- queries.sql
-- name: SortKeyNotGrouped :many
-- @sort order: country, name DESC
SELECT country, count(*) AS n FROM authors GROUP BY country ORDER BY @order;
-- name: SortKeyOfAggregateQuery :many
-- @sort order: n, (n, pages)
SELECT count(*) AS n FROM books ORDER BY @order;
-- name: SortKeysGroupedOk :many
-- @sort order: country, n DESC, (count(*), country), lower(country)
SELECT country, count(*) AS n FROM authors GROUP BY country ORDER BY @order;
-- name: SortKeyByPrimaryKeyOk :many
-- @sort order: a.name, n DESC
SELECT a.id, a.name, count(b.id) AS n FROM authors AS a LEFT JOIN books AS b ON b.author_id = a.id GROUP BY a.id ORDER BY @order;
--- expected
queries.sql:2:26: error: column "authors.name" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:5:24: error: column "books.pages" must appear in the GROUP BY clause or be used in an aggregate function
