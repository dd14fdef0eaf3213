-- name: ReuseIntegerAsBigint :many
-- expect: id Int
-- params: n Int
-- why: score = @n types @n integer; id = @n then compares bigint with integer, which PostgreSQL accepts.
SELECT id FROM posts WHERE score = @n OR id = @n;

-- name: ReuseWithIsNull :many
-- expect: id Int
-- params: feeling Mood?
-- why: the comparison types @feeling first, so the IS NULL test after it is accepted: an optional filter.
SELECT id FROM posts WHERE (feeling = @feeling OR @feeling IS NULL);

-- name: ReuseTextAndVarchar :many
-- expect: id Int
-- params: q String
-- why: text and character varying convert implicitly.
SELECT id FROM writers WHERE name = @q OR email = @q;

-- name: ReuseWithExplicitCast :many
-- expect: id Int
-- params: n Int
-- why: an explicit cast accepts the bigint the first use gave @n.
SELECT id FROM posts WHERE id = @n AND title <> @n::text;

-- name: ReuseWhereThenSet :one
-- expect: id Int
-- params: v String?
-- why: PostgreSQL reads WHERE before SET: @v is text from title, then assigned to body (nullable: NULL is a value to write).
UPDATE posts SET body = @v WHERE title = @v RETURNING id;

-- name: ReuseAssignmentCast :one
-- expect: id Int
-- params: n Int
-- why: WHERE makes @n integer; SET title = @n is an assignment, which converts integer to text.
UPDATE posts SET title = @n WHERE score = @n RETURNING id;

-- name: ReuseInLimit :many
-- expect: id Int
-- params: n Int
-- why: LIMIT takes bigint; the integer from score converts implicitly.
SELECT id FROM posts WHERE score > @n ORDER BY id LIMIT @n;

-- name: ReuseDateAndTimestamptz :many
-- expect: id Int
-- params: t Date
-- why: @t is timestamptz from created_at; date = timestamptz is an operator PostgreSQL has.
SELECT id FROM posts WHERE created_at > @t OR created_at::date = @t;

-- name: ReuseSameTypeInSetList :one
-- expect: id Int
-- params: n Int
-- why: one SET list may use a parameter twice when both columns have the same type.
UPDATE posts SET score = @n WHERE id = @n RETURNING id;

-- name: ReuseSameTypeInValues :one
-- expect: id Int
-- params: postId Int?
-- why: post_id and writer_id are both bigint: one VALUES list may use @post_id twice (writer_id is nullable).
INSERT INTO comments (post_id, writer_id, body) VALUES (@post_id, @post_id, 'hello') RETURNING id;
