-- name: HomeTimeline :many
-- expect: id Int, body String, created_at Date, username String, display_name String?, reply_to_id Int?
-- expect: reply_to_body String?
-- params: viewerId Int, before Date
-- why: the parent post is LEFT JOINed.
SELECT p.id, p.body, p.created_at, a.username, a.display_name, p.reply_to_id, parent.body AS reply_to_body
FROM social.posts p
JOIN social.accounts a ON a.id = p.author_id
LEFT JOIN social.posts parent ON parent.id = p.reply_to_id
WHERE p.author_id IN (SELECT followee_id FROM social.follows WHERE follower_id = @viewer_id)
  AND p.created_at < @before
ORDER BY p.created_at DESC
LIMIT 50;

-- name: PublicTimeline :many
-- expect: id Int, body String, created_at Date, username String, display_name String?, reply_to_id Int?
-- expect: likes Int
-- params: username String
-- why: the view's columns follow its definition; the like count is a one-row aggregate subquery.
SELECT * FROM social.timeline WHERE username = @username ORDER BY created_at DESC;

-- name: LatestPostPerAuthor :many
-- expect: author_id Int, id Int, body String, created_at Date
-- params: (none)
-- why: DISTINCT ON keeps the columns as they are.
SELECT DISTINCT ON (p.author_id) p.author_id, p.id, p.body, p.created_at
FROM social.posts p
ORDER BY p.author_id, p.created_at DESC;

-- name: TopPostsOfFollowees :many
-- expect: username String, post_id Int, like_count Int
-- params: viewerId Int
-- why: CROSS JOIN LATERAL keeps the subquery's NOT NULL columns.
SELECT a.username, top.id AS post_id, top.like_count
FROM social.follows f
JOIN social.accounts a ON a.id = f.followee_id
CROSS JOIN LATERAL (
    SELECT p.id, p.like_count FROM social.posts p WHERE p.author_id = a.id ORDER BY p.like_count DESC LIMIT 3
) AS top
WHERE f.follower_id = @viewer_id;

-- name: AuthorStats :many
-- expect: id Int, username String, posts Int, last_post_at Date?
-- params: (none)
-- why: the aggregate subquery without GROUP BY yields exactly one row per account and ON true
-- why: always holds, so LEFT JOIN LATERAL never null-extends it: count(*) stays NOT NULL, max over
-- why: an author without posts is NULL.
SELECT a.id, a.username, stats.posts, stats.last_post_at
FROM social.accounts a
LEFT JOIN LATERAL (
    SELECT count(*) AS posts, max(p.created_at) AS last_post_at FROM social.posts p WHERE p.author_id = a.id
) stats ON true;

-- name: PostsWithTag :many
-- expect: id Int, body String
-- params: tag String
-- why: `@tag = ANY(hashtags)` takes the element type.
SELECT p.id, p.body FROM social.posts p WHERE @tag = ANY (p.hashtags) AND p.visibility = 'public';

-- name: TrendingTags :many
-- expect: tag String, uses Int
-- params: (none)
-- why: unnest of a nullable array column yields no row for NULL, and table arrays hold no NULL elements.
SELECT lower(tag) AS tag, count(*) AS uses
FROM social.posts p, unnest(p.hashtags) AS tag
WHERE p.created_at > now() - interval '1 day'
GROUP BY 1
ORDER BY uses DESC
LIMIT 10;

-- name: VisiblePosts :many
-- expect: id Int, visibility Visibility, can_see Bool
-- params: viewerId Int
-- why: CASE over an enum with ELSE; each branch is NOT NULL.
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
-- expect: id Int, created_at Date, tag_count Int?
-- params: authorId Int, replyToId Int?, body String, visibility Visibility, hashtags [String]?
-- why: sqlc.narg is optional; hashtags is a nullable column; array_length may be NULL.
INSERT INTO social.posts (author_id, reply_to_id, body, visibility, hashtags)
VALUES (@author_id, sqlc.narg(reply_to_id), @body, @visibility, @hashtags)
RETURNING id, created_at, array_length(hashtags, 1) AS tag_count;

-- name: EditPost :one
-- expect: id Int, body String, edited_at Date?, hashtags [String]?
-- params: body String, removedTag String, id Int, authorId Int
-- why: array_remove(text[], unknown) types the parameter as text; RETURNING keeps declared nullability.
UPDATE social.posts SET body = @body, edited_at = now(), hashtags = array_remove(hashtags, @removed_tag)
WHERE id = @id AND author_id = @author_id
RETURNING id, body, edited_at, hashtags;

-- name: LikePost :many
-- expect: id Int, like_count Int
-- params: accountId Int, postId Int
-- why: a data-modifying CTE feeds UPDATE ... FROM.
WITH liked AS (
    INSERT INTO social.likes (account_id, post_id) VALUES (@account_id, @post_id)
    ON CONFLICT DO NOTHING
    RETURNING post_id
)
UPDATE social.posts p SET like_count = p.like_count + 1
FROM liked
WHERE p.id = liked.post_id
RETURNING p.id, p.like_count;

-- name: Thread :many
-- expect: id Int, reply_to_id Int?, body String, username String, depth Int
-- params: rootId Int
-- why: recursive CTE over replies.
WITH RECURSIVE thread AS (
    SELECT id, reply_to_id, body, author_id, 0 AS depth FROM social.posts WHERE id = @root_id
    UNION ALL
    SELECT p.id, p.reply_to_id, p.body, p.author_id, t.depth + 1
    FROM social.posts p
    JOIN thread t ON p.reply_to_id = t.id
)
SELECT t.id, t.reply_to_id, t.body, a.username, t.depth
FROM thread t
JOIN social.accounts a ON a.id = t.author_id
ORDER BY t.depth, t.id;

-- name: PostLikes :many
-- expect: id Int, likes Int, liked_by_viewer Bool?, last_like_at Date?
-- params: viewerId Int, authorId Int
-- why: count(column) is never NULL; the LEFT JOINed likes make bool_or and max optional.
SELECT p.id, count(l.account_id) AS likes, bool_or(l.account_id = @viewer_id) AS liked_by_viewer,
       max(l.created_at) AS last_like_at
FROM social.posts p
LEFT JOIN social.likes l ON l.post_id = p.id
WHERE p.author_id = @author_id
GROUP BY p.id;

-- name: RepliesExcludingBlocked :many
-- expect: id Int
-- params: viewerId Int, replyToId Int?
-- why: IS NOT DISTINCT FROM an explicitly nullable parameter.
SELECT id FROM social.posts
WHERE author_id NOT IN (SELECT blocked_id FROM social.blocks WHERE blocker_id = @viewer_id)
  AND reply_to_id IS NOT DISTINCT FROM sqlc.narg(reply_to_id);

-- name: MostLikedPosts :many
-- expect: id Int, like_count Int
-- params: authorId Int, thresholds [Int]
-- why: ALL over a subquery and over an array parameter (integer[]).
SELECT id, like_count FROM social.posts
WHERE like_count > ALL (SELECT like_count FROM social.posts WHERE author_id = @author_id)
  AND like_count >= ALL (@thresholds::int[]);

-- name: AuthorDigest :many
-- expect: author_id Int, bodies String, ids [Int]
-- params: (none)
-- why: string_agg and array_agg of NOT NULL values over a non-empty group are not NULL.
SELECT p.author_id, string_agg(p.body, ' | ' ORDER BY p.created_at) AS bodies, array_agg(p.id ORDER BY p.id DESC) AS ids
FROM social.posts p
GROUP BY p.author_id;

-- name: PostRanks :many
-- expect: id Int, author_id Int, like_count Int, author_rank Int, vs_avg Decimal, total Int
-- params: (none)
-- why: avg over a partition (no frame clause) of NOT NULL values is not NULL; integer - numeric is numeric.
SELECT id, author_id, like_count,
       rank() OVER (PARTITION BY author_id ORDER BY like_count DESC) AS author_rank,
       like_count - avg(like_count) OVER (PARTITION BY author_id) AS vs_avg,
       count(*) OVER () AS total
FROM social.posts;

-- name: CountByVisibility :one
-- expect: n Int
-- params: visibility Visibility
-- why: a cast to a schema-qualified enum types the parameter.
SELECT count(*) AS n FROM social.posts WHERE visibility = @visibility::social.visibility;

-- name: PostText :many
-- expect: id Int, mention_at Int, chars Int, normalized String, is_reply Bool
-- params: (none)
-- why: strict string functions over NOT NULL body.
SELECT id, position('@' in body) AS mention_at, char_length(body) AS chars,
       regexp_replace(body, '\s+', ' ', 'g') AS normalized, starts_with(body, '@') AS is_reply
FROM social.posts;

-- name: LikesOnNotifiedPosts :many
-- expect: post_id Int, account_id Int, kind String
-- params: (none)
-- why: JOIN ... USING merges post_id; an inner join's merged column is NOT NULL.
SELECT post_id, l.account_id, n.kind
FROM social.likes l
JOIN social.notifications n USING (post_id);

-- name: AuthorsWithSomePosts :many
-- expect: id Int, posts Int?
-- params: (none)
-- why: the aggregate subquery yields one row, but ON s.posts > 0 can be false: LEFT JOIN then
-- why: null-extends it.
SELECT a.id, s.posts
FROM social.accounts a
LEFT JOIN LATERAL (SELECT count(*) AS posts FROM social.posts p WHERE p.author_id = a.id) s ON s.posts > 0;

-- name: AuthorPostsPerVisibility :many
-- expect: id Int, visibility Visibility?, posts Int?
-- params: (none)
-- why: with GROUP BY the subquery yields one row per group, none for an author without posts:
-- why: LEFT JOIN LATERAL ... ON true still null-extends.
SELECT a.id, s.visibility, s.posts
FROM social.accounts a
LEFT JOIN LATERAL (
    SELECT p.visibility, count(*) AS posts FROM social.posts p WHERE p.author_id = a.id GROUP BY p.visibility
) s ON true;

-- name: PostLikeStatsByAuthorRollup :many
-- expect: author_id Int?, visibility Visibility?, posts Int, likes Int?, rolled_up Int
-- params: (none)
-- why: GROUPING SETS with a nested ROLLUP: (author_id, visibility), (author_id) and () rows.
SELECT author_id, visibility, count(*) AS posts, sum(like_count) AS likes, grouping(author_id, visibility) AS rolled_up
FROM social.posts
GROUP BY GROUPING SETS (ROLLUP (author_id, visibility));
