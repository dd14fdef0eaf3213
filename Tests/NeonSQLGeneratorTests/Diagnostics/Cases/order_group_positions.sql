--- schema.sql
CREATE TABLE orders (id bigint PRIMARY KEY, region text, total numeric NOT NULL);
--- queries.sql
-- name: OrderByMissingPosition :many
SELECT id, total FROM orders ORDER BY 3;

-- name: GroupByMissingPosition :many
SELECT region, sum(total) AS revenue FROM orders GROUP BY ROLLUP (1, 3);

-- name: OrderByAliasInExpression :many
SELECT total * 2 AS doubled FROM orders ORDER BY doubled + 1;
--- expected
queries.sql:2:39: error: ORDER BY position 3 is not in select list
queries.sql:5:70: error: GROUP BY position 3 is not in select list
queries.sql:8:50: error: column "doubled" does not exist
