-- name: FetchJourneys :many
-- All journeys, featured first, then in the curated order.
-- @cache max-age 10m
SELECT *
FROM journeys
ORDER BY is_featured DESC, sort_order ASC;
