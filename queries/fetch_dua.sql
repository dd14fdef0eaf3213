-- name: FetchDua :one
-- One dua by id, with its category's slug.
SELECT d.*, c.slug AS category_slug
FROM duas d
LEFT JOIN categories c ON c.id = d.category_id
WHERE d.id = @id;
