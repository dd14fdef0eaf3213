-- Reports: GROUP BY and ORDER BY by output column names and positions, ROLLUP/CUBE/GROUPING
-- SETS, and time windows with BETWEEN.

-- name: RevenueByStatusRollup :many
-- expect: order_status OrderStatus?, currency String?, revenue Decimal?, orders Int, level Int
-- params: tenantId UUID
-- why: ROLLUP by output aliases: order_status and currency are NULL in subtotal rows; grouping() is an integer
SELECT status AS order_status, currency, sum(total) AS revenue, count(*) AS orders,
       grouping(status, currency) AS level
FROM orders
WHERE tenant_id = @tenant_id
GROUP BY ROLLUP (order_status, currency)
ORDER BY order_status, currency;

-- name: RevenueByMonthAndRegion :many
-- expect: month Date?, region String?, revenue Decimal?
-- params: (none)
-- why: CUBE by positions 1 and 2: both are NULL in some rows; the grand total of no rows has NULL revenue
SELECT date_trunc('month', placed_at) AS month, region, sum(total) AS revenue
FROM orders
GROUP BY CUBE (1, 2)
ORDER BY 1, 2;

-- name: DailyOrders :many
-- expect: day PostgresDate, orders Int
-- params: tenantId UUID
-- why: GROUP BY and ORDER BY name the output column day (no input column has that name)
SELECT placed_at::date AS day, count(*) AS orders
FROM orders
WHERE tenant_id = @tenant_id
GROUP BY day
ORDER BY day DESC;

-- name: OrdersPerUserByPosition :many
-- expect: user_id Int, orders Int, last_order Date
-- params: top Int
-- why: GROUP BY 1 and ORDER BY 2, 1 are positions in the select list; max over a group is not NULL
SELECT user_id, count(*) AS orders, max(placed_at) AS last_order
FROM orders
GROUP BY 1
ORDER BY 2 DESC, 1
LIMIT @top;

-- name: RevenueByRegionSets :many
-- expect: tenant UUID, region String?, revenue Decimal?
-- params: (none)
-- why: tenant (an alias) is in every grouping set, so it keeps NOT NULL; region is NULL in the () set;
-- why: revenue is conservatively optional (grouping sets NULL-fill the aggregate inputs too)
SELECT tenant_id AS tenant, region, sum(total) AS revenue
FROM orders
GROUP BY tenant, GROUPING SETS ((region), ())
ORDER BY tenant, region NULLS LAST;

-- name: ShippedPerDayWithTotal :many
-- expect: day PostgresDate?, shipped Int
-- params: (none)
-- why: the alias day inside GROUPING SETS is the output column; the grand total row has NULL day
SELECT shipped_on AS day, count(*) AS shipped
FROM orders
WHERE shipped_on IS NOT NULL
GROUP BY GROUPING SETS ((day), ())
ORDER BY day NULLS LAST;

-- name: TotalsOnly :many
-- expect: revenue Decimal?, orders Int
-- params: tenantId UUID
-- why: GROUP BY () is one group over the whole, possibly empty, input: sum may be NULL
SELECT sum(total) AS revenue, count(*) AS orders
FROM orders
WHERE tenant_id = @tenant_id
GROUP BY ();

-- name: SkusBySales :many
-- expect: product String, units Int, sales Decimal
-- params: minUnits Int
-- why: GROUP BY names the output alias product; ORDER BY names the output alias sales
SELECT sku AS product, sum(quantity) AS units, sum(quantity * unit_price) AS sales
FROM order_lines
GROUP BY product
HAVING sum(quantity) > @min_units
ORDER BY sales DESC;

-- name: OrdersInWindow :many
-- expect: id Int, placed_at Date
-- params: from Date
-- why: @from is typed by placed_at at the first bound; the second bound is then timestamptz + interval
SELECT id, placed_at
FROM orders
WHERE placed_at BETWEEN @from AND @from + interval '1 day';

-- name: OrdersOutsideWindow :many
-- expect: id Int
-- params: from Date
-- why: NOT BETWEEN is placed_at < @from OR placed_at > @from + interval: typed at the first comparison
SELECT id
FROM orders
WHERE placed_at NOT BETWEEN @from AND @from + interval '7 days';

-- name: StoresOpenDuring :many
-- expect: store_id Int, weekday Int
-- params: at PostgresTime
-- why: a time window: @at is time, and @at + interval '1 hour' is time
SELECT store_id, weekday
FROM opening_hours
WHERE opens_at BETWEEN @at AND @at + interval '1 hour';

-- name: OrdersBetweenDates :many
-- expect: id Int, shipped_on PostgresDate
-- params: firstDay PostgresDate
-- why: @first_day is date from shipped_on, then date + integer; BETWEEN proves shipped_on NOT NULL
SELECT id, shipped_on
FROM orders
WHERE shipped_on BETWEEN @first_day AND @first_day + 6;

-- name: LinesInQuantityRange :many
-- expect: order_id Int, line_no Int
-- params: a Int
-- why: BETWEEN SYMMETRIC types @a by quantity at the first bound
SELECT order_id, line_no
FROM order_lines
WHERE quantity BETWEEN SYMMETRIC @a AND @a * 10;

-- name: AuditCountsByActionRollup :many
-- expect: action String?, actor Int?, events Int, all_actions Int
-- params: tenantId UUID, since Date
-- why: ROLLUP by a name and an alias, ORDER BY positions; @since typed by occurred_at in BETWEEN
SELECT action, actor_id AS actor, count(*) AS events, grouping(action) AS all_actions
FROM audit_events
WHERE tenant_id = @tenant_id AND occurred_at BETWEEN @since AND @since + interval '30 days'
GROUP BY ROLLUP (action, actor)
ORDER BY 1, 2;

-- name: StoresOpenOverlapping :many
-- expect: store_id Int, weekday Int, opens_at PostgresTime, closes_at PostgresTime
-- params: from PostgresTime, to PostgresTime
-- why: (a, b) OVERLAPS (c, d) is overlaps(a, b, c, d); with two time columns and two untyped
-- why: parameters PostgreSQL finds it not unique (time, interval overloads), so they are cast
SELECT store_id, weekday, opens_at, closes_at
FROM opening_hours
WHERE (opens_at, closes_at) OVERLAPS (@from::time, @to::time);

-- name: OrdersOverlappingWindow :many
-- expect: id Int, overlaps Bool?
-- params: from Date, to Date, tenantId UUID
-- why: OVERLAPS as a column is named overlaps; the parameters are typed by the timestamptz overload;
-- why: overlaps() is not strict (it handles NULL bounds itself), so the result is optional
SELECT id, (placed_at, placed_at + interval '1 hour') OVERLAPS (@from, @to) AS overlaps
FROM orders
WHERE tenant_id = @tenant_id;

-- name: MonthlyRevenueWithStatusSubtotals :many
-- expect: month Date, status OrderStatus?, revenue Decimal?
-- params: tenantId UUID
-- why: month (an alias of an expression over a NOT NULL column) is grouped outside ROLLUP, so in
-- why: every grouping set: never NULL-filled; status is NULL in each month's subtotal row
SELECT date_trunc('month', placed_at) AS month, status, sum(total) AS revenue
FROM orders
WHERE tenant_id = @tenant_id
GROUP BY month, ROLLUP (status)
ORDER BY month, status NULLS LAST;
