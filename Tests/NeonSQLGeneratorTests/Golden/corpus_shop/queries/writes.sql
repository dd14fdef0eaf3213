-- name: CreateOrder :one
-- values for nullable columns may be NULL; RETURNING keeps the columns' NOT NULL.
INSERT INTO orders (customer_id, shipping_address, coupon_code, note)
VALUES (@customer_id, @shipping_address, @coupon_code, @note)
RETURNING id, status, placed_at;

-- name: UpsertInventory :one
-- EXCLUDED has the table's columns; RETURNING expressions over NOT NULL columns are not NULL.
INSERT INTO inventory (product_id, warehouse, on_hand)
VALUES (@product_id, @warehouse, @on_hand)
ON CONFLICT (product_id, warehouse) DO UPDATE
SET on_hand = inventory.on_hand + EXCLUDED.on_hand, updated_at = now()
RETURNING product_id, warehouse, on_hand, reserved, on_hand - reserved AS available, updated_at;

-- name: BulkStock :exec
-- unnest of several arrays yields one column per array; casts type the parameters.
INSERT INTO inventory (product_id, warehouse, on_hand)
SELECT * FROM unnest(@product_ids::int[], @warehouses::text[], @counts::int[])
ON CONFLICT DO NOTHING;

-- name: AddProductsToOrder :many
-- in INSERT ... SELECT an untyped parameter in the select list takes the target column's type.
INSERT INTO order_items (order_id, line_no, product_id, quantity, unit_price)
SELECT @order_id, row_number() OVER (ORDER BY p.id), p.id, 1, COALESCE(p.sale_price, p.price)
FROM products p
WHERE p.id = ANY (@product_ids)
RETURNING line_no, unit_price;
