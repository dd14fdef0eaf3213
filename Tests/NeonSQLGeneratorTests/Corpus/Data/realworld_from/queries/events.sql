-- name: BlockFor :one
-- expect: file_key String
-- params: streamId UUID, eventId UUID
-- why: a user range type's @> with its subtype (anyrange @> anyelement).
SELECT file_key FROM event_blocks WHERE stream_id = @stream_id AND block @> @event_id::uuid;

-- name: InsertBlock :exec
-- expect: (none)
-- params: streamId UUID, lowerId UUID, upperId UUID, fileKey String
-- why: the constructor CREATE TYPE ... AS RANGE makes, with a bounds argument.
INSERT INTO event_blocks (stream_id, block, file_key)
VALUES (@stream_id, uuidrange(@lower_id::uuid, @upper_id::uuid, '(]'), @file_key);

-- name: OverlappingBlocks :many
-- expect: file_key String, lo UUID?, hi UUID?
-- params: lowerId UUID, upperId UUID
-- why: && between user ranges; lower() and upper() give the subtype, NULL when unbounded or empty.
SELECT file_key, lower(block) AS lo, upper(block) AS hi
FROM event_blocks
WHERE block && uuidrange(@lower_id::uuid, @upper_id::uuid);

-- name: BlockShape :many
-- expect: lower_inclusive Bool, empty Bool, merged String
-- params: lowerId UUID
-- why: lower_inc, isempty and range_merge over a user range type; the two-argument constructor with a NULL bound.
SELECT lower_inc(block) AS lower_inclusive, isempty(block) AS empty, range_merge(block, uuidrange(@lower_id::uuid, NULL)) AS merged
FROM event_blocks;

-- name: BlocksOfStream :one
-- expect: blocks String?
-- params: streamId UUID
-- why: range_agg of a user range gives its multirange type.
SELECT range_agg(block) AS blocks FROM event_blocks WHERE stream_id = @stream_id;

-- name: BlocksContaining :many
-- expect: file_key String
-- params: eventId String
-- why: an untyped parameter on the right of range @> takes the range type, as PostgreSQL types it.
SELECT file_key FROM event_blocks WHERE block @> @event_id;

-- name: WindowsAt :many
-- expect: file_key String, window_span PostgresRange<Date>?
-- params: at Date
-- why: a timestamptz user range maps to PostgresRange<Date> like tstzrange.
SELECT file_key, window_span FROM event_blocks WHERE window_span @> @at::timestamptz;

-- name: WindowsAsMultirange :many
-- expect: windows String
-- params: (none)
-- why: the multirange constructor under multirange_type_name.
SELECT event_windows(window_span) AS windows FROM event_blocks WHERE window_span IS NOT NULL;

-- name: EventsInBlock :many
-- expect: id UUID, seq Int
-- params: fileKey String
-- why: a join on a user range containing a uuid column.
SELECT e.id, e.seq FROM events e JOIN event_blocks b ON b.block @> e.id WHERE b.file_key = @file_key;

-- name: WindowOf :one
-- expect: span PostgresRange<Date>
-- params: fromAt Date, toAt Date
-- why: a user range constructor never returns NULL.
SELECT event_window(@from_at::timestamptz, @to_at::timestamptz, '[)') AS span;

-- name: BlockFromLiteral :one
-- expect: clipped String
-- params: (none)
-- why: a user range literal and the range intersection operator.
SELECT '[00000000-0000-0000-0000-000000000000,ffffffff-ffff-ffff-ffff-ffffffffffff)'::uuidrange * block AS clipped FROM event_blocks LIMIT 1;
