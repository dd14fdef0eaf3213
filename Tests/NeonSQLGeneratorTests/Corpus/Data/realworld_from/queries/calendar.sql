-- name: CalendarDays :many
-- expect: day PostgresDate, i Int
-- params: fromDay PostgresDate, toDay PostgresDate
-- why: a generate_series calendar WITH ORDINALITY, renamed by the alias list.
SELECT g.d::date AS day, g.i
FROM generate_series(@from_day::date, @to_day::date, interval '1 day') WITH ORDINALITY AS g(d, i);

-- name: EventsPerDay :many
-- expect: day Date, events Int
-- params: fromDay Date, toDay Date
-- why: days LEFT JOINed to events and counted.
SELECT g.day, count(e.id) AS events
FROM generate_series(@from_day::timestamptz, @to_day::timestamptz, interval '1 day') AS g(day)
LEFT JOIN events e ON e.at >= g.day AND e.at < g.day + interval '1 day'
GROUP BY g.day
ORDER BY g.day;

-- name: HoursOfDay :many
-- expect: h Int
-- params: (none)
-- why: generate_series aliased h: its column is h.
SELECT h FROM generate_series(0, 23) AS h;

-- name: SeriesUnaliased :many
-- expect: generate_series Int
-- params: n Int
-- why: without an alias the column is named after the function.
SELECT generate_series FROM generate_series(1, @n::int);

-- name: WeeksWithOrdinality :many
-- expect: w Int, ordinality Int
-- params: (none)
-- why: an alias without a column list renames the scalar column, not ordinality.
SELECT w, ordinality FROM generate_series(1, 52) WITH ORDINALITY AS w;

-- name: MonthsLateral :many
-- expect: id UUID, month Date
-- params: (none)
-- why: generate_series of timestamptz, LATERAL over a table column.
SELECT a.id, m.month
FROM accounts a
CROSS JOIN LATERAL generate_series(date_trunc('month', a.created_at), now(), interval '1 month') AS m(month);
