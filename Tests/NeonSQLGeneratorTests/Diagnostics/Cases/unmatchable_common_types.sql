--- schema.sql
CREATE TYPE time_slot AS ENUM ('morning', 'anytime', 'evening');
CREATE TABLE docs (id integer PRIMARY KEY, body text, meta jsonb, slot time_slot NOT NULL);
--- queries.sql
-- name: Coalesced :many
SELECT COALESCE(body, meta) AS x FROM docs;
-- name: ElseFirst :many
SELECT CASE WHEN id > 1 THEN body ELSE meta END AS x FROM docs;
-- name: TwoWhens :many
SELECT CASE WHEN id > 1 THEN body WHEN id > 2 THEN meta END AS x FROM docs;
-- name: Greatest :many
SELECT GREATEST(id, body) AS x FROM docs;
-- name: EnumAndText :many
SELECT COALESCE(slot, body) AS x FROM docs;
-- name: Matchable :many
SELECT COALESCE(id, 1.5) AS a, COALESCE(body, 'x') AS b, CASE WHEN id > 1 THEN slot END AS c FROM docs;
--- expected
queries.sql:2:23: error: COALESCE types text and jsonb cannot be matched
queries.sql:4:30: error: CASE types jsonb and text cannot be matched
queries.sql:6:52: error: CASE types text and jsonb cannot be matched
queries.sql:8:21: error: GREATEST types integer and text cannot be matched
queries.sql:10:23: error: COALESCE types time_slot and text cannot be matched
