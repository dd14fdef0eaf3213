-- name: FetchUserProfile :one
-- A user's profile: XP, level, streak.
SELECT * FROM user_profiles WHERE user_id = @user_id;
