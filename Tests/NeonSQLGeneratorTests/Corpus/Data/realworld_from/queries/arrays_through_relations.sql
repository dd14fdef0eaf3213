-- name: PostsOfViewWithTags :many
-- expect: id Int
-- params: tags [String]
-- why: a text[] column of a view over SELECT * keeps its array type (&& takes text[]).
SELECT id FROM tagged_posts_all WHERE tags && @tags::text[];

-- name: PostsOfUnionViewContaining :many
-- expect: id Int
-- params: tags [String]
-- why: a UNION ALL view's column is the arms' common type, text[].
SELECT id FROM tagged_posts_twice WHERE tags @> @tags;

-- name: PostsOfNestedView :many
-- expect: id Int
-- params: tags [String]
-- why: a view over a view over the table: the array type survives both levels.
SELECT id FROM tagged_posts_nested WHERE tags && @tags;

-- name: PostsOfCTE :many
-- expect: id Int
-- params: tags [String]
-- why: a CTE's column keeps the table column's text[].
WITH c AS (SELECT id, tags FROM tagged_posts) SELECT id FROM c WHERE tags && @tags;

-- name: PostsOfUnionSubquery :many
-- expect: id Int
-- params: tags [String]
-- why: a UNION subquery's column is text[] on both arms; id is NOT NULL on both.
SELECT s.id FROM (SELECT id, tags FROM tagged_posts UNION SELECT id, tags FROM tagged_posts) s WHERE s.tags && @tags;

-- name: TagsWithOrdinality :many
-- expect: tag String, n Int
-- params: tags [String]
-- why: unnest WITH ORDINALITY over a text[] column gives text elements and a bigint ordinal; = ANY takes text[].
SELECT u.tag, u.n FROM tagged_posts p, unnest(p.tags) WITH ORDINALITY AS u(tag, n) WHERE u.tag = ANY(@tags::text[]);

-- name: PostsByAuthor :many
-- expect: id Int
-- params: author Int
-- why: COALESCE of an integer[] column and '{}' is integer[], so = ANY types the parameter integer.
SELECT id FROM (SELECT id, coalesce(author_ids, '{}') AS authors FROM tagged_posts) s WHERE @author = ANY(authors);
