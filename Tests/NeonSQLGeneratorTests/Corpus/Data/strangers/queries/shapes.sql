-- name: AttendeesOfEvent :many
-- expect: id Int, name String, ticket Int, note String?
-- params: eventId Int
-- why: a join through the primary key; note is nullable.
SELECT m.id, m.name, a.ticket, a.note
FROM attendance a JOIN members m ON m.id = a.member_id
WHERE a.event_id = @event_id ORDER BY a.ticket;

-- name: EventsWithOptionalAttendee :many
-- expect: id Int, title String, member_id Int?
-- params: (none)
-- why: LEFT JOIN makes the attendee's columns nullable.
SELECT e.id, e.title, a.member_id FROM events e LEFT JOIN attendance a ON a.event_id = e.id ORDER BY e.id;

-- name: CreateMember :one
-- expect: id Int, joined PostgresDate
-- params: name String, email String?, level MemberLevel
-- why: INSERT ... RETURNING with a nullable column and an enum.
INSERT INTO members (name, email, level) VALUES (@name, sqlc.narg(email), @level) RETURNING id, joined;

-- name: RenameEvent :execrows
-- expect: (none)
-- params: title String, id Int
-- why: sqlc.arg with a quoted name.
UPDATE events SET title = sqlc.arg('title') WHERE id = sqlc.arg('id');

-- name: EventCapacityLeft :many
-- expect: id Int, left Int?
-- params: (none)
-- why: capacity is nullable, count is bigint; integer - bigint is bigint.
SELECT e.id, e.capacity - count(a.member_id) AS left
FROM events e LEFT JOIN attendance a ON a.event_id = e.id GROUP BY e.id ORDER BY e.id;

-- name: MemberProfileField :one
-- expect: value String?
-- params: field String, id Int
-- why: ->> gives text, NULL for a missing key.
SELECT profile ->> @field AS value FROM members WHERE id = @id;

-- name: FirstNickname :one
-- expect: nickname String?
-- params: id Int
-- why: an array subscript in an expression may be NULL (out of range).
SELECT nicknames[1] AS nickname FROM members WHERE id = @id;

-- name: BoardEmails :many
-- expect: email String
-- params: (none)
-- why: COALESCE with a non-NULL fallback is never NULL.
SELECT coalesce(email, '') AS email FROM members WHERE level = 'board' ORDER BY id;

-- name: RecentEvents :many
-- expect: id Int, title String, starts_at Date
-- params: since Date, maxCount Int
-- why: a CTE with named parameters; LIMIT takes bigint.
WITH recent AS (SELECT id, title, starts_at FROM events WHERE starts_at >= @since)
SELECT id, title, starts_at FROM recent ORDER BY starts_at LIMIT @max_count;

-- name: MembersPerLevel :many
-- expect: level MemberLevel, members Int
-- params: (none)
-- why: GROUP BY an enum; count is bigint.
SELECT level, count(*) AS members FROM members GROUP BY level ORDER BY level;
