-- name: CreateOrder :one
-- expect: id Int, status OrderStatus, placed_at Date
-- params: customerId Int?, shippingAddress JSONValue?, couponCode String?, note String?
-- why: values for nullable columns may be NULL; RETURNING keeps the columns' NOT NULL.
INSERT INTO orders (customer_id, shipping_address, coupon_code, note)
VALUES (@customer_id, @shipping_address, @coupon_code, @note)
RETURNING id, status, placed_at;

-- name: AddOrderItem :one
-- expect: order_id Int, line_no Int, line_total Decimal
-- params: orderId Int, lineNo Int, productId Int, quantity Int, unitPrice Decimal
-- why: every target column is NOT NULL, so no parameter is optional.
INSERT INTO order_items (order_id, line_no, product_id, quantity, unit_price)
VALUES (@order_id, @line_no, @product_id, @quantity, @unit_price)
RETURNING order_id, line_no, quantity * unit_price AS line_total;

-- name: UpsertInventory :one
-- expect: product_id Int, warehouse String, on_hand Int, reserved Int, available Int, updated_at Date?
-- params: productId Int, warehouse String, onHand Int
-- why: EXCLUDED has the table's columns; RETURNING expressions over NOT NULL columns are not NULL.
INSERT INTO inventory (product_id, warehouse, on_hand)
VALUES (@product_id, @warehouse, @on_hand)
ON CONFLICT (product_id, warehouse) DO UPDATE
SET on_hand = inventory.on_hand + EXCLUDED.on_hand, updated_at = now()
RETURNING product_id, warehouse, on_hand, reserved, on_hand - reserved AS available, updated_at;

-- name: UpdateProductPrice :one
-- expect: id Int, price Decimal, sale_price Decimal?, savings Decimal
-- params: price Decimal, salePrice Decimal?, id Int
-- why: SET of a nullable column accepts NULL; COALESCE(sale_price, price) is not NULL.
UPDATE products SET price = @price, sale_price = @sale_price
WHERE id = @id
RETURNING id, price, sale_price, price - COALESCE(sale_price, price) AS savings;

-- name: ShipOrder :execrows
-- expect: (none)
-- params: id Int
-- why: string constants compared with the enum column are enum values.
UPDATE orders SET status = 'shipped', shipped_at = now() WHERE id = @id AND status = 'paid';

-- name: CancelStaleOrders :many
-- expect: id Int
-- params: maxAge PostgresInterval
-- why: the cast types the parameter.
UPDATE orders SET status = 'cancelled'
WHERE status = 'pending' AND placed_at < now() - @max_age::interval
RETURNING id;

-- name: DeleteAnonymousReviews :many
-- expect: id Int, rating Int
-- params: productId Int
-- why: RETURNING of DELETE keeps the columns' NOT NULL.
DELETE FROM reviews WHERE product_id = @product_id AND customer_id IS NULL RETURNING id, rating;

-- name: BulkStock :exec
-- expect: (none)
-- params: productIds [Int], warehouses [String], counts [Int]
-- why: unnest of several arrays yields one column per array; casts type the parameters.
INSERT INTO inventory (product_id, warehouse, on_hand)
SELECT * FROM unnest(@product_ids::int[], @warehouses::text[], @counts::int[])
ON CONFLICT DO NOTHING;

-- name: AddProductsToOrder :many
-- expect: line_no Int, unit_price Decimal
-- params: orderId Int, productIds [Int]
-- why: in INSERT ... SELECT an untyped parameter in the select list takes the target column's type.
INSERT INTO order_items (order_id, line_no, product_id, quantity, unit_price)
SELECT @order_id, row_number() OVER (ORDER BY p.id), p.id, 1, COALESCE(p.sale_price, p.price)
FROM products p
WHERE p.id = ANY (@product_ids)
RETURNING line_no, unit_price;

-- name: PlaceSingleItemOrder :one
-- expect: order_id Int, placed_at Date?
-- params: customerId Int?, quantity Int, productId Int
-- why: a data-modifying CTE feeds the insert; a scalar subquery may find no row, so placed_at is optional.
WITH new_order AS (
    INSERT INTO orders (customer_id) VALUES (@customer_id) RETURNING id, placed_at
)
INSERT INTO order_items (order_id, line_no, product_id, quantity, unit_price)
SELECT new_order.id, 1, p.id, @quantity, p.price FROM new_order, products p WHERE p.id = @product_id
RETURNING order_id, (SELECT placed_at FROM new_order) AS placed_at;

-- name: ReserveStock :many
-- expect: product_id Int, reserved Int
-- params: orderId Int, warehouse String
-- why: UPDATE ... FROM joins order_items; RETURNING sees the target's columns.
UPDATE inventory i SET reserved = i.reserved + oi.quantity
FROM order_items oi
WHERE oi.product_id = i.product_id AND oi.order_id = @order_id AND i.warehouse = @warehouse
RETURNING i.product_id, i.reserved;

-- name: PurgeCancelledItems :many
-- expect: order_id Int, line_no Int
-- params: before Date
-- why: DELETE ... USING joins orders; RETURNING lists the target's columns.
DELETE FROM order_items oi USING orders o
WHERE o.id = oi.order_id AND o.status = 'cancelled' AND o.placed_at < @before
RETURNING oi.order_id, oi.line_no;

-- name: CreateCustomer :one
-- expect: id Int, email String, full_name String, phone String?, referred_by Int?, created_at Date
-- expect: marketing_opt_in Bool, preferences JSONValue?
-- params: email String, fullName String, phone String?, referredBy Int?
-- why: RETURNING * lists every column with its declared nullability; lower(@email) is text.
INSERT INTO customers (email, full_name, phone, referred_by)
VALUES (lower(@email), @full_name, @phone, @referred_by)
RETURNING *;

-- name: SetPreferences :execrows
-- expect: (none)
-- params: patch JSONValue, id Int
-- why: jsonb || unknown is jsonb || jsonb; COALESCE(preferences, '{}') is jsonb.
UPDATE customers SET preferences = COALESCE(preferences, '{}') || @patch WHERE id = @id;

-- name: CreateCoupon :exec
-- expect: (none)
-- params: code String, percentOff Decimal?, validFrom PostgresDate, validUntil PostgresDate?
-- why: a multi-row VALUES types each parameter by its column; nullable columns take optional values.
INSERT INTO coupons (code, percent_off, valid_from, valid_until)
VALUES (@code, @percent_off, @valid_from, @valid_until), (@code || '-2', @percent_off, @valid_from, NULL);
