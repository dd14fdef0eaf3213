-- name: GetProduct :one
-- expect: id Int, sku String, name String, description String?, kind ProductKind, price Decimal
-- expect: sale_price Decimal?, tags [String], attributes JSONValue
-- params: id Int
-- why: columns keep their declared NOT NULL; description and sale_price are nullable columns.
SELECT id, sku, name, description, kind, price, sale_price, tags, attributes
FROM products
WHERE id = @id;

-- name: ListProductsByKind :many
-- expect: id Int, name String, category String?, slug String?
-- params: kind ProductKind, limit Int, offset Int
-- why: LEFT JOIN categories makes its columns optional; LIMIT/OFFSET parameters are bigint.
SELECT p.id, p.name, c.name AS category, c.slug
FROM products p
LEFT JOIN categories c ON c.id = p.category_id
WHERE p.kind = @kind
ORDER BY p.name
LIMIT @limit OFFSET @offset;

-- name: ProductsWithTag :many
-- expect: id Int, name String, tags [String]
-- params: tag String
-- why: `@tag = ANY(tags)` types the parameter as the array's element (text).
SELECT id, name, tags FROM products WHERE @tag = ANY (tags);

-- name: ProductsWithAllTags :many
-- expect: id Int, name String
-- params: tags [String]
-- why: `text[] @> unknown` resolves anyarray @> anyarray, so the parameter is text[].
SELECT id, name FROM products WHERE tags @> @tags;

-- name: ProductsOverlappingTags :many
-- expect: id Int, name String
-- params: tags [String]
-- why: an explicit cast types the parameter.
SELECT id, name FROM products WHERE tags && @tags::text[];

-- name: ProductsByIds :many
-- expect: id Int, sku String
-- params: ids [Int]
-- why: `id = ANY(@ids)` makes the parameter integer[].
SELECT id, sku FROM products WHERE id = ANY (@ids) ORDER BY id;

-- name: ProductsBySkus :many
-- expect: id Int, sku String
-- params: first String, second String
-- why: an IN list takes the common type of the column and the list (varchar), unlike `=`.
SELECT id, sku FROM products WHERE sku IN (@first, @second);

-- name: SearchProducts :many
-- expect: id Int, name String
-- params: q String
-- why: unknown || unknown resolves as text || text.
SELECT id, name FROM products WHERE name ILIKE '%' || @q || '%' ORDER BY name;

-- name: ProductsInCategory :many
-- expect: id Int, name String
-- params: categoryId Int?
-- why: sqlc.narg is explicitly optional; `IS NULL` of it is meaningful.
SELECT id, name FROM products
WHERE category_id = sqlc.narg(category_id) OR sqlc.narg(category_id) IS NULL;

-- name: ProductsFiltered :many
-- expect: id Int, name String
-- params: categoryId Int?, maxPrice Decimal?
-- why: COALESCE(@p, col) gives NULL a meaning (no filter), so both parameters are optional.
SELECT id, name FROM products
WHERE category_id = COALESCE(@category_id, category_id) AND price <= COALESCE(@max_price, price);

-- name: ProductPriceStats :many
-- expect: kind ProductKind, n Int, min_price Decimal, max_price Decimal, avg_price Decimal
-- expect: total_weight Int?
-- params: (none)
-- why: with GROUP BY every group has a row, so min/max/avg of a NOT NULL column are never NULL;
-- why: sum of the nullable weight_grams is NULL when all of a group's weights are.
SELECT kind, count(*) AS n, min(price) AS min_price, max(price) AS max_price,
       avg(price) AS avg_price, sum(weight_grams) AS total_weight
FROM products
GROUP BY kind
ORDER BY kind;

-- name: AllProductSummaries :many
-- expect: id Int, sku String, name String, price Decimal, effective_price Decimal
-- expect: category_name String?, review_count Int, avg_rating Decimal?
-- params: (none)
-- why: the view's columns follow its definition: COALESCE with NOT NULL price is not NULL,
-- why: the LEFT JOINed category name is optional, count is never NULL, avg of outer-joined ratings is.
SELECT * FROM product_summary ORDER BY id;

-- name: ProductFulfilment :many
-- expect: id Int, fulfilment String, promo Decimal?, weight_class String?
-- params: (none)
-- why: CASE with ELSE and only non-null branches is not NULL; CASE without ELSE is optional.
SELECT id,
       CASE kind WHEN 'physical' THEN 'ship' WHEN 'digital' THEN 'download' ELSE 'book' END AS fulfilment,
       CASE WHEN sale_price IS NOT NULL THEN sale_price END AS promo,
       CASE WHEN weight_grams > 1000 THEN 'heavy' WHEN weight_grams > 0 THEN 'light' END AS weight_class
FROM products;

-- name: ProductPrices :many
-- expect: id Int, floor_price Decimal, best_price Decimal, description String?
-- params: (none)
-- why: GREATEST/LEAST ignore NULLs and are NULL only when every argument is; NULLIF can always be NULL.
SELECT id, GREATEST(price - 5, 0) AS floor_price, LEAST(sale_price, price) AS best_price,
       NULLIF(description, '') AS description
FROM products;

-- name: ProductCasts :many
-- expect: id_text String, price_f Double, price_i Int, created_on PostgresDate, kg Decimal?
-- expect: sku String, kind_label String, answer Int
-- params: (none)
-- why: a cast keeps its operand's nullability; weight_grams is nullable.
SELECT id::text AS id_text, price::float8 AS price_f, price::int AS price_i, created_at::date AS created_on,
       weight_grams::numeric / 1000 AS kg, sku::text AS sku, kind::text AS kind_label, '42'::bigint AS answer
FROM products;

-- name: ProductJSON :many
-- expect: id Int, dimensions JSONValue?, color String?, weight Decimal?, width String?, giftable Bool
-- params: filter JSONValue
-- why: -> and ->> are NULL for a missing key; `?` is strict and attributes is NOT NULL.
SELECT id, attributes -> 'dimensions' AS dimensions, attributes ->> 'color' AS color,
       (attributes ->> 'weight')::numeric AS weight, attributes #>> '{dimensions,width}' AS width,
       attributes ? 'gift' AS giftable
FROM products
WHERE attributes @> @filter;

-- name: ProductArrays :many
-- expect: id Int, tag_count Int?, tag_total Int, with_new [String], tag_list String, first_tag String?
-- expect: without_sale [String]
-- params: (none)
-- why: array_length of an empty array is NULL, cardinality is 0; a subscript may be out of range.
SELECT id, array_length(tags, 1) AS tag_count, cardinality(tags) AS tag_total,
       array_append(tags, 'new') AS with_new, array_to_string(tags, ', ') AS tag_list,
       tags[1] AS first_tag, array_remove(tags, 'sale') AS without_sale
FROM products;

-- name: TagCounts :many
-- expect: tag String, products Int
-- params: (none)
-- why: unnest yields the elements of a NOT NULL text[] column (table arrays hold no NULL elements).
SELECT t.tag, count(*) AS products
FROM products p, unnest(p.tags) AS t (tag)
GROUP BY t.tag
ORDER BY products DESC;

-- name: ProductReviewCounts :many
-- expect: id Int, name String, review_count Int, best_rating Int?
-- params: (none)
-- why: an aggregate-only subquery without GROUP BY returns exactly one row, so count(*) is never NULL;
-- why: max over no rows is NULL.
SELECT p.id, p.name,
       (SELECT count(*) FROM reviews r WHERE r.product_id = p.id) AS review_count,
       (SELECT max(rating) FROM reviews r WHERE r.product_id = p.id) AS best_rating
FROM products p;

-- name: ProductsWithGoodReviews :many
-- expect: id Int, has_good_review Bool
-- params: (none)
-- why: EXISTS is never NULL.
SELECT p.id, EXISTS (SELECT 1 FROM reviews r WHERE r.product_id = p.id AND r.rating >= 4) AS has_good_review
FROM products p;

-- name: CategoryTree :many
-- expect: id Int, parent_id Int?, name String, depth Int, path String
-- params: (none)
-- why: the recursive CTE's columns are those of its non-recursive term joined with the recursive one.
WITH RECURSIVE tree AS (
    SELECT id, parent_id, name, 1 AS depth, name AS path FROM categories WHERE parent_id IS NULL
    UNION ALL
    SELECT c.id, c.parent_id, c.name, t.depth + 1, t.path || ' / ' || c.name
    FROM categories c JOIN tree t ON c.parent_id = t.id
)
SELECT id, parent_id, name, depth, path FROM tree ORDER BY path;

-- name: PriceRanks :many
-- expect: id Int, category_id Int?, price Decimal, price_rank Int, position Int, prev_price Decimal?
-- expect: category_total Decimal
-- params: (none)
-- why: rank/row_number are never NULL; lag is NULL on the first row; sum over a partition without
-- why: a frame clause sees at least the current row.
SELECT id, category_id, price,
       rank() OVER w AS price_rank,
       row_number() OVER w AS position,
       lag(price) OVER w AS prev_price,
       sum(price) OVER (PARTITION BY category_id) AS category_total
FROM products
WINDOW w AS (PARTITION BY category_id ORDER BY price DESC);

-- name: BoughtTogether :many
-- expect: id Int, name String, bought_together Int
-- params: productId Int, limit Int
-- why: self-join of order_items; count(*) is never NULL.
SELECT p2.id, p2.name, count(*) AS bought_together
FROM order_items a
JOIN order_items b ON b.order_id = a.order_id AND b.product_id <> a.product_id
JOIN products p2 ON p2.id = b.product_id
WHERE a.product_id = @product_id
GROUP BY p2.id, p2.name
ORDER BY bought_together DESC
LIMIT @limit;

-- name: ProductsNeverOrdered :many
-- expect: id Int
-- params: (none)
-- why: EXCEPT keeps the left side's NOT NULL column.
SELECT id FROM products EXCEPT SELECT product_id FROM order_items;

-- name: ProductsToPromote :many
-- expect: id Int, name String, reason String
-- params: threshold Int
-- why: UNION of two string constants resolves to text; both sides are NOT NULL.
SELECT id, name, 'sale' AS reason FROM products WHERE sale_price IS NOT NULL
UNION
SELECT p.id, p.name, 'low stock' FROM products p JOIN inventory i ON i.product_id = p.id
WHERE i.on_hand - i.reserved < @threshold
ORDER BY id;

-- name: StockBetween :many
-- expect: product_id Int, warehouse String, on_hand Int
-- params: low Int, high Int, warehouses [String]
-- why: BETWEEN types its bounds as the column; ANY types the array parameter.
SELECT product_id, warehouse, on_hand FROM inventory
WHERE on_hand BETWEEN @low AND @high AND warehouse = ANY (@warehouses);

-- name: ProductSearchCount :one
-- expect: n Int
-- params: pattern String, kinds [ProductKind]
-- why: LIKE types the pattern as text; an enum array parameter takes the enum's type.
SELECT count(*) AS n FROM products WHERE name LIKE @pattern AND kind = ANY (@kinds);
