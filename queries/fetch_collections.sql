-- name: FetchCollections :many
-- All collections, by id.
SELECT * FROM collections ORDER BY id;
