--- schema.sql
CREATE TABLE posts (id integer PRIMARY KEY, tags text[] NOT NULL, score integer);
--- queries.sql
-- name: LiteralsMeetFirst :many
SELECT '{}' AS tags UNION SELECT '{a}' UNION SELECT tags FROM posts;
-- name: NullsMeetFirst :many
SELECT NULL AS x UNION ALL SELECT NULL UNION ALL SELECT score FROM posts;
-- name: ValuesAreText :many
VALUES ('{}') EXCEPT SELECT tags FROM posts;
-- name: TypesDiffer :many
SELECT id FROM posts INTERSECT SELECT tags FROM posts;
-- name: IntoInteger :exec
INSERT INTO posts (id, tags, score) SELECT 1, tags, '5' FROM posts UNION SELECT 2, tags, '6' FROM posts;
-- name: LiteralTakesArrayOk :many
SELECT '{}' AS tags UNION SELECT tags FROM posts;
-- name: NestedOk :many
SELECT '{}' AS tags UNION (SELECT '{b}' UNION SELECT tags FROM posts);
-- name: ParameterOk :many
SELECT @extra AS tags UNION SELECT tags FROM posts;
-- name: NumericPromotionOk :many
SELECT id FROM posts UNION SELECT 2.5;
--- expected
queries.sql:2:53: error: UNION types text and text[] cannot be matched
queries.sql:4:57: error: UNION types text and integer cannot be matched
queries.sql:6:29: error: EXCEPT types text and text[] cannot be matched
queries.sql:8:39: error: INTERSECT types integer and text[] cannot be matched
queries.sql:10:53: error: column "score" is of type integer but expression is of type text
