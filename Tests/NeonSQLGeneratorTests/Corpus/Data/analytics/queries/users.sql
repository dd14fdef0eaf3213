-- name: UserAges :many
-- expect: id UUID, handle String, age PostgresInterval?, tenure PostgresInterval, trial_ends Date
-- expect: years Double?, signup_dow Decimal
-- params: trial PostgresInterval
-- why: age(birth_date) is NULL without a birth date; extract(... from timestamptz) is numeric.
SELECT id, handle, age(birth_date) AS age, now() - signed_up_at AS tenure,
       signed_up_at + @trial::interval AS trial_ends, date_part('year', age(birth_date)) AS years,
       extract(dow from signed_up_at) AS signup_dow
FROM users;

-- name: UsersByCountry :many
-- expect: country String?, users Int, pct Decimal
-- params: (none)
-- why: the country group includes NULL; a window sum over all rows (no frame clause) of count(*) is not NULL.
SELECT country, count(*) AS users, round(100.0 * count(*) / sum(count(*)) OVER (), 1) AS pct
FROM users
WHERE deleted_at IS NULL
GROUP BY country
ORDER BY users DESC;

-- name: WeeklyRetention :many
-- expect: cohort Date, offset_interval PostgresInterval, active Int
-- params: (none)
-- why: CTE columns keep their nullability; date_trunc of NOT NULL timestamps is not NULL.
WITH cohorts AS (
    SELECT id AS user_id, date_trunc('week', signed_up_at) AS cohort FROM users
), activity AS (
    SELECT DISTINCT s.user_id, date_trunc('week', s.started_at) AS week FROM sessions s
)
SELECT c.cohort, (a.week - c.cohort) AS offset_interval, count(DISTINCT a.user_id) AS active
FROM cohorts c
JOIN activity a ON a.user_id = c.user_id
GROUP BY 1, 2
ORDER BY 1, 2;

-- name: DailyActiveByPlan :many
-- expect: day PostgresDate, plan String, users Int
-- params: (none)
-- why: CTE then join; every column is NOT NULL.
WITH dau AS (
    SELECT started_at::date AS day, user_id FROM sessions WHERE user_id IS NOT NULL GROUP BY 1, 2
)
SELECT d.day, u.plan, count(*) AS users
FROM dau d
JOIN users u ON u.id = d.user_id
GROUP BY d.day, u.plan
ORDER BY d.day;

-- name: SoftDeleteUser :one
-- expect: id UUID, handle String, deleted_at Date?
-- params: id UUID
-- why: RETURNING keeps deleted_at's declared nullability; text || text || text is text.
UPDATE users SET deleted_at = now(), handle = handle || '-deleted-' || substr(md5(random()::text), 1, 6)
WHERE id = @id AND deleted_at IS NULL
RETURNING id, handle, deleted_at;

-- name: CreateUser :one
-- expect: id UUID, handle String, country String?, plan String, signed_up_at Date, deleted_at Date?
-- expect: birth_date PostgresDate?
-- params: handle String, country String?, birthDate PostgresDate?
-- why: RETURNING * keeps declared nullability; char(2) maps to String.
INSERT INTO users (handle, country, signed_up_at, birth_date)
VALUES (@handle, @country, now(), @birth_date)
RETURNING *;

-- name: UsersByHandles :many
-- expect: id UUID, handle String, initials String
-- params: handles [String]
-- why: upper(left(...)) is strict over NOT NULL handle.
SELECT id, handle, upper(left(handle, 2)) AS initials FROM users WHERE handle = ANY (@handles);

-- name: UsersSignedUpBetween :many
-- expect: id UUID, signed_up_at Date
-- params: signedUpAt Date, signedUpAt2 Date
-- why: positional parameters are named after the column they are compared with.
SELECT id, signed_up_at FROM users WHERE signed_up_at BETWEEN $1 AND $2 ORDER BY signed_up_at;

-- name: UserPlanLabel :many
-- expect: id UUID, label String, is_paid Bool
-- params: (none)
-- why: searched CASE with ELSE over NOT NULL branches; `plan <> 'free'` is strict over a NOT NULL column.
SELECT id,
       CASE WHEN plan = 'free' THEN 'Free' WHEN plan = 'pro' THEN 'Pro' ELSE initcap(plan) END AS label,
       plan <> 'free' AS is_paid
FROM users;

-- name: UsersMatching :many
-- expect: id UUID, handle String
-- params: country String?, plan String?
-- why: `@p IS NULL OR col = @p` gives NULL a meaning (no filter).
SELECT id, handle FROM users
WHERE (@country::text IS NULL OR country = @country::text) AND (@plan::text IS NULL OR plan = @plan::text);

-- name: UserBirthdays :many
-- expect: id UUID, next_birthday PostgresDate?, birth_month Int?
-- params: (none)
-- why: date arithmetic and extract over a nullable date are nullable.
SELECT id, (birth_date + interval '1 year')::date AS next_birthday, extract(month from birth_date)::int AS birth_month
FROM users;
