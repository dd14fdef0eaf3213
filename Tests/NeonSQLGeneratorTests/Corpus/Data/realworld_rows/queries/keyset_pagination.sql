-- Keyset pagination: the row after the last one seen, compared as a row value.

-- name: ListOrdersAfter :many
-- expect: id Int, status OrderStatus, total Decimal, placed_at Date
-- params: tenantId UUID, afterPlacedAt Date, afterId Int, pageSize Int
-- why: keyset pagination: (placed_at, id) > (@a, @b) types @a by placed_at and @b by id
SELECT id, status, total, placed_at
FROM orders
WHERE tenant_id = @tenant_id AND (placed_at, id) > (@after_placed_at, @after_id)
ORDER BY placed_at, id
LIMIT @page_size;

-- name: ListOrdersBefore :many
-- expect: id Int, status OrderStatus, total Decimal, placed_at Date
-- params: tenantId UUID, beforePlacedAt Date, beforeId Int, pageSize Int
-- why: the previous page with < and descending order; LIMIT's parameter is bigint
SELECT id, status, total, placed_at
FROM orders
WHERE tenant_id = @tenant_id AND (placed_at, id) < (@before_placed_at, @before_id)
ORDER BY placed_at DESC, id DESC
LIMIT @page_size;

-- name: ListUsersFrom :many
-- expect: id Int, email String, display_name String?
-- params: tenantId UUID, createdAt Date, id Int, limit Int
-- why: positional parameters in a row: $2 is typed by created_at, $3 by id; $4 in LIMIT is named limit
SELECT id, email, display_name
FROM users
WHERE tenant_id = $1 AND (created_at, id) >= ($2, $3)
ORDER BY created_at, id
LIMIT $4;

-- name: ListUsersUpTo :many
-- expect: id Int, email String
-- params: tenantId UUID, createdAt Date, id Int
-- why: <= on rows; @id takes the name and type of the column it is compared with
SELECT id, email
FROM users
WHERE tenant_id = @tenant_id AND (created_at, id) <= (@created_at, @id)
ORDER BY created_at DESC, id DESC
LIMIT 50;

-- name: ListOrdersAfterRow :many
-- expect: id Int, total Decimal
-- params: tenantId UUID, afterPlacedAt Date, afterId Int, pageSize Int
-- why: ROW(...) on both sides, three elements
SELECT id, total
FROM orders
WHERE ROW(tenant_id, placed_at, id) > ROW(@tenant_id, @after_placed_at, @after_id)
ORDER BY tenant_id, placed_at, id
LIMIT @page_size;

-- name: ListOrdersAfterCast :many
-- expect: id Int, placed_at Date
-- params: cursorTime Date, cursorId Int, pageSize Int
-- why: casts inside the row fix the types before the comparison
SELECT id, placed_at
FROM orders
WHERE (placed_at, id) > (@cursor_time::timestamptz, @cursor_id::bigint)
ORDER BY placed_at, id
LIMIT @page_size;

-- name: ListOrdersFromCursorPair :many
-- expect: id Int, placed_at Date
-- params: afterPlacedAt Date, afterId Int
-- why: the parameters' row on the left: each is typed by its counterpart on the right
SELECT id, placed_at
FROM orders
WHERE (@after_placed_at, @after_id) < (placed_at, id)
ORDER BY placed_at, id;

-- name: ListAuditAfter :many
-- expect: id Int, action String, occurred_at Date, actor_id Int?
-- params: tenantId UUID, afterOccurredAt Date, afterId Int, pageSize Int
-- why: a parenthesized row comparison inside AND; actor_id is nullable in the table
SELECT id, action, occurred_at, actor_id
FROM audit_events
WHERE tenant_id = @tenant_id
  AND ((occurred_at, id) > (@after_occurred_at, @after_id))
ORDER BY occurred_at, id
LIMIT @page_size;

-- name: NextOrderAfter :one
-- expect: id Int, total Decimal
-- params: tenantId UUID, afterPlacedAt Date, afterId Int
-- why: LIMIT 1 makes :one certain
SELECT id, total
FROM orders
WHERE tenant_id = @tenant_id AND (placed_at, id) > (@after_placed_at, @after_id)
ORDER BY placed_at, id
LIMIT 1;

-- name: OrdersAtCursor :many
-- expect: id Int
-- params: placedAt Date, id Int
-- why: row equality types both parameters
SELECT id
FROM orders
WHERE (placed_at, id) = (@placed_at, @id);

-- name: OrdersNotAtCursor :many
-- expect: id Int
-- params: placedAt Date, id Int, tenantId UUID
-- why: row <> is a row comparison PostgreSQL accepts (the negator of =)
SELECT id
FROM orders
WHERE (placed_at, id) <> (@placed_at, @id) AND tenant_id = @tenant_id;

-- name: UsersChangedSince :many
-- expect: id Int, display_name String?, last_seen_at Date?
-- params: tenantId UUID, displayName String?, lastSeenAt Date?
-- why: IS DISTINCT FROM on rows compares NULLs as values: both parameters may be NULL
SELECT id, display_name, last_seen_at
FROM users
WHERE tenant_id = @tenant_id
  AND (display_name, last_seen_at) IS DISTINCT FROM (@display_name, @last_seen_at);

-- name: UsersUnchanged :many
-- expect: id Int
-- params: displayName String?, lastSeenAt Date?
-- why: IS NOT DISTINCT FROM on rows: nullable columns' parameters are optional
SELECT id
FROM users
WHERE (display_name, last_seen_at) IS NOT DISTINCT FROM (@display_name, @last_seen_at);

-- name: IsAfterCursor :many
-- expect: id Int, is_after Bool
-- params: afterPlacedAt Date, afterId Int, tenantId UUID
-- why: a row comparison of NOT NULL columns with non-optional parameters is never NULL
SELECT id, (placed_at, id) > (@after_placed_at, @after_id) AS is_after
FROM orders
WHERE tenant_id = @tenant_id;
