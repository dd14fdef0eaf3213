-- name: GetProduct :one
-- columns keep their declared NOT NULL; description and sale_price are nullable columns.
SELECT id, sku, name, description, kind, price, sale_price, tags, attributes
FROM products
WHERE id = @id;

-- name: ProductsWithTag :many
-- `@tag = ANY(tags)` types the parameter as the array's element (text).
SELECT id, name, tags FROM products WHERE @tag = ANY (tags);

-- name: ProductPriceStats :many
-- with GROUP BY every group has a row, so min/max/avg of a NOT NULL column are never NULL;
-- sum of the nullable weight_grams is NULL when all of a group's weights are.
SELECT kind, count(*) AS n, min(price) AS min_price, max(price) AS max_price,
       avg(price) AS avg_price, sum(weight_grams) AS total_weight
FROM products
GROUP BY kind
ORDER BY kind;

-- name: AllProductSummaries :many
-- the view's columns follow its definition: COALESCE with NOT NULL price is not NULL,
-- the LEFT JOINed category name is optional, count is never NULL, avg of outer-joined ratings is.
SELECT * FROM product_summary ORDER BY id;

-- name: ProductJSON :many
-- -> and ->> are NULL for a missing key; `?` is strict and attributes is NOT NULL.
SELECT id, attributes -> 'dimensions' AS dimensions, attributes ->> 'color' AS color,
       (attributes ->> 'weight')::numeric AS weight, attributes #>> '{dimensions,width}' AS width,
       attributes ? 'gift' AS giftable
FROM products
WHERE attributes @> @filter;

-- name: ProductArrays :many
-- array_length of an empty array is NULL, cardinality is 0; a subscript may be out of range.
SELECT id, array_length(tags, 1) AS tag_count, cardinality(tags) AS tag_total,
       array_append(tags, 'new') AS with_new, array_to_string(tags, ', ') AS tag_list,
       tags[1] AS first_tag, array_remove(tags, 'sale') AS without_sale
FROM products;

-- name: PriceRanks :many
-- rank/row_number are never NULL; lag is NULL on the first row; sum over a partition without
-- a frame clause sees at least the current row.
SELECT id, category_id, price,
       rank() OVER w AS price_rank,
       row_number() OVER w AS position,
       lag(price) OVER w AS prev_price,
       sum(price) OVER (PARTITION BY category_id) AS category_total
FROM products
WINDOW w AS (PARTITION BY category_id ORDER BY price DESC);
