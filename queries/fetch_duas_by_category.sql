-- name: FetchDuasByCategory :many
-- The duas of one category, found by the category's slug.
SELECT d.*, c.slug AS category_slug
FROM duas d
JOIN categories c ON d.category_id = c.id
WHERE c.slug = @slug
ORDER BY d.id;
