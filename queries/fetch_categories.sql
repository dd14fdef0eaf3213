-- name: FetchCategories :many
-- All categories, by id.
-- @cache max-age 10m
SELECT * FROM categories ORDER BY id;
