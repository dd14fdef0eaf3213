-- name: SetNickname :one
-- expect: id Int, nicknames [String]
-- params: p1 Int, nicknames String?, id Int
-- why: SET col[$1] = $2: the subscript is integer, the value the element type (NULL allowed in an element), named after the column.
UPDATE members SET nicknames[$1] = $2 WHERE id = $3 RETURNING id, nicknames;

-- name: SetNicknameNamed :exec
-- expect: (none)
-- params: position Int, nickname String?, id Int
-- why: the same with named parameters.
UPDATE members SET nicknames[@position] = @nickname WHERE id = @id;

-- name: SetNicknameSlice :exec
-- expect: (none)
-- params: lower Int, upper Int, nicknames [String], id Int
-- why: a slice [a:b] takes an array of the element type; the NOT NULL column makes it non-optional.
UPDATE members SET nicknames[@lower:@upper] = @nicknames WHERE id = @id;

-- name: SetScore :exec
-- expect: (none)
-- params: round Int, score Int?, id Int
-- why: an integer[] element is integer.
UPDATE members SET scores[@round] = @score WHERE id = @id;

-- name: SetScoreGrid :exec
-- expect: (none)
-- params: row Int, column Int, score Int?, id Int
-- why: two subscripts still address one element.
UPDATE members SET scores[@row][@column] = @score WHERE id = @id;

-- name: SetProfileKey :exec
-- expect: (none)
-- params: key String, value JSONValue, id Int
-- why: a jsonb subscript is text for a parameter, and the value jsonb.
UPDATE members SET profile[@key] = @value WHERE id = @id;

-- name: SetNicknameAndName :exec
-- expect: (none)
-- params: name String, position Int, nickname String?, id Int
-- why: a subscripted target next to a plain one in one SET list.
UPDATE members SET name = @name, nicknames[@position] = @nickname WHERE id = @id;

-- name: UpsertAttendanceNote :exec
-- expect: (none)
-- params: eventId Int, memberId Int, note String?
-- why: ON CONFLICT DO UPDATE SET with EXCLUDED; note is nullable.
INSERT INTO attendance (event_id, member_id, note) VALUES (@event_id, @member_id, @note)
ON CONFLICT (event_id, member_id) DO UPDATE SET note = EXCLUDED.note;
