-- name: SearchDuas :many
-- Duas whose English title matches, optionally in one category and worth at least some XP.
-- @optional category_slug, min_xp
-- @sort order: d.title_en, xp_value DESC, (c.name NULLS LAST, d.title_en)
SELECT d.id, d.title_en, c.name AS category_name, d.xp_value
FROM duas d
LEFT JOIN categories c ON c.id = d.category_id
WHERE d.title_en ILIKE '%' || @query || '%'
  AND c.slug = @category_slug
  AND d.xp_value >= @min_xp
ORDER BY @order, d.id;

-- name: JourneyDuasInSlot :batchmany
-- A journey's duas, in one time slot when given.
-- @optional time_slot
SELECT jd.dua_id, jd.time_slot
FROM journey_duas jd
WHERE jd.journey_id = @journey_id AND jd.time_slot = @time_slot
ORDER BY jd.sort_order;
