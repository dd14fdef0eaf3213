--- schema.sql
CREATE TABLE orders (id bigint PRIMARY KEY, region text, total numeric NOT NULL);
--- queries.sql
-- name: OrderByString :many
SELECT id FROM orders ORDER BY 'region';

-- name: OrderByNull :many
SELECT id FROM orders ORDER BY NULL;

-- name: OrderByDecimal :many
SELECT id FROM orders ORDER BY 1.5;

-- name: OrderByBoolean :many
SELECT id FROM orders ORDER BY true;

-- name: OrderByBitString :many
SELECT id FROM orders ORDER BY B'101';

-- name: OrderByPastInt4 :many
SELECT id FROM orders ORDER BY 9999999999;

-- name: OrderByNegatedPastInt4 :many
SELECT id FROM orders ORDER BY - 2147483648;

-- name: OrderByNegativePosition :many
SELECT id FROM orders ORDER BY -1;

-- name: OrderByNegatedParenthesized :many
SELECT id FROM orders ORDER BY -(1);

-- name: OrderByZero :many
SELECT id FROM orders ORDER BY 0;

-- name: SetOperationOrderByString :many
SELECT id FROM orders UNION SELECT 2 ORDER BY 'id';

-- name: GroupByString :many
SELECT region FROM orders GROUP BY 'region';

-- name: GroupByNegativePosition :many
SELECT region FROM orders GROUP BY -1;

-- name: GroupByRollupString :many
SELECT region FROM orders GROUP BY ROLLUP ('region');

-- name: DistinctOnString :many
SELECT DISTINCT ON ('region') region FROM orders;

-- name: DistinctOnMissingPosition :many
SELECT DISTINCT ON (2) region FROM orders;

-- name: AcceptedForms :many
SELECT DISTINCT ON (1) region, count(*) OVER (ORDER BY 'x') AS n
FROM orders
GROUP BY 1, id
ORDER BY (1), 'x'::text, +1, -id;
--- expected
queries.sql:2:32: error: non-integer constant in ORDER BY
queries.sql:5:32: error: non-integer constant in ORDER BY
queries.sql:8:32: error: non-integer constant in ORDER BY
queries.sql:11:32: error: non-integer constant in ORDER BY
queries.sql:14:32: error: non-integer constant in ORDER BY
queries.sql:17:32: error: non-integer constant in ORDER BY
queries.sql:20:32: error: non-integer constant in ORDER BY
queries.sql:23:32: error: ORDER BY position -1 is not in select list
queries.sql:26:32: error: ORDER BY position -1 is not in select list
queries.sql:29:32: error: ORDER BY position 0 is not in select list
queries.sql:32:47: error: non-integer constant in ORDER BY
queries.sql:35:36: error: non-integer constant in GROUP BY
queries.sql:38:36: error: GROUP BY position -1 is not in select list
queries.sql:41:44: error: non-integer constant in GROUP BY
queries.sql:44:21: error: non-integer constant in DISTINCT ON
queries.sql:47:21: error: DISTINCT ON position 2 is not in select list
