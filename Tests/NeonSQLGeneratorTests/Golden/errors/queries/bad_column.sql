-- name: UserNames :many
SELECT id, nmae
FROM users;
