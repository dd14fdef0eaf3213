--- schema.sql
CREATE TABLE servers (code text PRIMARY KEY, name text);
CREATE TABLE testing (id int PRIMARY KEY, value text, mood text);
--- queries.sql
-- name: UpsertWithoutTarget :exec
INSERT INTO servers (code, name) VALUES ($1, $2)
ON CONFLICT DO UPDATE SET name = EXCLUDED.name;
-- name: NothingWithoutTarget :exec
INSERT INTO servers (code, name) VALUES ($1, $2) ON CONFLICT DO NOTHING;
-- name: CaseOperandText :exec
UPDATE testing
SET value = CASE $1 WHEN true THEN 'Hello' WHEN false THEN 'Goodbye' ELSE value END;
-- name: CaseOperandTyped :many
SELECT CASE mood WHEN 'a' THEN 1 WHEN @m THEN 2 END AS x, CASE id WHEN 1 THEN 'one' WHEN @n THEN 'n' END AS y FROM testing;
--- expected
queries.sql:3:1: error: ON CONFLICT DO UPDATE requires inference specification or constraint name
queries.sql:8:21: error: operator does not exist: text = boolean
