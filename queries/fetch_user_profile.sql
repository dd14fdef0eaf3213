-- name: FetchUserProfile :one
-- A user's profile: XP, level, streak.
-- @cache max-age 5m
SELECT * FROM user_profiles WHERE user_id = @user_id;
