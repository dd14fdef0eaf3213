-- name: FetchFeaturedJourneys :many
-- Journeys shown on the home screen.
-- @cache max-age 10m
SELECT *
FROM journeys
WHERE is_featured = true
ORDER BY sort_order;
