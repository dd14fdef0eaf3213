-- name: UnnamedComparison :many
-- expect: id Int, ?column? Bool
-- params: (none)
-- swift: id, column2
-- why: a comparison has no name (?column?); the Swift property is column2 by position.
SELECT id, score > 10 FROM posts;

-- name: UnnamedArithmetic :many
-- expect: ?column? Int, ?column? Decimal?, ?column? Int
-- params: (none)
-- swift: column1, column2, column3
-- why: arithmetic and unary minus have no name.
SELECT score + 1, rating * 2, -score FROM posts;

-- name: UnnamedConstants :one
-- expect: ?column? Int, ?column? String, ?column? Decimal
-- params: (none)
-- swift: column1, column2, column3
-- why: bare constants have no name; an untyped string is text.
SELECT 1, 'two', 3.5;

-- name: UnnamedPredicates :many
-- expect: ?column? Bool, ?column? Bool, ?column? Bool, ?column? Bool, ?column? Bool
-- params: (none)
-- swift: column1, column2, column3, column4, column5
-- why: IS NULL, LIKE, BETWEEN, NOT and IN have no name.
SELECT body IS NULL, title LIKE 'a%', score BETWEEN 1 AND 5, NOT (score > 1), id IN (1, 2) FROM posts;

-- name: UnnamedConcatenation :many
-- expect: ?column? String, id Int
-- params: (none)
-- swift: column1, id
-- why: || is an operator: no name.
SELECT p.title || ' by ' || w.name, p.id FROM posts p JOIN writers w ON w.id = p.writer_id;

-- name: UnnamedSubqueries :one
-- expect: ?column? Int, ?column? Int
-- params: (none)
-- swift: column1, column2
-- why: a subquery takes its column's name, here ?column?, which a cast keeps (strength 2).
SELECT (SELECT count(*) + 1 FROM comments), (SELECT count(*) + 1 FROM comments)::int;

-- name: UnnamedInFromSubquery :many
-- expect: ?column? Int, text String
-- params: (none)
-- swift: column1, text
-- why: a FROM subquery's unnamed column stays ?column? through SELECT *.
SELECT * FROM (SELECT 1, 'x'::text) s;

-- name: ValuesColumnsAreNamed :many
-- expect: column1 Int, column2 String
-- params: (none)
-- swift: column1, column2
-- why: VALUES names its columns column1, column2 (no warning).
SELECT * FROM (VALUES (1, 'a'), (2, 'b')) v;

-- name: UnnamedUnion :many
-- expect: ?column? Int
-- params: (none)
-- swift: column1
-- why: a UNION takes its names from the first branch.
SELECT id + 1 FROM posts UNION ALL SELECT id FROM writers;

-- name: UnnamedReturning :one
-- expect: id Int, ?column? Int
-- params: id Int
-- swift: id, column2
-- why: RETURNING names its columns as a select list does.
UPDATE posts SET score = score + 1 WHERE id = @id RETURNING id, score * 2;

-- name: RepeatedJoinIds :many
-- expect: id Int, id Int, id Int
-- params: (none)
-- swift: id, id2, id3
-- why: three tables' id: the repeats are numbered in order.
SELECT p.id, w.id, c.id FROM posts p JOIN writers w ON w.id = p.writer_id JOIN comments c ON c.post_id = p.id;

-- name: RepeatedAlias :many
-- expect: label String, label String
-- params: (none)
-- swift: label, label2
-- why: the same alias twice is accepted by PostgreSQL.
SELECT p.title AS label, w.name AS label FROM posts p JOIN writers w ON w.id = p.writer_id;

-- name: RepeatedFunctionNames :one
-- expect: count Int, count Int, max Int?, max String?
-- params: (none)
-- swift: count, count2, max, max2
-- why: two counts and two maxes; an aggregate without GROUP BY may see no row.
SELECT count(*), count(body), max(score), max(title) FROM posts;

-- name: RepeatedStars :many
-- expect: id Int, writer_id Int, title String, body String?, score Int, rating Decimal?, tags [String], feeling Mood?, meta JSONValue, created_at Date
-- expect: id Int, post_id Int, writer_id Int?, body String, score Int
-- params: (none)
-- swift: id, writerId, title, body, score, rating, tags, feeling, meta, createdAt
-- swift: id2, postId, writerId2, body2, score2
-- why: two tables' stars repeat id, writer_id, body and score.
SELECT p.*, c.* FROM posts p JOIN comments c ON c.post_id = p.id;

-- name: GeneratedNameMeetsRealName :many
-- expect: ?column? Int, column1 String
-- params: (none)
-- swift: column1, column12
-- why: the generated column1 comes first; the real column1 is then numbered like any collision.
SELECT score * 2, title AS column1 FROM posts;

-- name: RepeatedReturning :many
-- expect: id Int, id Int
-- params: postId Int
-- swift: id, id2
-- why: RETURNING c.id, p.id repeats id.
UPDATE comments c SET score = c.score + 1 FROM posts p WHERE p.id = c.post_id AND p.id = @post_id RETURNING c.id, p.id;

-- name: RepeatedThroughCTE :many
-- expect: id Int, id Int
-- params: (none)
-- swift: id, id2
-- why: a CTE's column and a table's column both named id.
WITH a AS (SELECT id, title FROM posts) SELECT a.id, w.id FROM a JOIN writers w ON w.name = a.title;

-- name: CamelCaseCollision :many
-- expect: writer_id Int, writerId Int
-- params: (none)
-- swift: writerId, writerId2
-- why: different SQL names with one Swift name are numbered too.
SELECT p.writer_id, w.id AS "writerId" FROM posts p JOIN writers w ON w.id = p.writer_id;
