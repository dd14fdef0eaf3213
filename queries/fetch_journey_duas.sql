-- name: FetchJourneyDuas :many
-- Duas of one journey, in the order the journey lists them.
SELECT jd.dua_id,
       jd.time_slot,
       jd.sort_order,
       d.title_en,
       d.title_ar,
       d.arabic_text,
       d.transliteration,
       d.translation_en,
       d.source,
       d.repetitions,
       d.xp_value,
       d.rizq_benefit,
       d.prophetic_context,
       d.difficulty,
       c.slug AS category_slug
FROM journey_duas jd
JOIN duas d ON d.id = jd.dua_id
LEFT JOIN categories c ON c.id = d.category_id
WHERE jd.journey_id = @journey_id
ORDER BY jd.sort_order ASC;
