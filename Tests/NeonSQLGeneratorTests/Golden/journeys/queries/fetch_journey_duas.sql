-- name: FetchJourneyDuas :many
-- Duas of one journey, in the order the journey lists them.
SELECT jd.dua_id, jd.time_slot, d.title_en, c.slug AS category_slug
FROM journey_duas jd
JOIN duas d ON d.id = jd.dua_id
LEFT JOIN categories c ON c.id = d.category_id
WHERE jd.journey_id = @journey_id
ORDER BY jd.sort_order;
