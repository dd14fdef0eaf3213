-- Bulk lookups by composite key: arrays of each key column, zipped by unnest.

-- name: UsersByKeys :many
-- expect: tenant_id UUID, id Int, email String
-- params: tenantIds [UUID], ids [Int]
-- why: each row element is compared with its subquery column: the unnest of a uuid[] and of a bigint[]
SELECT tenant_id, id, email
FROM users
WHERE (tenant_id, id) IN (SELECT unnest(@tenant_ids::uuid[]), unnest(@ids::bigint[]));

-- name: OrdersByKeysAny :many
-- expect: tenant_id UUID, id Int, total Decimal
-- params: p1 [UUID], p2 [Int]
-- why: = ANY (SELECT a, b) is IN: $1 and $2 keep their casts' array types; p1/p2 have no column to be named after
SELECT tenant_id, id, total
FROM orders
WHERE (tenant_id, id) = ANY (SELECT unnest($1::uuid[]), unnest($2::bigint[]));

-- name: OrdersNotInKeys :many
-- expect: id Int
-- params: tenantId UUID, tenantIds [UUID], ids [Int]
-- why: NOT IN (SELECT ...) is NOT (row = ANY (SELECT ...)): the same pairwise typing as IN
SELECT id
FROM orders
WHERE tenant_id = @tenant_id
  AND (tenant_id, id) NOT IN (SELECT unnest(@tenant_ids::uuid[]), unnest(@ids::bigint[]));

-- name: OrderLinesByKeys :many
-- expect: order_id Int, line_no Int, sku String, quantity Int
-- params: tenantIds [UUID], orderIds [Int], lineNos [Int]
-- why: SELECT * FROM unnest(a, b, c) gives three columns, one per array, compared with the three key columns
SELECT order_id, line_no, sku, quantity
FROM order_lines
WHERE (tenant_id, order_id, line_no) IN (
    SELECT * FROM unnest(@tenant_ids::uuid[], @order_ids::bigint[], @line_nos::int[])
);

-- name: UsersWithOrders :many
-- expect: id Int, email String
-- params: status OrderStatus
-- why: the subquery's columns are typed first; @status is typed by orders.status inside it
SELECT u.id, u.email
FROM users u
WHERE (u.tenant_id, u.id) IN (SELECT o.tenant_id, o.user_id FROM orders o WHERE o.status = @status);

-- name: UsersWithoutPaidOrders :many
-- expect: id Int, display_name String?
-- params: tenantId UUID
-- why: a row NOT IN a two-column subquery; display_name is nullable in the table
SELECT u.id, u.display_name
FROM users u
WHERE u.tenant_id = @tenant_id
  AND (u.tenant_id, u.id) NOT IN (SELECT o.tenant_id, o.user_id FROM orders o WHERE o.status = 'paid');

-- name: OrdersBySkuAndQuantity :many
-- expect: order_id Int
-- params: sku String, quantity Int
-- why: in a list of rows each parameter takes the type of the column at its position (sku text, quantity integer)
SELECT DISTINCT order_id
FROM order_lines
WHERE (sku, quantity) IN ((@sku, @quantity), ('GIFT-CARD', 1));

-- name: OrdersByListedPairs :many
-- expect: id Int
-- params: (none)
-- why: string constants in the listed rows take the types of status (an enum) and currency (character)
SELECT id
FROM orders
WHERE (status, currency) IN (('paid', 'EUR'), ('shipped', 'EUR'), ('paid', 'USD'));

-- name: OrdersNotInPairs :many
-- expect: id Int
-- params: (none)
-- why: NOT IN a list of rows compares each with <>; region is nullable, which only makes the condition NULL
SELECT id
FROM orders
WHERE (status, region) NOT IN (('cancelled', 'eu'), ('cancelled', 'us'));

-- name: OrdersMatchingLatest :many
-- expect: id Int, placed_at Date
-- params: tenantId UUID
-- why: row = (SELECT a, b) is a row comparison with a subquery's two columns, not a scalar subquery
SELECT id, placed_at
FROM orders
WHERE (tenant_id, placed_at) = (SELECT tenant_id, max(placed_at) FROM orders WHERE tenant_id = @tenant_id GROUP BY tenant_id);

-- name: OrdersAboveAllCancelled :many
-- expect: id Int, total Decimal
-- params: tenantId UUID
-- why: row > ALL (SELECT ...) compares pairwise with > in each row of the subquery
SELECT id, total
FROM orders
WHERE (total, id) > ALL (SELECT total, id FROM orders WHERE status = 'cancelled' AND tenant_id = @tenant_id);

-- name: LinesByOrderPairs :many
-- expect: order_id Int, sku String
-- params: firstTenant UUID, firstOrder Int, secondTenant UUID, secondOrder Int
-- why: IN (VALUES ...) is a subquery of two columns; the casts type the parameters
SELECT l.order_id, l.sku
FROM order_lines l
WHERE (l.tenant_id, l.order_id) IN (VALUES (@first_tenant::uuid, @first_order::bigint), (@second_tenant::uuid, @second_order::bigint));

-- name: UserKeyMatches :many
-- expect: wanted Bool?, email String
-- params: tenantIds [UUID], ids [Int]
-- why: the IN test as a column: NULL when an unnest yields a NULL element and no pair matches
SELECT (tenant_id, id) IN (SELECT unnest(@tenant_ids::uuid[]), unnest(@ids::bigint[])) AS wanted, email
FROM users;
