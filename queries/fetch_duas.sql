-- name: FetchDuas :many
-- Every dua with the name and slug of its category and collection, by id.
SELECT d.*,
       c.name    AS category_name,
       c.slug    AS category_slug,
       col.name  AS collection_name,
       col.slug  AS collection_slug
FROM duas d
LEFT JOIN categories c ON d.category_id = c.id
LEFT JOIN collections col ON d.collection_id = col.id
ORDER BY d.id;
