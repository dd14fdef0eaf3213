-- name: RangeBounds :many
-- expect: seats PostgresRange<Int>, first_seat Int?, last_seat Int?, empty Bool, open_ended Bool
-- params: (none)
-- why: lower/upper of a range are NULL for an empty or unbounded range.
SELECT seats, lower(seats) AS first_seat, upper(seats) AS last_seat, isempty(seats) AS empty,
       upper_inf(during) AS open_ended
FROM bookings;

-- name: BookingsOverlapping :many
-- expect: id Int
-- params: seat Int, window PostgresRange<Date>
-- why: anyrange && anyrange with an untyped right side takes the left side's range type.
SELECT id FROM bookings WHERE seats @> @seat::integer AND during && @window;

-- name: RangeAlgebra :many
-- expect: overlap PostgresRange<Int>, merged PostgresRange<Int>, hull PostgresRange<Int>, adjacent Bool
-- params: (none)
-- why: * is intersection, + union, -|- adjacency.
SELECT seats * int4range(1, 10) AS overlap, seats + int4range(5, 20) AS merged,
       range_merge(seats, int4range(100, 200)) AS hull, seats -|- int4range(0, 1) AS adjacent
FROM bookings;

-- name: OptionalRanges :one
-- expect: days PostgresRange<PostgresDate>?, prices PostgresRange<Decimal>?, ids PostgresRange<Int>?, local_span PostgresRange<Date>?
-- params: id Int
-- why: every range type maps to PostgresRange of its subtype's Swift type.
SELECT days, prices, ids, local_span FROM bookings WHERE id = @id;

-- name: Multiranges :many
-- expect: history String?, includes_today Bool?, all_days String?
-- params: (none)
-- why: multiranges map to their text form; range_agg builds one.
SELECT history, history @> current_date AS includes_today, range_agg(days) AS all_days FROM bookings GROUP BY history;

-- name: RangeConstructors :one
-- expect: span PostgresRange<PostgresDate>, next_hour PostgresRange<Date>, r PostgresRange<Decimal>
-- params: startDay PostgresDate, endDay PostgresDate
-- why: daterange(date, date) types both parameters as date.
SELECT daterange(@start_day, @end_day) AS span, tstzrange(now(), now() + interval '1 hour', '[)') AS next_hour,
       numrange(1.5, 2.5) AS r;

-- name: MultirangeConstructors :many
-- expect: ms String, two String
-- params: (none)
-- why: multirange(anyrange) and int4multirange(VARIADIC int4range[]).
SELECT multirange(seats) AS ms, int4multirange(seats, int4range(50, 60)) AS two FROM bookings;

-- name: DisjointSeats :many
-- expect: disjoint Bool
-- params: other PostgresRange<Int>
-- why: only anyrange * anyrange accepts an int4range on the left.
SELECT isempty(seats * @other) AS disjoint FROM bookings;

-- name: NewBooking :one
-- expect: id Int
-- params: id Int, seats PostgresRange<Int>, during PostgresRange<Date>
-- why: range columns take PostgresRange parameters.
INSERT INTO bookings (id, seats, during) VALUES (@id, @seats, @during) RETURNING id;

-- name: PointsAndBoxes :many
-- expect: center PostgresPoint, x Double, a Double, dist Double, contains Bool
-- params: (none)
-- why: point[0] is x; area(box) and point <-> point are double precision.
SELECT center, center[0] AS x, area(bounds) AS a, center <-> point(0, 0) AS dist, bounds @> center AS contains FROM shapes;

-- name: BoxFunctions :many
-- expect: bounds String, middle PostgresPoint, h Double, w Double, degenerate String
-- params: (none)
-- why: center(box) is a point; box(point, point) a box.
SELECT bounds, center(bounds) AS middle, height(bounds) AS h, width(bounds) AS w, box(center, center) AS degenerate
FROM shapes;

-- name: Circles :many
-- expect: ring String?, r Double?, d Double?, around String
-- params: (none)
-- why: circle(point, double precision) accepts a numeric constant.
SELECT ring, radius(ring) AS r, diameter(ring) AS d, circle(center, 2.0) AS around FROM shapes;

-- name: PathsAndPolygons :many
-- expect: outline String?, n Int?, route String?, closed Bool?, len Double?, edge String?, axis String?
-- params: (none)
-- why: npoints is integer; length(path) double precision.
SELECT outline, npoints(outline) AS n, route, isclosed(route) AS closed, length(route) AS len, edge, axis FROM shapes;

-- name: PointArithmetic :many
-- expect: moved PostgresPoint, scaled PostgresPoint, same Bool, overlaps Bool
-- params: probe PostgresPoint
-- why: point + point and point * point are points; ~= types its parameter as point.
SELECT center + point(1, 1) AS moved, center * point(2, 0) AS scaled, center ~= @probe AS same,
       bounds && box(point(0, 0), point(1, 1)) AS overlaps
FROM shapes;

-- name: NearestShapes :many
-- expect: id Int
-- params: region String, origin PostgresPoint
-- why: point <-> point is the exact operator for an untyped right side.
SELECT id FROM shapes WHERE center <@ @region::box ORDER BY center <-> @origin LIMIT 5;

-- name: NewShape :exec
-- expect: (none)
-- params: id Int, center PostgresPoint, bounds String
-- why: point columns take PostgresPoint.
INSERT INTO shapes (id, center, bounds) VALUES (@id, @center, @bounds);

-- name: TypedConstants :one
-- expect: r PostgresRange<Int>, p PostgresPoint, m Decimal, c String, l String, rel String, mac8 String
-- params: (none)
-- why: typed constants of the new types.
SELECT '[1,5)'::int4range AS r, '(1,2)'::point AS p, '1.5'::money AS m, 'a'::"char" AS c, '0/16B3748'::pg_lsn AS l,
       'pg_class'::regclass AS rel, '00:11:22:33:44:55:66:77'::macaddr8 AS mac8;

-- name: ArrayHelpers :many
-- expect: zeros [Int]?, positions [Int]?, n Int
-- params: (none)
-- why: array_fill(anyelement, integer[]) and array_positions(anycompatiblearray, anycompatible) resolve polymorphically.
SELECT array_fill(0, ARRAY[3]) AS zeros, array_positions(ARRAY[flags, flags], flags) AS positions,
       cardinality(ARRAY[1, 2]) AS n
FROM measurements;
