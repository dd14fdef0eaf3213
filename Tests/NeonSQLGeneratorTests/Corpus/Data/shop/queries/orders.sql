-- name: OrderTotalsForCustomer :many
-- expect: order_id Int, customer_id Int, status OrderStatus, subtotal Decimal?, line_count Int
-- params: customerId Int
-- why: the view's subtotal is a sum over outer-joined items (NULL for an order without items);
-- why: `customer_id = @customer_id` in WHERE rejects rows where customer_id is NULL.
SELECT order_id, customer_id, status, subtotal, line_count
FROM order_totals
WHERE customer_id = @customer_id;

-- name: RecentOrders :many
-- expect: id Int, status OrderStatus, placed_at Date, shipped_at Date?, email String?, full_name String?
-- params: since Date, statuses [OrderStatus]
-- why: guests have no customer row, so the LEFT JOINed columns are optional.
SELECT o.id, o.status, o.placed_at, o.shipped_at, c.email, c.full_name
FROM orders o
LEFT JOIN customers c ON c.id = o.customer_id
WHERE o.placed_at >= @since AND o.status = ANY (@statuses::order_status[])
ORDER BY o.placed_at DESC;

-- name: OrderWithItems :one
-- expect: id Int, status OrderStatus, items JSONValue
-- params: orderId Int
-- why: COALESCE with a NOT NULL constant is never NULL.
SELECT o.id, o.status,
       COALESCE(jsonb_agg(jsonb_build_object('sku', p.sku, 'qty', oi.quantity) ORDER BY oi.line_no)
                    FILTER (WHERE oi.line_no IS NOT NULL), '[]'::jsonb) AS items
FROM orders o
LEFT JOIN order_items oi ON oi.order_id = o.id
LEFT JOIN products p ON p.id = oi.product_id
WHERE o.id = @order_id
GROUP BY o.id;

-- name: OrderLineTotals :many
-- expect: order_id Int, line_no Int, gross Decimal, net Decimal, vat Decimal
-- params: orderId Int
-- why: integer * numeric is numeric; COALESCE(discount, 0) is not NULL.
SELECT order_id, line_no, quantity * unit_price AS gross,
       quantity * unit_price - COALESCE(discount, 0) AS net,
       round(quantity * unit_price * 0.2, 2) AS vat
FROM order_items
WHERE order_id = @order_id
ORDER BY line_no;

-- name: CountOrdersByStatus :one
-- expect: n Int
-- params: status OrderStatus
-- why: comparing with an enum column types the parameter as the enum.
SELECT count(*) AS n FROM orders WHERE status = @status;

-- name: CountOrdersByStatusText :one
-- expect: n Int
-- params: statusText String
-- why: the enum is cast to text first, so the parameter is text.
SELECT count(*) AS n FROM orders WHERE status::text = @status_text;

-- name: CustomerOrderStats :many
-- expect: customer_id Int?, orders Int, cancelled Int, last_order Date, used_coupon Bool, statuses String
-- params: (none)
-- why: GROUP BY customer_id has a NULL group (guests); count is never NULL even with FILTER;
-- why: max/bool_or/string_agg of NOT NULL values in a non-empty group are not NULL.
SELECT customer_id, count(*) AS orders, count(*) FILTER (WHERE status = 'cancelled') AS cancelled,
       max(placed_at) AS last_order, bool_or(coupon_code IS NOT NULL) AS used_coupon,
       string_agg(DISTINCT status::text, ',') AS statuses
FROM orders
GROUP BY customer_id;

-- name: TopCustomers :many
-- expect: id Int, email String, spent Decimal
-- params: minSpent Decimal
-- why: inner joins and a grouped sum of NOT NULL products; HAVING types the parameter as numeric.
SELECT c.id, c.email, sum(oi.quantity * oi.unit_price) AS spent
FROM customers c
JOIN orders o ON o.customer_id = c.id
JOIN order_items oi ON oi.order_id = o.id
GROUP BY c.id
HAVING sum(oi.quantity * oi.unit_price) > @min_spent
ORDER BY spent DESC
LIMIT 10;

-- name: CustomersWithoutOrders :many
-- expect: id Int, email String
-- params: before Date
-- why: NOT EXISTS filters rows only.
SELECT id, email FROM customers c
WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id) AND created_at < @before;

-- name: ProductsInOrder :many
-- expect: id Int, name String
-- params: orderId Int
-- why: IN (subquery) filters rows only; the parameter is typed by order_id.
SELECT id, name FROM products WHERE id IN (SELECT product_id FROM order_items WHERE order_id = @order_id);

-- name: LatestOrderPerCustomer :many
-- expect: customer_id Int, order_id Int, placed_at Date
-- params: (none)
-- why: DISTINCT ON keeps columns as they are; WHERE customer_id IS NOT NULL narrows it.
SELECT DISTINCT ON (customer_id) customer_id, id AS order_id, placed_at
FROM orders
WHERE customer_id IS NOT NULL
ORDER BY customer_id, placed_at DESC;

-- name: CustomersWithLastOrder :many
-- expect: id Int, email String, last_order_id Int?, last_order_at Date?
-- params: (none)
-- why: LEFT JOIN LATERAL makes the subquery's columns optional.
SELECT c.id, c.email, lo.id AS last_order_id, lo.placed_at AS last_order_at
FROM customers c
LEFT JOIN LATERAL (
    SELECT o.id, o.placed_at FROM orders o WHERE o.customer_id = c.id ORDER BY o.placed_at DESC LIMIT 1
) lo ON true;

-- name: CustomerText :many
-- expect: email String, name_upper String, name_length Int, domain String?, phone String?, initial String
-- expect: display String, local_part String
-- params: (none)
-- why: string functions are strict; substring with a regular expression is NULL when it does not
-- why: match; concat is never NULL; phone is a nullable column.
SELECT lower(email) AS email, upper(full_name) AS name_upper, length(full_name) AS name_length,
       substring(email from '@(.*)$') AS domain, trim(phone) AS phone, left(full_name, 1) AS initial,
       concat(full_name, ' <', email, '>') AS display, split_part(email, '@', 1) AS local_part
FROM customers;

-- name: OrderDates :many
-- expect: month Date, year Decimal, day_label String, age PostgresInterval, due Date, ship_time PostgresInterval?
-- expect: day_before PostgresDate
-- params: (none)
-- why: date functions are strict over NOT NULL placed_at; shipped_at is nullable.
SELECT date_trunc('month', placed_at) AS month, extract(year from placed_at) AS year,
       to_char(placed_at, 'YYYY-MM-DD') AS day_label, age(now(), placed_at) AS age,
       placed_at + interval '7 days' AS due, shipped_at - placed_at AS ship_time,
       placed_at::date - 1 AS day_before
FROM orders;

-- name: CustomerPreference :many
-- expect: id Int, value String?, kind String?
-- params: key String
-- why: preferences is nullable and ->> of a missing key is NULL; jsonb ->> unknown resolves to text.
SELECT id, preferences ->> @key AS value, jsonb_typeof(preferences) AS kind
FROM customers
WHERE preferences ? @key;

-- name: MonthlyRevenue :many
-- expect: month PostgresDate, revenue Decimal
-- params: startMonth Date, endMonth Date
-- why: generate_series rows are never NULL; COALESCE(sum, 0) is not NULL.
SELECT m.month::date AS month, COALESCE(sum(oi.quantity * oi.unit_price), 0) AS revenue
FROM generate_series(date_trunc('month', @start_month::timestamptz), date_trunc('month', @end_month::timestamptz),
                     interval '1 month') AS m (month)
LEFT JOIN orders o ON date_trunc('month', o.placed_at) = m.month
LEFT JOIN order_items oi ON oi.order_id = o.id
GROUP BY m.month
ORDER BY m.month;

-- name: CustomersByEmailAge :many
-- expect: id Int
-- params: email String, days Int
-- why: lower(unknown) is lower(text); make_interval's arguments are integers.
SELECT id FROM customers
WHERE lower(email) = lower(@email) AND created_at > now() - make_interval(0, 0, 0, @days);

-- name: CouponMath :many
-- expect: code String, fraction Decimal?, amount Decimal?, ratio Double?, bucket Int?, negated Decimal?
-- params: (none)
-- why: arithmetic is strict: nullable inputs give nullable results.
SELECT code, percent_off / 100 AS fraction, amount_off * 1.0 AS amount, (max_uses * 2)::float8 / 3 AS ratio,
       max_uses % 7 AS bucket, - amount_off AS negated
FROM coupons;

-- name: CouponValidity :one
-- expect: code String, percent_off Decimal, amount_off Decimal?, valid_days Int?, default_end PostgresDate
-- expect: active Bool?
-- params: code String
-- why: date - date is integer, date + integer is date; `x IS NULL OR x >= y` is never NULL in fact,
-- why: but OR of a nullable comparison is conservatively optional.
SELECT code, COALESCE(percent_off, 0) AS percent_off, amount_off, valid_until - valid_from AS valid_days,
       valid_from + 30 AS default_end, (valid_until IS NULL OR valid_until >= CURRENT_DATE) AS active
FROM coupons
WHERE code = upper(@code);

-- name: UnitsByCategoryAndProductRollup :many
-- expect: category_id Int?, product_id Int?, units Int?, lines Int, grouping_mask Int
-- params: (none)
-- why: ROLLUP over a join: product_id (NOT NULL) is NULL in the category subtotals and the grand
-- why: total; sum(int4) is bigint, NULL for the grand total of no rows; count(*) and grouping() never.
SELECT p.category_id, oi.product_id, sum(oi.quantity) AS units, count(*) AS lines,
       grouping(p.category_id, oi.product_id) AS grouping_mask
FROM order_items oi
JOIN products p ON p.id = oi.product_id
GROUP BY ROLLUP (p.category_id, oi.product_id);

-- name: OrdersByStatusAndCouponCube :many
-- expect: status OrderStatus?, coupon_code String?, orders Int, last_placed_at Date?
-- params: (none)
-- why: CUBE: status is NULL in the coupon-only and grand total rows; grouping() may order the rows.
SELECT status, coupon_code, count(*) AS orders, max(placed_at) AS last_placed_at
FROM orders
GROUP BY CUBE (status, coupon_code)
ORDER BY grouping(status, coupon_code), status, coupon_code;

-- name: CustomerOrderTotals :many
-- expect: id Int, order_count Int, last_placed_at Date?
-- params: (none)
-- why: LEFT JOIN LATERAL to an aggregate without GROUP BY yields exactly one row per customer, and
-- why: ON (true) always holds: count(*) keeps NOT NULL; max over no orders is NULL.
SELECT c.id, s.order_count, s.last_placed_at
FROM customers c
LEFT JOIN LATERAL (
    SELECT count(*) AS order_count, max(o.placed_at) AS last_placed_at FROM orders o WHERE o.customer_id = c.id
) s ON (true);

-- name: CustomerOrderCountsComma :many
-- expect: id Int, order_count Int, spent Decimal?
-- params: (none)
-- why: comma LATERAL is an inner join: the aggregate subquery's own nullability stays.
SELECT c.id, s.order_count, s.spent
FROM customers c,
LATERAL (
    SELECT count(*) AS order_count, sum(oi.quantity * oi.unit_price) AS spent
    FROM orders o JOIN order_items oi ON oi.order_id = o.id
    WHERE o.customer_id = c.id
) s;

-- name: ProductsWithReviewTotal :many
-- expect: id Int, reviews Int, average_rating Decimal?
-- params: (none)
-- why: a plain (not LATERAL) aggregate subquery joined ON true also matches every left row.
SELECT p.id, totals.reviews, totals.average_rating
FROM products p
LEFT JOIN (SELECT count(*) AS reviews, avg(rating) AS average_rating FROM reviews) totals ON true;

-- name: CustomersWithRecentOrderCount :many
-- expect: id Int, recent Int?
-- params: maxRows Int
-- why: with LIMIT the subquery can return no row (LIMIT 0): LEFT JOIN then null-extends it.
SELECT c.id, s.recent
FROM customers c
LEFT JOIN LATERAL (
    SELECT count(*) AS recent FROM orders o WHERE o.customer_id = c.id AND o.placed_at > now() - interval '30 days'
    LIMIT @max_rows
) s ON true;
