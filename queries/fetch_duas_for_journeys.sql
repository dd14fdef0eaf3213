-- name: FetchDuasForJourneys :many
-- The duas of several journeys in one round trip (the Daily Adkhar screen), grouped by time
-- slot, then journey, then the journey's own order.
SELECT jd.journey_id,
       jd.dua_id,
       jd.time_slot,
       jd.sort_order,
       d.title_en,
       d.arabic_text,
       d.transliteration,
       d.translation_en,
       d.source,
       d.repetitions,
       d.xp_value,
       d.rizq_benefit,
       d.prophetic_context
FROM journey_duas jd
JOIN duas d ON d.id = jd.dua_id
WHERE jd.journey_id = ANY(@journey_ids)
ORDER BY jd.time_slot, jd.journey_id, jd.sort_order;
