-- name: MembersByIds :many
-- expect: id Int, name String
-- params: ids [Int]
-- why: sqlc.slice outside IN is an ordinary parameter; = ANY types it as bigint[], as PostgreSQL does.
SELECT id, name FROM members WHERE id = ANY(sqlc.slice(ids)) ORDER BY id;

-- name: MembersNotIn :many
-- expect: id Int
-- params: excluded [Int]
-- why: <> ALL(sqlc.slice(x)) is the same array parameter.
SELECT id FROM members WHERE id <> ALL(sqlc.slice('excluded')) ORDER BY id;

-- name: EventsInSlice :many
-- expect: id Int, title String
-- params: eventIds [Int]
-- why: IN (sqlc.slice(x)) keeps its own rewrite to = ANY($n); events.id is integer.
SELECT id, title FROM events WHERE id IN (sqlc.slice(event_ids)) ORDER BY id;

-- name: MembersWithAnyNickname :many
-- expect: id Int
-- params: nicknames [String]
-- why: an array overlap (&&) with a slice parameter: text[] like the column.
SELECT id FROM members WHERE nicknames && sqlc.slice(nicknames) ORDER BY id;

-- name: EventsTaggedAndSliced :many
-- expect: id Int
-- params: tag String, ids [Int]
-- why: a plain parameter next to a slice one; the slice is compared with ANY.
SELECT id FROM events WHERE @tag = ANY(tags) AND id = ANY(sqlc.slice(ids)) ORDER BY id;

-- name: CountSliceMembers :one
-- expect: count Int
-- params: ids [Int]
-- why: count(*) is bigint and never NULL; the slice is bigint[] from members.id.
SELECT count(*) FROM members WHERE id = ANY(sqlc.slice(ids));

-- name: DeleteSliceAttendance :execrows
-- expect: (none)
-- params: eventId Int, memberIds [Int]
-- why: a DELETE with a slice: the member ids are bigint[].
DELETE FROM attendance WHERE event_id = @event_id AND member_id = ANY(sqlc.slice(member_ids));

-- name: LevelsInSlice :many
-- expect: id Int, level MemberLevel
-- params: levels [MemberLevel]
-- why: a slice compared with an enum column is an array of the enum.
SELECT id, level FROM members WHERE level = ANY(sqlc.slice(levels)) ORDER BY id;
