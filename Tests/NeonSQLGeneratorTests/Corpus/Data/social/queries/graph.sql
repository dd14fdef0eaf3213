-- name: Followers :many
-- expect: id Int, username String, followed_at Date, follows_back Bool
-- params: accountId Int, limit Int
-- why: inner join to accounts; EXISTS is never NULL.
SELECT f.follower_id AS id, a.username, f.created_at AS followed_at,
       EXISTS (SELECT 1 FROM social.follows back
               WHERE back.follower_id = f.followee_id AND back.followee_id = f.follower_id) AS follows_back
FROM social.follows f
JOIN social.accounts a ON a.id = f.follower_id
WHERE f.followee_id = @account_id
ORDER BY f.created_at DESC
LIMIT @limit;

-- name: MutualFollows :many
-- expect: id Int, username String
-- params: accountId Int
-- why: a self-join of follows.
SELECT a.id, a.username
FROM social.follows f1
JOIN social.follows f2 ON f2.follower_id = f1.followee_id AND f2.followee_id = f1.follower_id
JOIN social.accounts a ON a.id = f1.followee_id
WHERE f1.follower_id = @account_id;

-- name: FollowSuggestions :many
-- expect: id Int
-- params: accountId Int
-- why: EXCEPT keeps the left side's NOT NULL column.
SELECT f2.followee_id AS id
FROM social.follows f1
JOIN social.follows f2 ON f2.follower_id = f1.followee_id
WHERE f1.follower_id = @account_id
EXCEPT
SELECT followee_id FROM social.follows WHERE follower_id = @account_id;

-- name: CommonFollowees :many
-- expect: followee_id Int
-- params: a Int, b Int
-- why: INTERSECT ALL keeps NOT NULL.
SELECT followee_id FROM social.follows WHERE follower_id = @a
INTERSECT ALL
SELECT followee_id FROM social.follows WHERE follower_id = @b;

-- name: Follow :one
-- expect: created_at Date
-- params: followerId Int, followeeId Int
-- why: ON CONFLICT DO NOTHING returns no row on conflict (the :one method copes); the column is NOT NULL.
INSERT INTO social.follows (follower_id, followee_id) VALUES (@follower_id, @followee_id)
ON CONFLICT DO NOTHING
RETURNING created_at;

-- name: BlockEachOther :exec
-- expect: (none)
-- params: blockerId Int, blockedId Int
-- why: a multi-row VALUES reuses parameters.
INSERT INTO social.blocks (blocker_id, blocked_id) VALUES (@blocker_id, @blocked_id), (@blocked_id, @blocker_id)
ON CONFLICT DO NOTHING;

-- name: RemoveBlockedFollows :many
-- expect: follower_id Int, followee_id Int
-- params: (none)
-- why: DELETE ... USING in a non-public schema.
DELETE FROM social.follows f USING social.blocks b
WHERE b.blocker_id = f.followee_id AND b.blocked_id = f.follower_id
RETURNING f.follower_id, f.followee_id;

-- name: FollowBothWays :many
-- expect: account_id Int?, follows Int?, followed_by Int?
-- params: accountId Int
-- why: FULL JOIN makes both sides optional; COALESCE of two optional columns is conservatively optional
-- why: (PostgreSQL cannot tell that one side of a FULL JOIN row is always present).
SELECT COALESCE(a.followee_id, b.follower_id) AS account_id, a.followee_id AS follows, b.follower_id AS followed_by
FROM (SELECT * FROM social.follows WHERE follower_id = @account_id) a
FULL JOIN (SELECT * FROM social.follows WHERE followee_id = @account_id) b ON a.followee_id = b.follower_id;

-- name: FollowerCountsByAuthor :many
-- expect: username String, n Int
-- params: (none)
-- why: a grouped subquery in FROM joined to accounts.
SELECT a.username, c.n
FROM (SELECT followee_id, count(*) AS n FROM social.follows GROUP BY followee_id) c
JOIN social.accounts a ON a.id = c.followee_id
ORDER BY c.n DESC;

-- name: Activity :many
-- expect: kind String, actor_id Int, post_id Int?, created_at Date
-- params: accountId Int
-- why: UNION ALL: NULL in the second branch makes post_id optional and takes bigint from the first.
SELECT 'like' AS kind, l.account_id AS actor_id, l.post_id, l.created_at
FROM social.likes l
JOIN social.posts p ON p.id = l.post_id
WHERE p.author_id = @account_id
UNION ALL
SELECT 'follow', f.follower_id, NULL, f.created_at
FROM social.follows f
WHERE f.followee_id = @account_id
ORDER BY created_at DESC
LIMIT 20;
