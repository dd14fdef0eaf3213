-- name: AppendEvent :one
-- expect: position Int?
-- params: streamId String, eventType String, payload JSONValue
-- why: a plpgsql function returning bigint: nullable.
select public.append_event(@stream_id, @event_type, @payload::jsonb) as position;

-- name: InsertEvent :one
-- expect: global_position Int, recorded_at Date
-- params: streamId String, streamVersion Int, eventType String, payload JSONValue, headers JSONValue?
-- why: an identity column of a partitioned table returned; sqlc.arg/narg in VALUES.
INSERT INTO events (stream_id, stream_version, event_type, payload, headers)
VALUES (sqlc.arg(stream_id), sqlc.arg(stream_version), sqlc.arg(event_type), sqlc.arg(payload), coalesce(sqlc.narg(headers), '{}'::jsonb))
RETURNING global_position, recorded_at;

-- name: ReadStream :many
-- expect: global_position Int, stream_version Int, event_type String, payload JSONValue, correlation_id String?, recorded_at Date
-- params: streamId String, afterVersion Int, maxCount Int
-- why: lowercase style, ->> on NOT NULL jsonb is still nullable.
select global_position, stream_version, event_type, payload, headers ->> 'correlation_id' as correlation_id, recorded_at
from events
where stream_id = @stream_id and stream_version > @after_version
order by stream_version
limit @max_count;

-- name: ReadAll :many
-- expect: global_position Int, stream_id String, event_type String, payload JSONValue
-- params: globalPosition Int, p2 [String]?, limit Int
-- why: the same $2 used as text[] twice; $2::text[] IS NULL makes it optional.
SELECT e.global_position, e.stream_id, e.event_type, e.payload
FROM events e
WHERE e.global_position > $1
  AND ($2::text[] IS NULL OR e.event_type = ANY($2::text[]))
ORDER BY e.global_position
LIMIT $3;

-- name: StreamVersion :one
-- expect: version Int
-- params: streamId String
-- why: coalesce(max(...), -1)::bigint is NOT NULL.
SELECT coalesce(max(stream_version), -1)::bigint AS version FROM events WHERE stream_id = $1;

-- name: EnsureStream :exec
-- expect: (none)
-- params: id String, metadata JSONValue?
-- why: ON CONFLICT DO NOTHING without a target; @id used twice.
INSERT INTO streams (stream_id, stream_type, metadata) VALUES (@id, split_part(@id, '-', 1), @metadata)
ON CONFLICT DO NOTHING;

-- name: BumpStreamVersion :one
-- expect: version Int
-- params: streamId String, expected Int
-- why: optimistic concurrency: version = version + 1 WHERE version = @expected.
UPDATE streams SET version = version + 1 WHERE stream_id = @stream_id AND version = @expected RETURNING version;

-- name: StreamsByType :many
-- expect: stream_type String, streams Int, longest Int, first_created Date
-- params: minStreams Int?
-- why: max/min of NOT NULL columns per group are NOT NULL; HAVING with sqlc.narg.
SELECT stream_type, count(*) AS streams, max(version) AS longest, min(created_at) AS first_created
FROM streams GROUP BY stream_type HAVING count(*) >= coalesce(sqlc.narg(min_streams)::bigint, 1);

-- name: LatestSnapshot :one
-- expect: stream_id String, version Int, state JSONValue
-- params: streamId String
-- why: DISTINCT ON with a key filter (a warning: :one and DISTINCT ON are not seen as one row).
select distinct on (stream_id) stream_id, version, state
from snapshots
where stream_id = @stream_id
order by stream_id, version desc;

-- name: SaveSnapshot :exec
-- expect: (none)
-- params: streamId String, version Int, state JSONValue
-- why: lowercase upsert with excluded.
insert into snapshots (stream_id, version, state) values (@stream_id, @version, @state)
on conflict (stream_id, version) do update set state = excluded.state, taken_at = now();

-- name: PruneSnapshots :execrows
-- expect: (none)
-- params: (none)
-- why: DELETE ... USING a grouped subquery.
DELETE FROM snapshots s
USING (SELECT stream_id, max(version) AS keep FROM snapshots GROUP BY stream_id) k
WHERE s.stream_id = k.stream_id AND s.version < k.keep;

-- name: ClaimSubscription :one
-- expect: name String, last_position Int, filter_types [String]?
-- params: (none)
-- why: FOR UPDATE SKIP LOCKED in a scalar subquery of UPDATE.
UPDATE subscriptions SET updated_at = now()
WHERE name = (SELECT name FROM subscriptions WHERE NOT paused ORDER BY updated_at FOR UPDATE SKIP LOCKED LIMIT 1)
RETURNING name, last_position, filter_types;

-- name: AdvanceSubscription :exec
-- expect: (none)
-- params: position Int, name String
-- why: GREATEST(column, @p::bigint).
UPDATE subscriptions SET last_position = GREATEST(last_position, @position::bigint), updated_at = now() WHERE name = @name;

-- name: SubscriptionLag :many
-- expect: name String, lag Int?, paused Bool
-- params: (none)
-- why: a scalar max() subquery is nullable; ORDER BY 2 DESC NULLS LAST.
SELECT s.name, (SELECT max(global_position) FROM events) - s.last_position AS lag, s.paused
FROM subscriptions s ORDER BY 2 DESC NULLS LAST;

-- name: EventsForSubscription :many
-- expect: global_position Int, event_type String, payload JSONValue
-- params: name String
-- why: a comma join with = ANY over a nullable array column.
SELECT e.global_position, e.event_type, e.payload
FROM events e, subscriptions s
WHERE s.name = @name AND e.global_position > s.last_position
  AND (s.filter_types IS NULL OR e.event_type = ANY (s.filter_types))
ORDER BY e.global_position LIMIT 500;

-- name: PayloadPath :many
-- expect: global_position Int, first_bulk_item JSONValue?, vip Bool
-- params: (none)
-- why: jsonpath functions and the @? operator with a jsonpath literal.
SELECT global_position, jsonb_path_query_first(payload, '$.items[*] ? (@.qty > 1)') AS first_bulk_item,
       jsonb_path_exists(payload, '$.customer.vip ? (@ == true)') AS vip
FROM events
WHERE event_type = 'OrderPlaced' AND payload @? '$.items[*].sku';

-- name: PayloadFields :many
-- expect: order_id String?, amount Decimal?, email String?, first_sku JSONValue?, item_count Int?
-- params: eventType String
-- why: jsonb subscripting payload['items'][0]['sku'], #>>, ->> cast to numeric(12,2).
SELECT payload->>'orderId' AS order_id,
       (payload->'total'->>'amount')::numeric(12,2) AS amount,
       payload #>> '{customer,email}' AS email,
       payload['items'][0]['sku'] AS first_sku,
       jsonb_array_length(payload->'items') AS item_count
FROM events
WHERE event_type = @event_type AND payload ? 'orderId';

-- name: EventTypesPerDay :many
-- expect: day Date, event_type String, n Int, share Decimal
-- params: since Date
-- why: a window over an aggregate: sum(count(*)) OVER (PARTITION BY ...).
SELECT date_trunc('day', recorded_at) AS day, event_type, count(*) AS n,
       count(*) * 100.0 / sum(count(*)) OVER (PARTITION BY date_trunc('day', recorded_at)) AS share
FROM events
WHERE recorded_at >= @since
GROUP BY 1, 2
ORDER BY 1, 3 DESC;

-- name: EventTypeGroupingSets :many
-- expect: event_type String?, stream_id String?, n Int, grouping_level Int
-- params: (none)
-- why: GROUPING SETS with () and GROUPING(...).
SELECT event_type, stream_id, count(*) AS n, GROUPING(event_type, stream_id) AS grouping_level
FROM events
GROUP BY GROUPING SETS ((event_type), (stream_id), ())
ORDER BY grouping_level, n DESC;

-- name: StreamActivityWindow :many
-- expect: stream_id String, recorded_at Date, last_hour Int, first_type String, until_next PostgresInterval?, quartile Int
-- params: streams [String]
-- why: RANGE BETWEEN INTERVAL ... PRECEDING, first_value, lead(...) - x, ntile.
SELECT stream_id, recorded_at,
       count(*) OVER (PARTITION BY stream_id ORDER BY recorded_at RANGE BETWEEN INTERVAL '1 hour' PRECEDING AND CURRENT ROW) AS last_hour,
       first_value(event_type) OVER (PARTITION BY stream_id ORDER BY stream_version) AS first_type,
       lead(recorded_at) OVER (PARTITION BY stream_id ORDER BY stream_version) - recorded_at AS until_next,
       ntile(4) OVER (ORDER BY recorded_at) AS quartile
FROM events
WHERE stream_id = ANY(@streams::text[]);

-- name: StreamGroupsTop :many
-- expect: stream_id String, event_type String, n Int, r Int
-- params: (none)
-- why: SELECT * from a subquery with rank() over an aggregate.
SELECT * FROM (
    SELECT stream_id, event_type, count(*) AS n,
           rank() OVER (PARTITION BY stream_id ORDER BY count(*) DESC) AS r
    FROM events GROUP BY stream_id, event_type
) ranked WHERE r <= 3;

-- name: DailyCounts :many
-- expect: day PostgresDate, event_type String, events Int
-- params: fromDay PostgresDate
-- why: a materialized view WITH NO DATA.
SELECT day, event_type, events FROM daily_event_counts WHERE day >= @from_day ORDER BY day, event_type;

-- name: CorrelatedEvents :many
-- expect: global_position Int, stream_id String, event_type String
-- params: correlationId String
-- why: UNION ALL with ORDER BY position; jsonb_build_object with a parameter.
SELECT e.global_position, e.stream_id, e.event_type
FROM events e
WHERE e.headers @> jsonb_build_object('correlation_id', @correlation_id::text)
UNION ALL
SELECT e2.global_position, e2.stream_id, e2.event_type
FROM events e2
WHERE e2.headers ->> 'causation_id' = @correlation_id::text
ORDER BY 1;

-- name: StreamsWithoutEvents :many
-- expect: stream_id String
-- params: (none)
-- why: EXCEPT between a table and SELECT DISTINCT.
SELECT stream_id FROM streams
EXCEPT
SELECT DISTINCT stream_id FROM events;

-- name: HeaderKeys :many
-- expect: key String?
-- params: streamId String
-- why: a set-returning function in the select list with DISTINCT.
SELECT DISTINCT jsonb_object_keys(headers) AS key FROM events WHERE stream_id = $1;

-- name: EventsAsJson :one
-- expect: timeline JSONValue?, last_versions JSONValue?
-- params: streamId String
-- why: json_agg with ORDER BY and jsonb_object_agg are NULL over no rows.
SELECT json_agg(json_build_object('type', event_type, 'at', recorded_at) ORDER BY stream_version) AS timeline,
       jsonb_object_agg(event_type, stream_version) AS last_versions
FROM events WHERE stream_id = @stream_id;

-- name: AdjustStock :exec
-- expect: (none)
-- params: warehouse String, sku String, delta Int
-- why: MERGE with a parameter subquery source, conditional DELETE, UPDATE and INSERT.
MERGE INTO stock s
USING (SELECT @warehouse::char(4) AS warehouse, @sku::text AS sku, @delta::int AS delta) m
ON s.warehouse = m.warehouse AND s.sku = m.sku
WHEN MATCHED AND s.on_hand + m.delta <= 0 AND s.reserved = 0 THEN DELETE
WHEN MATCHED THEN UPDATE SET on_hand = s.on_hand + m.delta, touched_at = now()
WHEN NOT MATCHED AND m.delta > 0 THEN INSERT (warehouse, sku, on_hand, touched_at) VALUES (m.warehouse, m.sku, m.delta, now());

-- name: SyncStockFromMovements :execrows
-- expect: (none)
-- params: since Date
-- why: MERGE with a grouped subquery, a row-value ON, DO NOTHING and INSERT VALUES without columns.
MERGE INTO stock AS target
USING (
    SELECT warehouse, sku, sum(delta)::int AS delta
    FROM stock_movements
    WHERE moved_at > @since
    GROUP BY warehouse, sku
) AS src
ON (target.warehouse, target.sku) = (src.warehouse, src.sku)
WHEN MATCHED AND src.delta = 0 THEN
    DO NOTHING
WHEN MATCHED THEN
    UPDATE SET on_hand = target.on_hand + src.delta
WHEN NOT MATCHED THEN
    INSERT VALUES (src.warehouse, src.sku, src.delta);

-- name: ReserveStock :one
-- expect: on_hand Int, reserved Int, available Int?
-- params: quantity Int, warehouse String, sku String
-- why: a generated column in WHERE and RETURNING (nullable: no NOT NULL).
UPDATE stock SET reserved = reserved + @quantity
WHERE warehouse = @warehouse AND sku = @sku AND available >= @quantity
RETURNING on_hand, reserved, available;

-- name: RecordMovement :one
-- expect: id UUID, on_hand Int
-- params: warehouse String, sku String, delta Int, reason String, reference String?
-- why: UPDATE ... FROM a data-modifying CTE, RETURNING from both.
WITH moved AS (
    INSERT INTO stock_movements (warehouse, sku, delta, reason, reference)
    VALUES (@warehouse, @sku, @delta, @reason, sqlc.narg(reference))
    RETURNING id, warehouse, sku, delta
)
UPDATE stock SET on_hand = stock.on_hand + moved.delta, touched_at = now()
FROM moved
WHERE stock.warehouse = moved.warehouse AND stock.sku = moved.sku
RETURNING moved.id, stock.on_hand;

-- name: LowStock :many
-- expect: warehouse_name String, sku String, available Int, location PostgresPoint?
-- params: threshold Int
-- why: char(4) join key; the generated column is NOT NULL where < filters it.
SELECT w.name AS warehouse_name, s.sku, s.available, w.location
FROM stock s
JOIN warehouses w ON w.code = s.warehouse
WHERE s.available < @threshold
ORDER BY s.available, s.sku;

-- name: NearestWarehouses :many
-- expect: code String, name String, distance Double
-- params: x Double, y Double
-- why: point <-> point is double precision; IS NOT NULL filter.
SELECT code, name, location <-> point(@x::float8, @y::float8) AS distance
FROM warehouses
WHERE location IS NOT NULL
ORDER BY distance
LIMIT 3;

-- name: StockLocalTime :many
-- expect: sku String, local_touched Date?, local_today PostgresDate
-- params: warehouse String
-- why: AT TIME ZONE with a column zone; (now() AT TIME ZONE z)::date.
SELECT s.sku, s.touched_at AT TIME ZONE w.timezone AS local_touched, (now() AT TIME ZONE w.timezone)::date AS local_today
FROM stock s JOIN warehouses w ON w.code = s.warehouse
WHERE s.warehouse = @warehouse;

-- name: MovementsPage :many
-- expect: id UUID, sku String, delta Int, reason String, moved_at Date
-- params: warehouse String, beforeAt Date, beforeId UUID
-- why: keyset pagination with a row comparison of casts.
SELECT id, sku, delta, reason, moved_at
FROM stock_movements
WHERE warehouse = @warehouse
  AND (moved_at, id) < (@before_at::timestamptz, @before_id::uuid)
ORDER BY moved_at DESC, id DESC
LIMIT 100;

-- name: MovementSummary :many
-- expect: sku String, received Int?, shipped Int?, corrected Bool, reasons [String]
-- params: days Int
-- why: FILTER, a negated sum, bool_or, array_agg(DISTINCT ... ORDER BY ...).
SELECT sku,
       sum(delta) FILTER (WHERE delta > 0) AS received,
       -sum(delta) FILTER (WHERE delta < 0) AS shipped,
       bool_or(reason = 'correction') AS corrected,
       array_agg(DISTINCT reason ORDER BY reason) AS reasons
FROM stock_movements
WHERE moved_at >= now() - make_interval(days => @days)
GROUP BY sku;

-- name: CopyMovements :copyfrom
-- expect: (none)
-- params: warehouse String, sku String, delta Int, reason String
-- why: :copyfrom with @names.
INSERT INTO stock_movements (warehouse, sku, delta, reason) VALUES (@warehouse, @sku, @delta, @reason);

-- name: StockValues :many
-- expect: sku String, qty Int, on_hand Int?
-- params: warehouse String
-- why: a VALUES list with column aliases LEFT JOINed.
SELECT v.sku, v.qty, s.on_hand
FROM (VALUES ('A-1', 3), ('B-2', 5)) AS v(sku, qty)
LEFT JOIN stock s ON s.sku = v.sku AND s.warehouse = @warehouse;

-- name: DeleteWarehouse :exec
-- expect: (none)
-- params: code String
-- why: a parameter cast to bpchar.
DELETE FROM warehouses WHERE code = @code::bpchar;

-- name: StreamTypeTrails :many
-- expect: stream_id String, trail String?, steps Int?, versions Int?
-- params: since Date
-- why: user aggregates (CREATE AGGREGATE, new and old syntax) in a grouped query, ORDER BY inside one.
select stream_id, type_trail(event_type order by stream_version) as trail,
       type_trail_length(event_type) as steps, version_total(stream_version) as versions
from events
where recorded_at >= @since
group by stream_id
order by stream_id;

-- name: TrailOfAllEvents :one
-- expect: trail String?, typed_events Int?
-- params: eventType String
-- why: a user aggregate without GROUP BY makes the query grouped (one row); FILTER on it.
select type_trail(distinct event_type) as trail,
       type_trail_length(event_type) filter (where event_type <> @event_type) as typed_events
from events;

-- name: RunningTrail :many
-- expect: global_position Int, trail String?
-- params: streamId String
-- why: a user aggregate as a window function.
select global_position, type_trail(event_type) over (order by stream_version) as trail
from events
where stream_id = @stream_id
order by global_position;
