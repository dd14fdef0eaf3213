-- name: FetchCollections :many
-- All collections, by id.
-- @cache max-age 10m
SELECT * FROM collections ORDER BY id;
