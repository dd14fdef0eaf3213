-- Exactly-one-row differential queries (ExactlyOneRowDifferentialTests): edge cases on both sides
-- of RowCountGuarantee. `:one` where the statement returns one row whatever the data (the
-- generator must say so, or is allowed not to: WithAggregate), `:many` (or `:one` when the
-- statement returns at most one row) where it need not. The test's `expectations` table lists,
-- per name, whether the generator must guarantee one row and the rows PostgreSQL returns on the
-- empty tables and after fill.sql, with NULL (or sample) arguments.

-- Included: an aggregate and no grouping.

-- name: CountItems :one
SELECT count(*) AS n FROM items;

-- name: CountItemsWhere :one
SELECT count(*) AS n FROM items WHERE price > $1;

-- name: SumActivePrices :one
SELECT sum(price) FILTER (WHERE active) AS total FROM items;

-- name: MaxPriceNamed :one
SELECT max(price) AS top FROM items WHERE name = $1;

-- name: AllActive :one
SELECT bool_and(active) AS all_active FROM items;

-- name: ItemNames :one
SELECT array_agg(name ORDER BY name) AS names FROM items;

-- name: JoinedNames :one
SELECT string_agg(name, ', ' ORDER BY name) AS joined FROM items WHERE active;

-- name: ItemsJSON :one
SELECT json_agg(i ORDER BY i.id) AS items FROM items i;

-- name: DistinctPrices :one
SELECT count(DISTINCT price) AS prices FROM items;

-- name: DistinctAggregate :one
SELECT DISTINCT count(*) AS n FROM items;

-- name: WindowOverAggregate :one
SELECT count(*) AS n, sum(count(*)) OVER () AS total FROM items;

-- name: AggregateOverJoin :one
SELECT count(*) AS n FROM items i JOIN events e ON e.id = i.id;

-- name: AggregateOrderedByItself :one
SELECT max(price) AS top FROM items ORDER BY 1;

-- name: AggregateWithScalarSubquery :one
SELECT count(*) AS n, (SELECT max(id) FROM events) AS last_event FROM items;

-- name: AggregateOverSetReturningFrom :one
SELECT count(*) AS n FROM items, unnest(tags) AS tag;

-- name: AggregateOverUserSetReturningFrom :one
SELECT count(*) AS n FROM item_rows();

-- Included: no FROM.

-- name: SelectNow :one
SELECT now() AS now;

-- name: SelectOne :one
SELECT 1 AS one;

-- name: SelectParameter :one
SELECT $1::int AS value;

-- name: SelectScalarSubquery :one
SELECT (SELECT name FROM items ORDER BY id LIMIT 1) AS first_name;

-- name: SelectExists :one
SELECT EXISTS (SELECT 1 FROM items) AS any_items;

-- name: SelectWindowWithoutFrom :one
SELECT 1 AS one, count(*) OVER () AS n;

-- Included: INSERT of one row with RETURNING.

-- name: InsertItem :one
INSERT INTO items (name, price) VALUES ($1, $2) RETURNING id;

-- name: InsertEvent :one
INSERT INTO events (kind) VALUES ($1) RETURNING id, at;

-- name: InsertNoteDefaults :one
INSERT INTO notes DEFAULT VALUES RETURNING id, body;

-- name: InsertUSReading :one
INSERT INTO readings_us (id, region, value) VALUES ($1, 'us', $2) RETURNING id;

-- Excluded: grouping, HAVING, LIMIT, OFFSET, set operations, WITH.

-- name: GroupByActive :many
SELECT active, count(*) AS n FROM items GROUP BY active;

-- name: GroupByEmptySet :one
SELECT count(*) AS n FROM items GROUP BY ();

-- name: GroupingSetsRepeated :many
SELECT count(*) AS n FROM items GROUP BY GROUPING SETS ((), ());

-- name: HavingMoreThanOne :one
SELECT count(*) AS n FROM items HAVING count(*) > 1;

-- name: AggregateLimitZero :one
SELECT count(*) AS n FROM items LIMIT 0;

-- name: AggregateOffsetOne :one
SELECT count(*) AS n FROM items OFFSET 1;

-- name: AggregateFetchFirstZero :one
SELECT count(*) AS n FROM items FETCH FIRST 0 ROWS ONLY;

-- name: SelectNowLimitZero :one
SELECT now() AS now LIMIT 0;

-- name: UnionOfAggregates :many
SELECT count(*) AS n FROM items UNION ALL SELECT count(*) FROM events;

-- name: WithAggregate :one
WITH priced AS (SELECT price FROM items) SELECT count(*) AS n FROM priced;

-- Excluded: set-returning functions in the select list.

-- name: AggregateWithGenerateSeries :many
SELECT count(*) AS n, generate_series(1, 3) AS k FROM items;

-- name: AggregateWithUnnest :many
SELECT count(*) AS n, unnest(ARRAY[1, 2]) AS k FROM items;

-- name: AggregateWithUserSetof :many
SELECT count(*) AS n, item_ids() AS id FROM items;

-- name: UserSetofWithoutFrom :many
SELECT item_ids() AS id;

-- name: UserTableFunctionWithoutFrom :many
SELECT (item_rows()).name AS name;

-- name: GenerateSeriesWithoutFrom :many
SELECT generate_series(1, 2) AS k;

-- Excluded: no aggregate at this level, or a WHERE without FROM.

-- name: WindowCountOnly :many
SELECT count(*) OVER () AS n FROM items;

-- name: AggregateOnlyInSubquery :many
SELECT (SELECT count(*) FROM events) AS n FROM items;

-- name: ConstantFromItems :many
SELECT 1 AS one FROM items;

-- name: SelectOneWhereFalse :one
SELECT 1 AS one WHERE false;

-- name: SelectOneWhereParameter :one
SELECT 1 AS one WHERE $1::boolean;

-- Excluded: INSERTs that can return no row or several.

-- name: InsertTwoItems :many
INSERT INTO items (name) VALUES ('a'), ('b') RETURNING id;

-- name: InsertSelectItems :many
INSERT INTO items (name) SELECT name FROM items RETURNING id;

-- name: InsertCodeOnConflictDoNothing :one
INSERT INTO codes (code) VALUES ('a') ON CONFLICT DO NOTHING RETURNING code;

-- name: InsertGuardedSkipped :one
INSERT INTO guarded (name) VALUES ($1) RETURNING id;

-- name: InsertItemWithCTE :one
WITH named AS (SELECT 'w' AS name) INSERT INTO items (name) VALUES ('w') RETURNING id;

-- name: InsertItemWithoutReturning :exec
INSERT INTO items (name) VALUES ('x');

-- Excluded, and the places the rule once missed: a set-returning function in ORDER BY or
-- DISTINCT ON multiplies the rows; a trigger on a partition skips a row inserted through the
-- partitioned table; a rule rewrites an INSERT; a user function may share an aggregate's name.

-- name: OrderBySetReturning :many
SELECT 1 AS one ORDER BY generate_series(1, 3);

-- name: AggregateOrderBySetReturning :many
SELECT count(*) AS n FROM items ORDER BY generate_series(1, 2);

-- name: DistinctOnSetReturning :many
SELECT DISTINCT ON (generate_series(1, 2)) 1 AS one;

-- name: InsertReadingThroughPartitionTrigger :one
INSERT INTO readings (id, region, value) VALUES ($1, 'eu', $2) RETURNING id;

-- name: InsertInboxThroughRule :many
INSERT INTO inbox (id, body) VALUES (1, 'hello') RETURNING id;

-- name: UserFunctionNamedLikeAggregate :many
SELECT max(price, id) AS top FROM items;
