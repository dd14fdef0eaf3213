-- name: FetchMyProfile :one
-- The signed-in user's profile (the user is the JWT's `sub`, never a parameter).
-- @cache max-age 5m
SELECT * FROM user_profiles WHERE user_id = auth.user_id()::uuid;
