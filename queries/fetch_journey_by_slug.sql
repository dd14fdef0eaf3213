-- name: FetchJourneyBySlug :one
-- One journey by its URL slug.
SELECT *
FROM journeys
WHERE slug = @slug;
