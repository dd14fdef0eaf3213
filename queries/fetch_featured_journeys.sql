-- name: FetchFeaturedJourneys :many
-- Journeys shown on the home screen.
SELECT *
FROM journeys
WHERE is_featured = true
ORDER BY sort_order;
