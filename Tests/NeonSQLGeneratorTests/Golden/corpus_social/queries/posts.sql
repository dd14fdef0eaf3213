-- name: PublicTimeline :many
-- the view's columns follow its definition; the like count is a one-row aggregate subquery.
SELECT * FROM social.timeline WHERE username = @username ORDER BY created_at DESC;

-- name: TopPostsOfFollowees :many
-- CROSS JOIN LATERAL keeps the subquery's NOT NULL columns.
SELECT a.username, top.id AS post_id, top.like_count
FROM social.follows f
JOIN social.accounts a ON a.id = f.followee_id
CROSS JOIN LATERAL (
    SELECT p.id, p.like_count FROM social.posts p WHERE p.author_id = a.id ORDER BY p.like_count DESC LIMIT 3
) AS top
WHERE f.follower_id = @viewer_id;

-- name: VisiblePosts :many
-- CASE over an enum with ELSE; each branch is NOT NULL.
SELECT p.id, p.visibility,
       CASE p.visibility
           WHEN 'public' THEN true
           WHEN 'followers' THEN EXISTS (SELECT 1 FROM social.follows f
                                         WHERE f.follower_id = @viewer_id AND f.followee_id = p.author_id)
           ELSE p.author_id = @viewer_id
       END AS can_see
FROM social.posts p
WHERE NOT EXISTS (SELECT 1 FROM social.blocks b WHERE b.blocker_id = p.author_id AND b.blocked_id = @viewer_id);

-- name: CreatePost :one
-- sqlc.narg is optional; hashtags is a nullable column; array_length may be NULL.
INSERT INTO social.posts (author_id, reply_to_id, body, visibility, hashtags)
VALUES (@author_id, sqlc.narg(reply_to_id), @body, @visibility, @hashtags)
RETURNING id, created_at, array_length(hashtags, 1) AS tag_count;

-- name: LikePost :many
-- a data-modifying CTE feeds UPDATE ... FROM.
WITH liked AS (
    INSERT INTO social.likes (account_id, post_id) VALUES (@account_id, @post_id)
    ON CONFLICT DO NOTHING
    RETURNING post_id
)
UPDATE social.posts p SET like_count = p.like_count + 1
FROM liked
WHERE p.id = liked.post_id
RETURNING p.id, p.like_count;
