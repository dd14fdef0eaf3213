-- name: UpdateDisplayName :one
-- Sets a user's display name; passing nil keeps the current one.
UPDATE user_profiles
SET display_name = COALESCE(@display_name, display_name),
    updated_at = now()
WHERE user_id = @user_id
RETURNING *;
