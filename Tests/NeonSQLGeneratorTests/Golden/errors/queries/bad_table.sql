-- name: Missing :one
SELECT id FROM userz WHERE id = $1;

-- name: Fine :many
SELECT id, email FROM users;
