-- name: Activity :many
-- UNION ALL: NULL in the second branch makes post_id optional and takes bigint from the first.
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

-- name: FollowBothWays :many
-- FULL JOIN makes both sides optional; COALESCE of two optional columns is conservatively optional
-- (PostgreSQL cannot tell that one side of a FULL JOIN row is always present).
SELECT COALESCE(a.followee_id, b.follower_id) AS account_id, a.followee_id AS follows, b.follower_id AS followed_by
FROM (SELECT * FROM social.follows WHERE follower_id = @account_id) a
FULL JOIN (SELECT * FROM social.follows WHERE followee_id = @account_id) b ON a.followee_id = b.follower_id;
