-- name: Notifications :many
-- IS NOT NULL is never NULL; LEFT JOINs make actor and post optional; json ->> text is text.
SELECT n.id, n.kind, n.read_at IS NOT NULL AS is_read, actor.username AS actor_username, p.body AS post_body,
       n.payload ->> 'message' AS message, n.payload
FROM social.notifications n
LEFT JOIN social.accounts actor ON actor.id = n.actor_id
LEFT JOIN social.posts p ON p.id = n.post_id
WHERE n.recipient_id = @recipient_id
  AND (sqlc.narg(only_unread)::boolean IS NULL OR (n.read_at IS NULL) = sqlc.narg(only_unread)::boolean)
ORDER BY n.created_at DESC;
