--- schema.sql
CREATE TABLE q (id integer PRIMARY KEY, s text, tags text[], n numeric, j jsonb, u uuid);
--- queries.sql
-- name: TextAnyOfIntegers :many
SELECT id FROM q WHERE s = ANY (@ids::int[]);
-- name: IntegerAnyOfTexts :many
SELECT id FROM q WHERE id = ANY (tags);
-- name: LikeAnyOfIntegers :many
SELECT id FROM q WHERE s LIKE ANY (ARRAY[1, 2]);
-- name: IntegerAllOfTexts :many
SELECT id FROM q WHERE id <> ALL (ARRAY['a'::text]);
-- name: QuantifiedComparisonsOk :many
SELECT id FROM q WHERE id = ANY (@ids::bigint[]) AND s = ANY (tags) AND s LIKE ANY (ARRAY['a%', 'b%']) AND n > ALL (ARRAY[1, 2])
  AND s ILIKE ANY (@patterns) AND u = ANY (@us::uuid[]) AND id = ANY ('{1,2}') AND s = ANY (ARRAY[NULL]) AND j ? 'a'
  AND 'x' = ANY (tags) AND id::text = ANY (tags) AND n = ANY (ARRAY[1.5, 2]) AND id = ANY (ARRAY[1::smallint]);
--- expected
queries.sql:2:26: error: operator does not exist: text = integer
queries.sql:4:27: error: operator does not exist: integer = text
queries.sql:6:26: error: operator does not exist: text ~~ integer
queries.sql:8:27: error: operator does not exist: integer <> text
