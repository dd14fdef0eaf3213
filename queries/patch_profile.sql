-- name: PatchProfile :one
-- A profile PATCH: each field is set (`.set(nil)` clears the display name) or kept as it is;
-- `updated_at` is always refreshed.
-- @patch display_name, last_active_date
UPDATE user_profiles
SET display_name = @display_name,
    last_active_date = @last_active_date,
    updated_at = now()
WHERE user_id = @user_id
RETURNING *;
