-- name: RecentOrders :many
-- guests have no customer row, so the LEFT JOINed columns are optional.
SELECT o.id, o.status, o.placed_at, o.shipped_at, c.email, c.full_name
FROM orders o
LEFT JOIN customers c ON c.id = o.customer_id
WHERE o.placed_at >= @since AND o.status = ANY (@statuses::order_status[])
ORDER BY o.placed_at DESC;

-- name: OrderWithItems :one
-- COALESCE with a NOT NULL constant is never NULL.
SELECT o.id, o.status,
       COALESCE(jsonb_agg(jsonb_build_object('sku', p.sku, 'qty', oi.quantity) ORDER BY oi.line_no)
                    FILTER (WHERE oi.line_no IS NOT NULL), '[]'::jsonb) AS items
FROM orders o
LEFT JOIN order_items oi ON oi.order_id = o.id
LEFT JOIN products p ON p.id = oi.product_id
WHERE o.id = @order_id
GROUP BY o.id;

-- name: CustomerOrderStats :many
-- GROUP BY customer_id has a NULL group (guests); count is never NULL even with FILTER;
-- max/bool_or/string_agg of NOT NULL values in a non-empty group are not NULL.
SELECT customer_id, count(*) AS orders, count(*) FILTER (WHERE status = 'cancelled') AS cancelled,
       max(placed_at) AS last_order, bool_or(coupon_code IS NOT NULL) AS used_coupon,
       string_agg(DISTINCT status::text, ',') AS statuses
FROM orders
GROUP BY customer_id;
