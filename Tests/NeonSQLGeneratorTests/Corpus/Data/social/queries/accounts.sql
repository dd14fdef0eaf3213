-- name: GetProfile :one
-- expect: id Int, username String, name String, bio String?, followers Int?, following Int?
-- params: username String
-- why: COALESCE with NOT NULL username is not NULL; LEFT JOIN profile_stats makes its columns optional.
SELECT a.id, a.username, COALESCE(a.display_name, a.username) AS name, a.bio, ps.followers, ps.following
FROM social.accounts a
LEFT JOIN social.profile_stats ps ON ps.account_id = a.id
WHERE a.username = @username;

-- name: CreateAccount :one
-- expect: id Int, username String, display_name String?, bio String?, avatar_url String?, is_verified Bool
-- expect: created_at Date, last_seen_at Date?
-- params: username String, displayName String?
-- why: RETURNING * of a table in another schema keeps each column's declared nullability.
INSERT INTO social.accounts (username, display_name)
VALUES (lower(@username), @display_name)
RETURNING *;

-- name: SearchAccounts :many
-- expect: id Int, username String, display_name String?
-- params: pattern String, limit Int
-- why: ILIKE types the pattern as text, also when it is used twice.
SELECT id, username, display_name FROM social.accounts
WHERE username ILIKE @pattern OR display_name ILIKE @pattern
ORDER BY length(username)
LIMIT @limit;

-- name: AccountsByIds :many
-- expect: id Int, username String
-- params: firstId Int, secondId Int, thirdId Int
-- why: IN list parameters take the column's type (bigint).
SELECT id, username FROM social.accounts WHERE id IN (@first_id, @second_id, @third_id);

-- name: AccountsCreatedBetween :many
-- expect: id Int, username String
-- params: createdAt Date, createdAt2 Date, limit Int
-- why: positional parameters are named by their context; LIMIT is bigint.
SELECT id, username FROM social.accounts WHERE created_at BETWEEN $1 AND $2 ORDER BY id LIMIT $3;

-- name: AccountActivity :many
-- expect: id Int, last_activity Date, seen_capped Date
-- params: (none)
-- why: GREATEST/LEAST are NULL only when every argument is.
SELECT id, GREATEST(last_seen_at, created_at) AS last_activity, LEAST(last_seen_at, now()) AS seen_capped
FROM social.accounts;

-- name: AccountCard :one
-- expect: card JSONValue
-- params: id Int
-- why: json_build_object is never NULL; `id = $1` names the parameter id.
SELECT json_build_object('id', id, 'name', username) AS card FROM social.accounts WHERE id = $1;

-- name: AccountJSON :one
-- expect: id Int, account JSONValue
-- params: id Int
-- why: to_jsonb of a whole-row reference is strict and the row is never NULL.
SELECT a.id, to_jsonb(a) AS account FROM social.accounts a WHERE a.id = @id;

-- name: FollowCounts :one
-- expect: followers Int, following Int
-- params: accountId Int
-- why: count(*) subqueries without GROUP BY return exactly one row; no FROM at the top level.
SELECT (SELECT count(*) FROM social.follows WHERE followee_id = @account_id) AS followers,
       (SELECT count(*) FROM social.follows WHERE follower_id = @account_id) AS following;

-- name: DisplayNameOrDefault :one
-- expect: name String
-- params: id Int
-- why: COALESCE of a scalar subquery (maybe no row) with a constant is not NULL.
SELECT COALESCE((SELECT display_name FROM social.accounts WHERE id = @id), 'unknown') AS name;

-- name: AccountPosts :one
-- expect: id Int, username String, posts JSONValue
-- params: id Int
-- why: COALESCE(subquery, '[]') is jsonb and not NULL.
SELECT a.id, a.username,
       COALESCE((SELECT jsonb_agg(jsonb_build_object('id', p.id, 'body', p.body) ORDER BY p.created_at DESC)
                 FROM social.posts p WHERE p.author_id = a.id), '[]') AS posts
FROM social.accounts a
WHERE a.id = @id;

-- name: AccountStatsRatio :many
-- expect: account_id Int, ratio Double?, total Int
-- params: (none)
-- why: NULLIF can be NULL and division is strict; integer + integer is integer.
SELECT account_id, followers::float8 / NULLIF(following, 0) AS ratio, followers + following AS total
FROM social.profile_stats;

-- name: VerifiedAccounts :many
-- expect: id Int, username String
-- params: (none)
-- why: IS TRUE filters only.
SELECT id, username FROM social.accounts WHERE is_verified IS TRUE ORDER BY username;

-- name: TouchAccount :execrows
-- expect: (none)
-- params: lastSeenAt Date?, id Int
-- why: a value for a nullable column is optional.
UPDATE social.accounts SET last_seen_at = @last_seen_at WHERE id = @id;

-- name: UpsertProfileStats :one
-- expect: account_id Int, followers Int, posts Int, updated_at Date, connections Int
-- params: accountId Int, followers Int, following Int, posts Int
-- why: INSERT ... AS alias with ON CONFLICT; EXCLUDED has the table's columns; RETURNING expressions.
INSERT INTO social.profile_stats AS ps (account_id, followers, following, posts)
VALUES (@account_id, @followers, @following, @posts)
ON CONFLICT (account_id) DO UPDATE
SET followers = GREATEST(ps.followers, EXCLUDED.followers), posts = EXCLUDED.posts, updated_at = now()
RETURNING ps.account_id, ps.followers, ps.posts, ps.updated_at, ps.followers + ps.following AS connections;

-- name: RecountFollowers :many
-- expect: account_id Int, followers Int
-- params: (none)
-- why: UPDATE ... FROM a grouped subquery.
UPDATE social.profile_stats ps SET followers = c.n, updated_at = now()
FROM (SELECT followee_id, count(*)::int AS n FROM social.follows GROUP BY followee_id) c
WHERE c.followee_id = ps.account_id
RETURNING ps.account_id, ps.followers;
