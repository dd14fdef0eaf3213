-- name: FetchCategories :many
-- All categories, by id.
SELECT * FROM categories ORDER BY id;
