-- name: SearchDuas :many
-- Duas whose English title contains `text`, optionally only those of one category and worth at
-- least some XP: a search screen's filters, each left out of the SQL sent when not given, in the
-- order the user picks.
-- @optional category_slug, min_xp
-- @sort order: d.id, xp_value DESC, (d.title_en, d.id)
SELECT d.id, d.title_en, d.xp_value, c.slug AS category_slug
FROM duas d
LEFT JOIN categories c ON c.id = d.category_id
WHERE d.title_en ILIKE '%' || @text || '%'
  AND c.slug = @category_slug
  AND d.xp_value >= @min_xp
ORDER BY @order, d.id;
