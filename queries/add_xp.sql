-- name: AddXP :one
-- Adds XP to a user, raising the level when the new total crosses the next threshold, and
-- keeps the streak: same day keeps it, the day after raises it, a gap restarts it at 1.
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
WHERE user_id = @user_id
RETURNING *;
