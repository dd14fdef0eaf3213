-- name: AddMyXP :one
-- Adds XP to the signed-in user, with the level and streak rules of AddXP.
UPDATE user_profiles
SET total_xp = total_xp + @amount,
    level = CASE
        WHEN total_xp + @amount >= 50 * (level + 1) * (level + 1) + 50 * (level + 1) THEN level + 1
        ELSE level
    END,
    streak = CASE
        WHEN last_active_date = CURRENT_DATE THEN streak
        WHEN last_active_date = CURRENT_DATE - 1 THEN streak + 1
        ELSE 1
    END,
    last_active_date = CURRENT_DATE,
    updated_at = now()
WHERE user_id = auth.user_id()::uuid
RETURNING *;
