--- schema.sql
CREATE TABLE authors (id integer PRIMARY KEY, name text NOT NULL, country text);
CREATE TABLE books (id integer PRIMARY KEY, author_id integer NOT NULL REFERENCES authors (id), title text NOT NULL,
                    published date, pages integer);
CREATE TABLE tags (book_id integer NOT NULL, tag text NOT NULL, PRIMARY KEY (book_id, tag));
CREATE TABLE loans (book_id integer NOT NULL, member text NOT NULL);
CREATE TABLE editions (id bigint PRIMARY KEY, title text NOT NULL);
--- queries.sql
-- name: PrimaryKeyInSomeSets :many
SELECT a.name, count(*) AS n FROM authors AS a GROUP BY GROUPING SETS ((a.id), ());
-- name: PrimaryKeyInRollup :many
SELECT a.id, a.name, count(*) AS n FROM authors AS a GROUP BY ROLLUP (a.id);
-- name: PrimaryKeyInCube :many
SELECT a.country, a.name, count(*) AS n FROM authors AS a GROUP BY CUBE (a.id, a.country);
-- name: PrimaryKeyBesideEmptyNestedSet :many
SELECT a.name FROM authors AS a GROUP BY GROUPING SETS ((a.id), GROUPING SETS ((a.id, a.country), ()));
-- name: PrimaryKeyInSomeSetsInSubquery :many
SELECT a.id, (SELECT a.name) AS name FROM authors AS a GROUP BY GROUPING SETS ((a.id), ());
-- name: PartOfCatalogPrimaryKey :many
SELECT a.attname, count(*) AS n FROM pg_catalog.pg_attribute AS a GROUP BY a.attrelid;
-- name: CatalogWithoutPrimaryKey :many
SELECT d.objid FROM pg_catalog.pg_depend AS d GROUP BY d.classid;
-- name: CatalogPrimaryKeyInSomeSets :many
SELECT c.conname FROM pg_catalog.pg_constraint AS c GROUP BY GROUPING SETS ((c.oid), ());
-- name: DirectArgument :many
SELECT b.author_id, percentile_cont(b.pages / 1000.0) WITHIN GROUP (ORDER BY b.pages) AS p FROM books AS b GROUP BY b.author_id;
-- name: HypotheticalDirectArgument :many
SELECT rank(b.title) WITHIN GROUP (ORDER BY b.title) AS r FROM books AS b GROUP BY b.author_id;
-- name: DirectArgumentWithoutGroupBy :one
SELECT percentile_disc(b.pages / 1000.0) WITHIN GROUP (ORDER BY b.title) AS p FROM books AS b;
-- name: DirectArgumentInHaving :many
SELECT b.author_id FROM books AS b GROUP BY b.author_id HAVING percentile_cont(b.pages) WITHIN GROUP (ORDER BY b.pages) > 1;
-- name: OuterDirectArgument :many
SELECT b.author_id, (SELECT percentile_disc(b.pages / 1000.0) WITHIN GROUP (ORDER BY b.title) FROM tags LIMIT 1) AS p
FROM books AS b GROUP BY b.author_id;
-- name: OuterAggregateGroupsQuery :many
SELECT a.name, (SELECT max(a.id) FROM books AS b LIMIT 1) AS m FROM authors AS a;
-- name: OuterAggregateBesideInnerAggregate :many
SELECT a.country, (SELECT max(a.id) + count(*) FROM books LIMIT 1) AS x FROM authors AS a;
-- name: OuterAggregateInOrderBy :many
SELECT a.name FROM authors AS a ORDER BY (SELECT count(a.id));
-- name: OuterAggregateInNestedSubquery :many
SELECT a.name, (SELECT (SELECT min(a.country)) FROM books LIMIT 1) AS c FROM authors AS a;
-- name: OuterFilterOnlyGroupsQuery :many
SELECT a.name, (SELECT count(*) FILTER (WHERE a.id > 1) FROM books LIMIT 1) AS n FROM authors AS a;
-- name: PrimaryKeyBesideRollupOk :many
SELECT a.name, count(*) AS n FROM authors AS a GROUP BY a.id, ROLLUP (a.country);
-- name: PrimaryKeyInEverySetOk :many
SELECT a.name, count(*) AS n FROM authors AS a GROUP BY GROUPING SETS ((a.id), (a.country, id));
-- name: PrimaryKeyInEveryNestedSetOk :many
SELECT a.name FROM authors AS a GROUP BY GROUPING SETS ((a.id, a.country), GROUPING SETS ((a.id)));
-- name: OneGroupingSetOk :many
SELECT a.name FROM authors AS a GROUP BY GROUPING SETS ((a.id));
-- name: CatalogPrimaryKeyOk :many
SELECT a.attname, a.atttypid, count(*) AS n FROM pg_catalog.pg_attribute AS a GROUP BY a.attrelid, a.attnum;
-- name: CatalogOidKeyOk :many
SELECT c.relname, c.relkind FROM pg_catalog.pg_class AS c GROUP BY c.oid;
-- name: DirectArgumentGroupedOk :many
SELECT b.pages, percentile_cont(b.pages / 1000.0) WITHIN GROUP (ORDER BY b.pages) AS p FROM books AS b GROUP BY b.pages;
-- name: ConstantDirectArgumentOk :one
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY b.pages) AS median FROM books AS b;
-- name: OuterConstantDirectArgumentOk :many
SELECT b.author_id, (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY t.tag) FROM tags AS t WHERE t.book_id = b.author_id) AS p
FROM books AS b GROUP BY b.author_id;
-- name: OuterAggregateOnlyOk :one
SELECT (SELECT max(a.id) FROM books LIMIT 1) AS m, count(*) AS n FROM authors AS a;
-- name: InnerAggregateOverOuterColumnOk :many
SELECT a.name, (SELECT max(b.id + a.id) FROM books AS b) AS m FROM authors AS a;
-- name: InnerFilterOverOuterColumnOk :many
SELECT a.name, (SELECT count(b.id) FILTER (WHERE a.id > 1) FROM books AS b) AS n FROM authors AS a;
-- name: OuterAggregateInWhereOfSubqueryOk :many
SELECT a.country, (SELECT count(*) FROM books AS b WHERE b.pages > max(a.id)) AS n FROM authors AS a GROUP BY a.country;
-- name: UsingColumnIsLeftInputs :many
SELECT id FROM books AS b JOIN authors AS a USING (id) GROUP BY a.id;
-- name: GroupedUsingColumnIsLeftInputs :many
SELECT a.id FROM books AS b JOIN authors AS a USING (id) GROUP BY id;
-- name: GroupedUsingColumnKeysLeftInput :many
SELECT a.name FROM books AS b JOIN authors AS a USING (id) GROUP BY id;
-- name: RightJoinUsingColumnIsRightInputs :many
SELECT id FROM books AS b RIGHT JOIN authors AS a USING (id) GROUP BY b.id;
-- name: NaturalJoinColumn :many
SELECT book_id, count(*) AS n FROM tags AS t NATURAL JOIN loans AS l GROUP BY l.book_id;
-- name: UsingColumnOk :many
SELECT id, a.name FROM books AS b JOIN authors AS a USING (id) GROUP BY b.id, a.id;
-- name: GroupedUsingColumnOk :many
SELECT b.id, b.title, count(*) AS n FROM books AS b JOIN authors AS a USING (id) GROUP BY id;
-- name: LeftJoinUsingColumnOk :many
SELECT id FROM books AS b LEFT JOIN authors AS a USING (id) GROUP BY b.id;
-- name: RightJoinUsingColumnOk :many
SELECT id, a.name FROM books AS b RIGHT JOIN authors AS a USING (id) GROUP BY a.id;
-- name: UsingColumnInExpressionOk :many
SELECT b.id + 1 AS next FROM books AS b JOIN authors AS a USING (id) GROUP BY id + 1;
-- name: NaturalJoinColumnOk :many
SELECT t.book_id, count(*) AS n FROM tags AS t NATURAL JOIN loans AS l GROUP BY book_id;
-- name: UsingColumnsOfTwoTypesOk :many
SELECT id FROM books AS b JOIN editions AS e USING (id) GROUP BY id;
-- name: InnerAggregateThroughNestedSubqueryOk :many
SELECT a.name, (SELECT sum((SELECT b.pages + a.id)) FROM books AS b) AS s FROM authors AS a;
--- expected
queries.sql:2:8: error: column "a.name" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:4:14: error: column "a.name" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:6:19: error: column "a.name" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:8:8: error: column "a.name" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:10:22: error: subquery uses ungrouped column "a.name" from outer query
queries.sql:12:8: error: column "a.attname" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:14:8: error: column "d.objid" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:16:8: error: column "c.conname" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:18:37: error: column "b.pages" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:20:13: error: column "b.title" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:22:24: error: column "b.pages" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:24:80: error: column "b.pages" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:26:45: error: subquery uses ungrouped column "b.pages" from outer query
queries.sql:29:8: error: column "a.name" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:31:8: error: column "a.country" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:33:8: error: column "a.name" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:35:8: error: column "a.name" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:37:8: error: column "a.name" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:66:8: error: column "b.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:68:8: error: column "a.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:70:8: error: column "a.name" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:72:8: error: column "a.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:74:8: error: column "t.book_id" must appear in the GROUP BY clause or be used in an aggregate function
