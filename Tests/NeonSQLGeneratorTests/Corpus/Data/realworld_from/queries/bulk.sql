-- name: BulkInsertAccounts :exec
-- expect: (none)
-- params: ids [UUID], names [String]
-- why: bulk insert through unnest of two typed arrays, zipped by a column alias list.
INSERT INTO accounts (id, name)
SELECT u.id, u.name FROM unnest(@ids::uuid[], @names::text[]) AS u(id, name);

-- name: BulkUpsertLines :exec
-- expect: (none)
-- params: orderId UUID, items JSONValue
-- why: jsonb_to_recordset with a column definition list feeds an upsert.
INSERT INTO order_lines (order_id, sku, qty)
SELECT @order_id::uuid, i.sku, i.qty FROM jsonb_to_recordset(@items::jsonb) AS i(sku text, qty int)
ON CONFLICT (order_id, sku) DO UPDATE SET qty = EXCLUDED.qty;

-- name: ItemsWithTitles :many
-- expect: sku String?, qty Int?, title String
-- params: items JSONValue
-- why: columns of a column definition list are nullable (the JSON may lack a key); the joined table keeps NOT NULL.
SELECT i.sku, i.qty, p.title
FROM jsonb_to_recordset(@items::jsonb) AS i(sku text, qty int)
JOIN products p ON p.sku = i.sku;

-- name: OneRecord :one
-- expect: a Int?, b String?
-- params: doc JSONValue
-- why: json_to_record with a column definition list: one row of declared types.
SELECT r.a, r.b FROM json_to_record(@doc::json) AS r(a int, b text);

-- name: RecordWithoutAliasName :one
-- expect: a Int?, b Bool?
-- params: doc JSONValue
-- why: AS (a bigint, b boolean): a column definition list without an alias name.
SELECT a, b FROM jsonb_to_record(@doc::jsonb) AS (a bigint, b boolean);

-- name: ZipWithOrdinality :many
-- expect: id UUID?, name String?, n Int
-- params: ids [UUID], names [String]
-- why: unnest(a, b) pads the shorter array with NULLs; ordinality is a NOT NULL bigint.
SELECT u.id, u.name, u.n
FROM unnest(@ids::uuid[], @names::text[]) WITH ORDINALITY AS u(id, name, n);

-- name: TagsWithPosition :many
-- expect: tag String, pos Int
-- params: id UUID
-- why: one-array unnest WITH ORDINALITY renamed by the alias list, LATERAL over a table column.
SELECT t.tag, t.pos FROM accounts a, unnest(a.tags) WITH ORDINALITY AS t(tag, pos) WHERE a.id = @id;

-- name: ZipRowsFrom :many
-- expect: id UUID?, qty Int?
-- params: ids [UUID], qtys [Int]
-- why: ROWS FROM of two functions zips their rows, NULL-padding the shorter.
SELECT r.id, r.qty FROM ROWS FROM (unnest(@ids::uuid[]), unnest(@qtys::int[])) AS r(id, qty);

-- name: RowsFromWithDefinitionList :many
-- expect: sku String?, qty Int?, slot Int?, n Int
-- params: items JSONValue
-- why: a column definition list inside ROWS FROM, beside a scalar function, WITH ORDINALITY.
SELECT r.sku, r.qty, r.slot, r.n
FROM ROWS FROM (jsonb_to_recordset(@items::jsonb) AS (sku text, qty int), generate_series(1, 10)) WITH ORDINALITY AS r(sku, qty, slot, n);

-- name: InvoiceLines :many
-- expect: id UUID, sku String?, qty Int?
-- params: accountId UUID
-- why: CROSS JOIN LATERAL jsonb_to_recordset over a jsonb column.
SELECT inv.id, l.sku, l.qty
FROM invoices inv
CROSS JOIN LATERAL jsonb_to_recordset(inv.lines) AS l(sku text, qty int)
WHERE inv.account_id = @account_id;

-- name: InvoiceLinesOrNone :many
-- expect: id UUID, sku String?
-- params: (none)
-- why: LEFT JOIN LATERAL ... ON true: the recordset side is nullable.
SELECT inv.id, l.sku
FROM invoices inv
LEFT JOIN LATERAL jsonb_to_recordset(inv.lines) AS l(sku text) ON true;

-- name: UnnestScalarAlias :many
-- expect: sku String
-- params: skus [String]
-- why: a scalar function aliased without a column list: the alias names its column.
SELECT sku FROM unnest(@skus::text[]) AS sku;
