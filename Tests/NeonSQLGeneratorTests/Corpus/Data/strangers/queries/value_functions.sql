-- name: Today :one
-- expect: current_date PostgresDate
-- params: (none)
-- why: CURRENT_DATE as a FROM item: one column named current_date, never NULL.
SELECT * FROM CURRENT_DATE;

-- name: TodayAliased :one
-- expect: d PostgresDate
-- params: (none)
-- why: an alias without a column list names the one column.
SELECT d FROM current_date AS d;

-- name: NowWithColumnAlias :one
-- expect: at Date
-- params: (none)
-- why: CURRENT_TIMESTAMP(2) t(at): the column list renames; timestamptz is Date.
SELECT t.at FROM current_timestamp(2) t(at);

-- name: WhoAmI :one
-- expect: user String
-- params: (none)
-- why: USER as a FROM item is the current role, of type name.
SELECT * FROM user;

-- name: MembersJoinedToday :many
-- expect: id Int, today PostgresDate
-- params: (none)
-- why: a value function item joined with a table.
SELECT m.id, today FROM members m, CURRENT_DATE AS today WHERE m.joined = today ORDER BY m.id;

-- name: LocalTimes :one
-- expect: localtime PostgresTime, localtimestamp Date
-- params: (none)
-- why: LOCALTIME is time, LOCALTIMESTAMP timestamp; both items in one FROM.
SELECT * FROM LOCALTIME, LOCALTIMESTAMP;

-- name: CurrentSchemaItem :one
-- expect: current_schema String
-- params: (none)
-- why: CURRENT_SCHEMA without parentheses is a value function (name).
SELECT * FROM current_schema;

-- name: SessionUser :one
-- expect: session_user String
-- params: (none)
-- why: SESSION_USER in a select list, as before: name, never NULL.
SELECT session_user;
