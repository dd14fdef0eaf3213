-- name: Notifications :many
-- expect: id Int, kind String, is_read Bool, actor_username String?, post_body String?, message String?
-- expect: payload JSONValue?
-- params: recipientId Int, onlyUnread Bool?
-- why: IS NOT NULL is never NULL; LEFT JOINs make actor and post optional; json ->> text is text.
SELECT n.id, n.kind, n.read_at IS NOT NULL AS is_read, actor.username AS actor_username, p.body AS post_body,
       n.payload ->> 'message' AS message, n.payload
FROM social.notifications n
LEFT JOIN social.accounts actor ON actor.id = n.actor_id
LEFT JOIN social.posts p ON p.id = n.post_id
WHERE n.recipient_id = @recipient_id
  AND (sqlc.narg(only_unread)::boolean IS NULL OR (n.read_at IS NULL) = sqlc.narg(only_unread)::boolean)
ORDER BY n.created_at DESC;

-- name: MarkRead :execrows
-- expect: (none)
-- params: recipientId Int, ids [Int]
-- why: `id = ANY(@ids)` is bigint[].
UPDATE social.notifications SET read_at = now()
WHERE recipient_id = @recipient_id AND id = ANY (@ids) AND read_at IS NULL;

-- name: PurgeReadNotifications :execrows
-- expect: (none)
-- params: retention PostgresInterval
-- why: the cast types the parameter.
DELETE FROM social.notifications WHERE read_at < now() - @retention::interval;

-- name: UnreadByKind :many
-- expect: kind String, unread Int, oldest Date?
-- params: recipientId Int, minUnread Int
-- why: count with FILTER is never NULL; min with FILTER can see no row.
SELECT kind, count(*) FILTER (WHERE read_at IS NULL) AS unread,
       min(created_at) FILTER (WHERE read_at IS NULL) AS oldest
FROM social.notifications
WHERE recipient_id = @recipient_id
GROUP BY kind
HAVING count(*) FILTER (WHERE read_at IS NULL) >= @min_unread;

-- name: Notify :one
-- expect: id Int, created_at Date
-- params: recipientId Int, actorId Int?, postId Int?, kind String, payload JSONValue?
-- why: values for nullable columns are optional.
INSERT INTO social.notifications (recipient_id, actor_id, post_id, kind, payload)
VALUES (@recipient_id, @actor_id, @post_id, @kind, @payload)
RETURNING id, created_at;

-- name: NotifyFollowers :execrows
-- expect: (none)
-- params: postId Int?, authorId Int
-- why: INSERT ... SELECT: the select-list parameter takes the target column's type; post_id is nullable,
-- why: so the value is optional (expectation corrected: first written as Int).
INSERT INTO social.notifications (recipient_id, actor_id, post_id, kind)
SELECT f.follower_id, f.followee_id, @post_id, 'new_post'
FROM social.follows f
WHERE f.followee_id = @author_id;
