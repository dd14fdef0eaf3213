-- name: UpdateDisplayName :one
-- Sets the display name; NULL keeps the current one.
UPDATE user_profiles
SET display_name = COALESCE(sqlc.narg(display_name), display_name), updated_at = now()
WHERE user_id = @user_id
RETURNING *;

-- name: AddXP :execrows
UPDATE user_profiles SET total_xp = total_xp + @xp WHERE user_id = @user_id;

-- name: DeleteProfile :exec
DELETE FROM user_profiles WHERE user_id = $1;

-- name: PatchProfile :one
-- A PATCH: the name set (or cleared with .set(nil)) or kept, the XP set or kept.
-- @patch display_name, total_xp
UPDATE user_profiles AS p
SET display_name = @display_name, total_xp = @total_xp, updated_at = now()
WHERE p.user_id = @user_id
RETURNING p.user_id, p.display_name, p.total_xp;
