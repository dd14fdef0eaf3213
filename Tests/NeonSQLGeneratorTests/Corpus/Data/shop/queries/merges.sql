-- MERGE (PostgreSQL 15): parameters typed where PostgreSQL types them, in its order
-- (the source, ON, then each WHEN clause's condition and action).

-- name: MergeInventory :exec
-- expect: (none)
-- params: productId Int, warehouse String, delta Int
-- why: the casts in the source subquery type the parameters; MATCHED sees the target and the source.
MERGE INTO inventory i
USING (SELECT @product_id::int AS product_id, @warehouse::text AS warehouse, @delta::int AS delta) d
ON i.product_id = d.product_id AND i.warehouse = d.warehouse
WHEN MATCHED AND i.on_hand + d.delta <= 0 THEN DELETE
WHEN MATCHED THEN UPDATE SET on_hand = i.on_hand + d.delta, updated_at = now()
WHEN NOT MATCHED THEN INSERT (product_id, warehouse, on_hand) VALUES (d.product_id, d.warehouse, d.delta);

-- name: RestockCancelledOrder :execrows
-- expect: (none)
-- params: warehouse String, restockedAt Date?, orderId Int
-- why: @warehouse is typed by ON's comparison with a text column, @restocked_at by the nullable
-- why: column it is assigned to, @order_id by orders.id (bigint); the source is a join.
MERGE INTO inventory AS inv
USING order_items oi JOIN orders o ON o.id = oi.order_id
ON inv.product_id = oi.product_id AND inv.warehouse = @warehouse
WHEN MATCHED AND o.status = 'cancelled' THEN UPDATE SET on_hand = inv.on_hand + oi.quantity, updated_at = @restocked_at
WHEN NOT MATCHED AND o.id = @order_id THEN
    INSERT (product_id, warehouse, on_hand, updated_at) VALUES (oi.product_id, @warehouse, oi.quantity, @restocked_at)
WHEN NOT MATCHED THEN DO NOTHING;

-- name: UpsertCoupon :execrows
-- expect: (none)
-- params: code String, today PostgresDate, maxUses Int?
-- why: @today is compared with a date column; @max_uses goes into a nullable integer column.
MERGE INTO coupons c
USING (SELECT @code::text AS code) v ON c.code = v.code
WHEN MATCHED AND c.valid_until < @today THEN DELETE
WHEN MATCHED THEN UPDATE SET max_uses = @max_uses, valid_until = DEFAULT
WHEN NOT MATCHED THEN INSERT (code, valid_from, max_uses) VALUES (v.code, @today, @max_uses);

-- name: CopyPrices :exec
-- expect: (none)
-- params: (none)
-- why: a CTE as the source; DO NOTHING in a WHEN clause with a condition.
WITH priced AS (SELECT id, sku, name, price FROM products WHERE price > 0)
MERGE INTO products p USING priced ON p.id = priced.id
WHEN MATCHED AND p.sale_price IS NOT NULL THEN DO NOTHING
WHEN MATCHED THEN UPDATE SET sale_price = priced.price;
