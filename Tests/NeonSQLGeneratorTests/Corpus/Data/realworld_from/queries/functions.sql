-- name: AccountStats :one
-- expect: order_count Int?, last_event Date?
-- params: accountId UUID
-- why: SELECT * from a function with OUT parameters: one column per OUT parameter.
SELECT * FROM account_stats(@account_id);

-- name: AccountStatsAliased :one
-- expect: n Int?, last Date?
-- params: accountId UUID
-- why: an alias list renames OUT columns.
SELECT s.n, s.last FROM account_stats(@account_id) AS s(n, last);

-- name: AccountStatsField :one
-- expect: order_count Int?
-- params: accountId UUID
-- why: (f(x)).col of a function with OUT parameters.
SELECT (account_stats(@account_id)).order_count;

-- name: AccountStatsExpanded :one
-- expect: order_count Int?, last_event Date?
-- params: accountId UUID
-- why: (f(x)).* expands to the OUT columns.
SELECT (account_stats(@account_id)).*;

-- name: AccountStatsPerAccount :many
-- expect: id UUID, order_count Int?, last_event Date?
-- params: (none)
-- why: an OUT-parameter function LATERAL per table row.
SELECT a.id, s.order_count, s.last_event FROM accounts a CROSS JOIN LATERAL account_stats(a.id) s;

-- name: ChunkBounds :many
-- expect: lower_id UUID?, upper_id UUID?
-- params: fromId UUID, size Int
-- why: a RETURNS TABLE function in FROM.
SELECT lower_id, upper_id FROM chunk_ids(@from_id, @size);

-- name: ChunksThroughCTE :many
-- expect: lower_id UUID?, upper_id UUID?
-- params: fromId UUID, size Int
-- why: (p).* of a FROM item p (a RETURNS TABLE function) expands to its columns, as in the function's own CTE.
WITH chunks AS (
    SELECT (p).* FROM chunk_ids(@from_id::uuid, @size::int) p
)
SELECT lower_id::uuid, upper_id::uuid FROM chunks;

-- name: ChunksNumbered :many
-- expect: lower_id UUID?, n Int
-- params: fromId UUID
-- why: a RETURNS TABLE function WITH ORDINALITY renamed by an alias list.
SELECT c.lower_id, c.n FROM chunk_ids(@from_id, 10) WITH ORDINALITY AS c(lower_id, upper_id, n);

-- name: FirstOfInts :one
-- expect: first_item Int?, item_count Int?
-- params: ids [Int]
-- why: polymorphic OUT parameters: anyelement and anyarray resolved from an integer[] argument.
SELECT * FROM first_and_count(@ids::int[]);

-- name: FirstOfUuids :one
-- expect: first_item UUID?
-- params: ids [UUID]
-- why: (f(x)).col of a polymorphic OUT parameter resolved from a uuid[] argument.
SELECT (first_and_count(@ids::uuid[])).first_item;

-- name: FirstOfTexts :one
-- expect: first_item String?, item_count Int?
-- params: (none)
-- why: polymorphic OUT parameters resolved from ARRAY['a', 'b'] (text[]).
SELECT f.first_item, f.item_count FROM first_and_count(ARRAY['a', 'b']) AS f;

-- name: PickNumber :one
-- expect: v Decimal?
-- params: a Int
-- why: anycompatible resolves integer and numeric to numeric.
SELECT pick_nonnull(@a::int, 2.5) AS v;

-- name: AccountRow :one
-- expect: id UUID?, name String?, settings JSONValue?, tags [String?]?, created_at Date?
-- params: id UUID
-- why: a function returning a table's row type expands to its columns in FROM, each nullable.
SELECT * FROM account_row(@id);

-- name: AccountRowName :one
-- expect: name String?
-- params: id UUID
-- why: a column of a composite-returning function through its alias.
SELECT r.name FROM account_row(@id) AS r;

-- name: AccountRowField :one
-- expect: name String?
-- params: id UUID
-- why: (f(x)).col of a function returning a table's row type.
SELECT (account_row(@id)).name;

-- name: DynamicRows :many
-- expect: n Int?, label String?
-- params: (none)
-- why: RETURNS SETOF record needs a column definition list, which types its columns.
SELECT t.n, t.label FROM dynamic_rows('SELECT 1, ''x''') AS t(n int, label text);
