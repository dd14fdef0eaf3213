-- name: CallNames :many
-- expect: upper String, length Int, lower String
-- params: (none)
-- swift: upper, length, lower
-- why: a function call is named after the function (FigureColname).
SELECT upper(p.title), length(p.title), lower(w.name) FROM posts p JOIN writers w ON w.id = p.writer_id;

-- name: ConditionalNames :many
-- expect: coalesce String, nullif Int?, greatest Int, least Int
-- params: (none)
-- swift: coalesce, nullif, greatest, least
-- why: COALESCE, NULLIF, GREATEST and LEAST are named after the keyword.
SELECT coalesce(body, ''), nullif(score, 0), greatest(score, 1), least(score, 1) FROM posts;

-- name: CastsKeepTheColumnName :many
-- expect: id Int, title String, score Int, rating Double?
-- params: (none)
-- swift: id, title, score, rating
-- why: a cast of a column keeps the column's name.
SELECT id::int, title::varchar, score::bigint, rating::float8 FROM posts;

-- name: CastsOfConstants :one
-- expect: int4 Int, varchar String, numeric Decimal, bool Bool
-- params: (none)
-- swift: int4, varchar, numeric, bool
-- why: a cast of a constant is named after the type as pg_type spells it (integer is int4).
SELECT 1::integer, 'x'::character varying(3), 2.5::numeric(4, 2), true::boolean;

-- name: TypedLiterals :one
-- expect: date PostgresDate, interval PostgresInterval, timestamptz Date
-- params: (none)
-- swift: date, interval, timestamptz
-- why: a typed literal is a cast of a constant: named after its type.
SELECT date '2024-01-31', interval '1 day', timestamp with time zone '2024-01-01 00:00:00+00';

-- name: CastsOfCasts :one
-- expect: int8 Int, int4 Int, int8 Int
-- params: (none)
-- swift: int8, int4, int82
-- why: the outer cast replaces a type name (strength 1) with its own; the repeated int8 is int82.
SELECT 1::int::bigint, '7'::text::int, (1 + 1)::bigint;

-- name: CaseNames :many
-- expect: score Int, case String?
-- params: (none)
-- swift: score, case
-- why: CASE takes the name of its ELSE when that is a column or call, else it is named case.
SELECT CASE WHEN score > 1 THEN 0 ELSE score END, CASE WHEN score > 1 THEN title END FROM posts;

-- name: CaseCastNames :many
-- expect: int8 Int?, case Int, body String?
-- params: (none)
-- swift: int8, case, body
-- why: a cast of CASE takes the type name; an ELSE cast of a constant leaves case; ELSE body names it body.
SELECT (CASE WHEN score > 1 THEN 1 END)::bigint, CASE WHEN score > 1 THEN 1 ELSE 2::int END,
       CASE WHEN score > 1 THEN 'a' ELSE body END
FROM posts;

-- name: ConstructNames :many
-- expect: array [Int], exists Bool
-- params: (none)
-- swift: array, exists
-- why: ARRAY[...] is named array and EXISTS exists.
SELECT ARRAY[id, writer_id], EXISTS (SELECT 1 FROM comments c WHERE c.post_id = p.id) FROM posts p;

-- name: SubqueryNames :many
-- expect: max String?, array [Int]
-- params: (none)
-- swift: max, array
-- why: a scalar subquery is named after its column; ARRAY(SELECT ...) is array.
SELECT (SELECT max(name) FROM writers), ARRAY(SELECT id FROM comments) FROM posts;

-- name: CastSubqueryKeepsItsColumnName :many
-- expect: count Int, title String?
-- params: (none)
-- swift: count, title
-- why: a subquery's column name has strength 2: a cast keeps it.
SELECT (SELECT count(*) FROM comments)::int, (SELECT title FROM posts LIMIT 1) FROM writers;

-- name: KeywordFunctions :many
-- expect: substring String, position Int, btrim String, overlay String
-- params: (none)
-- swift: substring, position, btrim, overlay
-- why: SQL's keyword syntax is named after the function it calls (TRIM calls btrim).
SELECT substring(title FROM 1 FOR 2), position('a' IN title), trim(title), overlay(title PLACING 'x' FROM 1) FROM posts;

-- name: ExtractAndZone :many
-- expect: extract Decimal, date_part Double, timezone Date
-- params: (none)
-- swift: extract, datePart, timezone
-- why: EXTRACT calls extract, AT TIME ZONE calls timezone.
SELECT extract(year FROM created_at), date_part('year', created_at), created_at AT TIME ZONE 'UTC' FROM posts;

-- name: ValueFunctions :one
-- expect: current_date PostgresDate, current_timestamp Date, localtime PostgresTime, session_user String, current_catalog String
-- params: (none)
-- swift: currentDate, currentTimestamp, localtime, sessionUser, currentCatalog
-- why: CURRENT_DATE and the other SQL value functions are named after the keyword.
SELECT current_date, current_timestamp, localtime, session_user, current_catalog;

-- name: SubscriptNames :many
-- expect: tags String?, meta JSONValue?, ?column? JSONValue?
-- params: (none)
-- swift: tags, meta, column3
-- why: a subscript keeps the subscripted column's name; the -> operator has none.
SELECT tags[1], meta['k'], meta -> 'k' FROM posts;

-- name: CollateKeepsTheName :many
-- expect: title String, lower String
-- params: (none)
-- swift: title, lower
-- why: COLLATE is transparent to the name.
SELECT title COLLATE "C", lower(title) COLLATE "C" FROM posts;

-- name: GroupedAggregates :many
-- expect: writer_id Int, count Int, sum Int, max Date
-- params: (none)
-- swift: writerId, count, sum, max
-- why: aggregates are named after the function; each group has a row, so sum and max of NOT NULL columns are not NULL.
SELECT writer_id, count(*), sum(score), max(created_at) FROM posts GROUP BY writer_id;

-- name: WindowNames :many
-- expect: id Int, row_number Int, rank Int, lag String?
-- params: (none)
-- swift: id, rowNumber, rank, lag
-- why: window functions are named after the function.
SELECT id, row_number() OVER w, rank() OVER w, lag(title) OVER w FROM posts WINDOW w AS (ORDER BY id);

-- name: GroupingName :many
-- expect: score Int?, grouping Int, count Int
-- params: (none)
-- swift: score, grouping, count
-- why: GROUPING(...) is named grouping; ROLLUP's total row has NULL score.
SELECT score, GROUPING(score), count(*) FROM posts GROUP BY ROLLUP (score);

-- name: FunctionStyleCasts :many
-- expect: int4 Int, text String, float8 Double
-- params: (none)
-- swift: int4, text, float8
-- why: int4(x) is a function call: named after the function, not the column.
SELECT int4(score), text(id), float8(score) FROM posts;

-- name: CastParameters :one
-- expect: int4 Int, text String
-- params: limitN Int, label String
-- swift: int4, text
-- why: a cast parameter is named after the type.
SELECT @limit_n::int, @label::text;

-- name: QualifiedStarAndColumn :many
-- expect: id Int, name String, email String?, joined_on PostgresDate, title String
-- params: (none)
-- swift: id, name, email, joinedOn, title
-- why: w.* expands to the table's columns under their own names.
SELECT w.*, p.title FROM writers w JOIN posts p ON p.writer_id = w.id;

-- name: JSONOperatorsAreUnnamed :many
-- expect: ?column? String?, ?column? Bool, ?column? Bool
-- params: (none)
-- swift: column1, column2, column3
-- why: operators have no name: ?column?, generated as column<N>.
SELECT meta ->> 'k', meta ? 'k', meta @> '{}' FROM posts;
