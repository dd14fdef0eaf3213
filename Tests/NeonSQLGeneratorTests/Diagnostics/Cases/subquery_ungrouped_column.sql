--- schema.sql
CREATE TABLE orders (id integer PRIMARY KEY, customer text NOT NULL, total integer NOT NULL, note text);
CREATE TABLE lines (id integer PRIMARY KEY, order_id integer NOT NULL, sku text NOT NULL, qty integer NOT NULL);
CREATE VIEW order_view AS SELECT id, customer, total FROM orders;
--- queries.sql
-- name: InSelectList :many
SELECT o.customer, (SELECT count(*) FROM lines AS l WHERE l.order_id = o.id) AS n FROM orders AS o GROUP BY o.customer;
-- name: InHaving :many
SELECT customer FROM orders GROUP BY customer HAVING EXISTS (SELECT 1 FROM lines WHERE lines.sku = note);
-- name: InOrderBy :many
SELECT customer FROM orders GROUP BY customer ORDER BY (SELECT max(qty) FROM lines WHERE order_id = orders.id);
-- name: InNestedSubquery :many
SELECT customer, (SELECT (SELECT o.total) FROM lines LIMIT 1) AS t FROM orders AS o GROUP BY customer;
-- name: InWindow :many
SELECT customer, sum(total) OVER (ORDER BY (SELECT o.note)) AS running FROM orders AS o GROUP BY customer, total;
-- name: ViewHasNoKey :many
SELECT v.id, (SELECT v.customer) AS c FROM order_view AS v GROUP BY v.id;
-- name: GroupedColumnOk :many
SELECT customer, (SELECT count(*) FROM lines WHERE lines.sku = orders.customer) AS n FROM orders GROUP BY customer;
-- name: AggregatedOk :many
SELECT customer, sum((SELECT count(*) FROM lines WHERE lines.order_id = orders.id)) AS n FROM orders GROUP BY customer;
-- name: PrimaryKeyOk :many
SELECT o.id, (SELECT o.note) AS note, (SELECT o.total + count(*) FROM lines) AS total FROM orders AS o GROUP BY o.id;
-- name: WhereOk :many
SELECT customer FROM orders AS o WHERE EXISTS (SELECT 1 FROM lines WHERE lines.order_id = o.id) GROUP BY customer;
-- name: PositionOk :many
SELECT customer, (SELECT count(*) FROM lines WHERE lines.sku = customer) AS n FROM orders GROUP BY 1;
-- name: AggregateWithoutGroupBy :one
SELECT count(*) AS n, (SELECT max(l.qty) FROM lines AS l WHERE l.order_id = o.id) AS most FROM orders AS o;
-- name: HavingWithoutGroupBy :many
SELECT 1 AS one FROM orders AS o HAVING EXISTS (SELECT 1 FROM lines WHERE lines.sku = o.customer);
-- name: GroupingSets :many
SELECT customer, (SELECT o.note) AS note, count(*) AS n FROM orders AS o GROUP BY GROUPING SETS ((customer), ());
-- name: Rollup :many
SELECT customer, (SELECT count(*) FROM lines WHERE lines.qty = o.total) AS n FROM orders AS o GROUP BY ROLLUP (customer);
-- name: InFromOfSubquery :many
SELECT customer, (SELECT count(*) FROM lines AS l JOIN orders AS x ON x.id = o.id) AS n FROM orders AS o GROUP BY customer;
-- name: AggregateOfSubqueryLevel :many
SELECT customer, (SELECT sum(l.qty + o.total) FROM lines AS l) AS n FROM orders AS o GROUP BY customer;
-- name: AggregateWithoutGroupByOk :one
SELECT count(*) AS n, (SELECT count(*) FROM lines) AS all_lines, (SELECT max(o.total)) AS most FROM orders AS o;
-- name: GroupingSetsOk :many
SELECT customer, (SELECT count(*) FROM lines WHERE lines.sku = o.customer) AS n FROM orders AS o GROUP BY GROUPING SETS ((customer), ());
-- name: OuterAggregateInSubqueryOk :many
SELECT customer, (SELECT max(o.total) FROM lines LIMIT 1) AS most FROM orders AS o GROUP BY customer;
-- name: ExpressionGroupedOk :many
SELECT lower(customer) AS c, (SELECT count(*) FROM lines) AS n FROM orders GROUP BY lower(customer);
--- expected
queries.sql:2:72: error: subquery uses ungrouped column "o.id" from outer query
queries.sql:4:100: error: subquery uses ungrouped column "orders.note" from outer query
queries.sql:6:101: error: subquery uses ungrouped column "orders.id" from outer query
queries.sql:8:34: error: subquery uses ungrouped column "o.total" from outer query
queries.sql:10:52: error: subquery uses ungrouped column "o.note" from outer query
queries.sql:12:22: error: subquery uses ungrouped column "v.customer" from outer query
queries.sql:24:77: error: subquery uses ungrouped column "o.id" from outer query
queries.sql:26:87: error: subquery uses ungrouped column "o.customer" from outer query
queries.sql:28:26: error: subquery uses ungrouped column "o.note" from outer query
queries.sql:30:64: error: subquery uses ungrouped column "o.total" from outer query
queries.sql:32:78: error: subquery uses ungrouped column "o.id" from outer query
queries.sql:34:38: error: subquery uses ungrouped column "o.total" from outer query
