-- name: MarkMyDuaCompleted :execrows
-- Records that the signed-in user completed a dua today and the XP it earned. Completing the
-- same dua twice in a day changes nothing: the result is 0 rows then.
INSERT INTO user_activity (user_id, date, duas_completed, xp_earned)
VALUES (auth.user_id()::uuid, CURRENT_DATE, ARRAY[@dua_id]::integer[], @xp_earned)
ON CONFLICT (user_id, date) DO UPDATE
SET duas_completed = array_append(COALESCE(user_activity.duas_completed, ARRAY[]::integer[]), @dua_id::integer),
    xp_earned = user_activity.xp_earned + EXCLUDED.xp_earned
WHERE NOT (@dua_id::integer = ANY(COALESCE(user_activity.duas_completed, ARRAY[]::integer[])));
