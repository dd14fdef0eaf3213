-- name: FetchWeekActivity :many
-- A user's activity over the last seven days, newest first.
-- @cache max-age 5m
SELECT *
FROM user_activity
WHERE user_id = @user_id
  AND date >= CURRENT_DATE - 6
ORDER BY date DESC;
