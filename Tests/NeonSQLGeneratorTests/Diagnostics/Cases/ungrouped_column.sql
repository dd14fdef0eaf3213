--- schema.sql
CREATE TABLE authors (id integer PRIMARY KEY, name text NOT NULL, country text);
CREATE TABLE books (id integer PRIMARY KEY, author_id integer NOT NULL REFERENCES authors (id), title text NOT NULL,
                    published date, pages integer);
CREATE TABLE tags (book_id integer NOT NULL, tag text NOT NULL, PRIMARY KEY (book_id, tag));
CREATE TABLE loans (book_id integer NOT NULL, member text NOT NULL, due timestamptz NOT NULL);
CREATE VIEW book_view AS SELECT id, title, pages FROM books;
--- queries.sql
-- name: SelectListColumn :many
SELECT country, name, count(*) AS n FROM authors GROUP BY country;
-- name: AggregateWithoutGroupBy :one
SELECT name, count(*) AS n FROM authors;
-- name: HavingWithoutGroupBy :many
SELECT name FROM authors HAVING count(*) > 1;
-- name: OrderByAggregate :many
SELECT pages FROM books ORDER BY max(pages);
-- name: HavingColumn :many
SELECT country FROM authors GROUP BY country HAVING name <> '';
-- name: OrderByColumn :many
SELECT country, count(*) AS n FROM authors GROUP BY country ORDER BY name;
-- name: OtherTableOfJoin :many
SELECT a.id, a.name, b.title FROM authors AS a JOIN books AS b ON b.author_id = a.id GROUP BY a.id;
-- name: StarOfJoin :many
SELECT * FROM authors AS a JOIN books AS b ON b.author_id = a.id GROUP BY a.id;
-- name: QualifiedStarOfOtherTable :many
SELECT a.id,   b.* FROM authors AS a JOIN books AS b ON b.author_id = a.id GROUP BY a.id;
-- name: PartOfPrimaryKey :many
SELECT book_id, tag FROM tags GROUP BY book_id;
-- name: ViewHasNoPrimaryKey :many
SELECT id, title FROM book_view GROUP BY id;
-- name: SubqueryInFromHasNoPrimaryKey :many
SELECT s.id, s.title FROM (SELECT id, title FROM books) AS s GROUP BY s.id;
-- name: OtherExpression :many
SELECT pages FROM books GROUP BY pages + 1;
-- name: DifferentExpression :many
SELECT lower(title) AS t FROM books GROUP BY upper(title);
-- name: ColumnBesideGroupedExpression :many
SELECT lower(title) AS t, title FROM books GROUP BY lower(title);
-- name: WindowArgument :many
SELECT author_id, sum(pages) OVER () AS total FROM books GROUP BY author_id;
-- name: WindowPartition :many
SELECT author_id, count(*) OVER (PARTITION BY title) AS n FROM books GROUP BY author_id;
-- name: NamedWindow :many
SELECT count(*) AS n FROM loans WINDOW w AS (PARTITION BY member);
-- name: DistinctOn :many
SELECT DISTINCT ON (member) count(*) AS n FROM loans GROUP BY book_id;
-- name: GroupingSetsColumn :many
SELECT author_id, published, count(*) AS n FROM books GROUP BY GROUPING SETS ((author_id), ());
-- name: RollupColumn :many
SELECT author_id, pages, count(*) AS n FROM books GROUP BY ROLLUP (author_id, published);
-- name: CubeColumn :many
SELECT member, due, count(*) AS n FROM loans GROUP BY CUBE (member);
-- name: SetOperationBranch :many
SELECT name FROM authors GROUP BY country UNION ALL SELECT title FROM books;
-- name: CteBody :many
WITH counts AS (SELECT author_id, title, count(*) AS n FROM books GROUP BY author_id) SELECT * FROM counts;
-- name: SubqueryInFrom :many
SELECT x.member FROM (SELECT member, due, count(*) AS n FROM loans GROUP BY member) AS x;
-- name: InsideSubqueryLevel :many
SELECT a.name, (SELECT b.title FROM books AS b WHERE b.author_id = a.id GROUP BY b.author_id LIMIT 1) AS t FROM authors AS a;
-- name: PrimaryKeyStarOk :many
SELECT a.* FROM authors AS a JOIN books AS b ON b.author_id = a.id GROUP BY a.id;
-- name: PrimaryKeyColumnsOk :many
SELECT a.id, a.name, a.country, count(b.id) AS books FROM authors AS a LEFT JOIN books AS b ON b.author_id = a.id GROUP BY a.id ORDER BY a.name;
-- name: WholePrimaryKeyOk :many
SELECT t.book_id, t.tag, count(*) AS n FROM tags AS t GROUP BY t.tag, t.book_id;
-- name: StarOfGroupedTableOk :many
SELECT * FROM authors GROUP BY id;
-- name: ExpressionOk :many
SELECT date_trunc('month', published) AS month, count(*) AS n FROM books GROUP BY date_trunc('month', published) ORDER BY date_trunc('month', published);
-- name: ExpressionByAliasOk :many
SELECT lower(title) AS t, count(*) AS n FROM books GROUP BY t ORDER BY lower(title);
-- name: ExpressionByPositionOk :many
SELECT extract(year FROM published) AS y, count(*) AS n FROM books GROUP BY 1 HAVING extract(year FROM published) > 2000;
-- name: ExpressionInsideExpressionOk :many
SELECT (pages + 1) * 2 AS p FROM books GROUP BY pages + 1;
-- name: ExpressionSpelledOtherwiseOk :many
SELECT coalesce( b.pages ,0) AS p FROM books AS b GROUP BY COALESCE(pages, 0);
-- name: CastWrittenAsFunctionOk :many
SELECT date(due) AS d, count(*) AS n FROM loans GROUP BY due::date;
-- name: NoOpCastOk :many
SELECT member, count(*) AS n FROM loans GROUP BY member::text;
-- name: LiteralCastOk :many
SELECT date_trunc('day', due) AS d FROM loans GROUP BY date_trunc('day'::text, due);
-- name: CaseOk :many
SELECT CASE WHEN pages > 100 THEN 'long' ELSE 'short' END AS size, count(*) AS n FROM books
GROUP BY CASE WHEN pages > 100 THEN 'long' ELSE 'short' END;
-- name: AggregateArgumentsOk :many
SELECT country, string_agg(name, ', ' ORDER BY name) AS names, count(*) FILTER (WHERE name <> '') AS n FROM authors GROUP BY country;
-- name: AggregateOnlyOk :one
SELECT count(*) AS n, max(pages) + 1 AS most FROM books;
-- name: WindowOverGroupOk :many
SELECT author_id, sum(count(*)) OVER (ORDER BY author_id) AS running FROM books GROUP BY author_id;
-- name: WindowWithoutGroupingOk :many
SELECT title, count(*) OVER (PARTITION BY author_id) AS n FROM books;
-- name: GroupingSetsOk :many
SELECT author_id, published, count(*) AS n FROM books GROUP BY GROUPING SETS ((author_id), (published), ());
-- name: RollupOk :many
SELECT author_id, published, grouping(author_id, published) AS g, count(*) AS n FROM books GROUP BY ROLLUP (author_id, published);
-- name: PrimaryKeyInEverySetOk :many
SELECT a.name, count(*) AS n FROM authors AS a GROUP BY GROUPING SETS ((a.id), (a.id, a.country));
-- name: OuterAggregateInSubqueryOk :many
SELECT (SELECT max(a.id) + b.pages FROM books AS b LIMIT 1) AS x FROM authors AS a;
-- name: UsingColumnOk :many
SELECT id, count(*) AS n FROM books JOIN book_view USING (id) GROUP BY books.id;
-- name: AliasedJoinOk :many
SELECT j.name, count(*) AS n FROM (authors JOIN books ON books.author_id = authors.id) AS j GROUP BY j.author_id, j.name;
-- name: DistinctOnGroupedOk :many
SELECT DISTINCT ON (member) member, count(*) AS n FROM loans GROUP BY member ORDER BY member, count(*) DESC;
-- name: ParameterOk :many
SELECT country, count(*) AS n, @label::text AS label FROM authors WHERE name <> @name GROUP BY country HAVING count(*) > @min::int;
-- name: WhereAndGroupByOk :many
SELECT author_id FROM books WHERE pages > 10 AND title <> '' GROUP BY author_id;
-- name: SystemCatalogPrimaryKeyOk :many
SELECT c.conname, c.condeferrable, count(*) AS n FROM pg_catalog.pg_constraint AS c GROUP BY c.oid;
-- name: OutputNameOrderOk :many
SELECT country AS name, count(*) AS n FROM authors GROUP BY country ORDER BY name;
--- expected
queries.sql:2:17: error: column "authors.name" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:4:8: error: column "authors.name" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:6:8: error: column "authors.name" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:8:8: error: column "books.pages" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:10:53: error: column "authors.name" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:12:70: error: column "authors.name" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:14:22: error: column "b.title" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:16:8: error: column "b.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:18:16: error: column "b.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:20:17: error: column "tags.tag" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:22:12: error: column "book_view.title" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:24:14: error: column "s.title" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:26:8: error: column "books.pages" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:28:14: error: column "books.title" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:30:27: error: column "books.title" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:32:23: error: column "books.pages" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:34:47: error: column "books.title" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:36:59: error: column "loans.member" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:38:21: error: column "loans.member" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:40:19: error: column "books.published" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:42:19: error: column "books.pages" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:44:16: error: column "loans.due" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:46:8: error: column "authors.name" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:48:35: error: column "books.title" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:50:38: error: column "loans.due" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:52:24: error: column "b.title" must appear in the GROUP BY clause or be used in an aggregate function
