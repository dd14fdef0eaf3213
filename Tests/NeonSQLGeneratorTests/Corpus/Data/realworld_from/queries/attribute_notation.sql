-- name: TagCounts :many
-- expect: k String?, count Int
-- params: (none)
-- why: kw."count" names no column of kw, so PostgreSQL reads it as count(kw) (attribute notation).
SELECT k, count(1) AS "count" FROM (SELECT unnest(tags) AS k FROM accounts) kw GROUP BY k ORDER BY kw."count" DESC;

-- name: ProductDisplayTitles :many
-- expect: sku String, display_title String?
-- params: (none)
-- why: p.display_title is display_title(p), a function of the table's row (a computed field).
SELECT p.sku, p.display_title FROM products p;
