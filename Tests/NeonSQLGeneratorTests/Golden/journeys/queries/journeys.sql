-- name: GetJourneyBySlug :one
-- One journey by its slug.
SELECT id, slug, name, is_featured
FROM journeys
WHERE slug = $1;

-- name: ListJourneys :many
SELECT id, slug, name FROM journeys ORDER BY is_featured DESC, sort_order;

-- name: FetchDuasForJourneys :many
-- The duas of several journeys at once (one round trip for the Adkhar screen).
SELECT jd.journey_id, jd.dua_id, jd.time_slot
FROM journey_duas jd
WHERE jd.journey_id = ANY(@journey_ids::int[])
ORDER BY jd.journey_id, jd.sort_order;
