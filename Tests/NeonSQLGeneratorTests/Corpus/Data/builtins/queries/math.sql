-- name: Trigonometry :one
-- expect: a Double, b Double, d Double, r Double, p Double
-- params: id Int
-- why: acos, atan2, degrees, radians and pi are double precision functions of pg_catalog.
SELECT acos(ratio) AS a, atan2(ratio, ratio) AS b, degrees(ratio) AS d, radians(ratio) AS r, pi() AS p
FROM measurements WHERE id = @id;

-- name: NumericHelpers :many
-- expect: s Int, bucket Int, c Double, q Decimal
-- params: (none)
-- why: scale(numeric) is integer, width_bucket integer, cbrt double precision, div numeric.
SELECT scale(amount) AS s, width_bucket(ratio, 0, 1, 10) AS bucket, cbrt(ratio) AS c, div(amount, 3) AS q
FROM measurements;

-- name: BitShifts :many
-- expect: shifted Int, shifted_big Int, masked Int, inverted Int
-- params: mask Int
-- why: << and >> on integers are shifts of the left operand's type, not comparisons.
SELECT flags << 2 AS shifted, big >> 3 AS shifted_big, flags & @mask AS masked, ~flags AS inverted
FROM measurements;

-- name: BitAggregates :one
-- expect: x Int?, a Int?, o Int?
-- params: (none)
-- why: bit_xor exists since PostgreSQL 14; aggregates over no rows are NULL.
SELECT bit_xor(flags) AS x, bit_and(big) AS a, bit_or(small) AS o FROM measurements;

-- name: BitStrings :many
-- expect: masked String, longer String, len Int, first Int
-- params: (none)
-- why: bit & bit is bit, bit || bit is bit varying; bit_length and get_bit are integers.
SELECT (bits & B'10101010')::bit(8) AS masked, bits || B'1' AS longer, bit_length(bits) AS len, get_bit(bits, 0) AS first
FROM measurements;

-- name: MoneyArithmetic :many
-- expect: doubled Decimal, twice Decimal, half Decimal, ratio Double
-- params: (none)
-- why: money + money, money * integer and money / integer are money; money / money is double precision.
SELECT price + price AS doubled, price * 2 AS twice, price / 2 AS half, price / price AS ratio FROM measurements;

-- name: RoundingAndPowers :many
-- expect: r Decimal, t Double, m Int, p Decimal, s Decimal, l Decimal, e Double
-- params: (none)
-- why: the numeric overloads win for numeric input (exact match), the float8 ones for double precision.
SELECT round(amount, 1) AS r, trunc(ratio) AS t, mod(flags, 7) AS m, power(amount, 2) AS p, sqrt(amount) AS s,
       log(amount) AS l, exp(ratio) AS e
FROM measurements;

-- name: GcdLcmFactorial :many
-- expect: g Int, l Int, f Decimal, a Int?
-- params: (none)
-- why: lcm(bigint, integer) resolves to lcm(bigint, bigint); factorial is numeric; abs(smallint) keeps the nullable column's NULL.
SELECT gcd(flags, 12) AS g, lcm(big, 4) AS l, factorial(5) AS f, abs(small) AS a FROM measurements;

-- name: RandomNumbers :one
-- expect: r Double, n Int
-- params: (none)
-- why: random() is double precision and never NULL.
SELECT random() AS r, floor(random() * 10)::int AS n;

-- name: MoreNumericFunctions :many
-- expect: s Double, c Decimal, f Double, l Double, ms Int, ts Decimal
-- params: (none)
-- why: sign/floor/log10 of double precision stay double precision; min_scale is integer.
SELECT sign(ratio) AS s, ceil(amount) AS c, floor(ratio) AS f, log10(ratio) AS l, min_scale(amount) AS ms,
       trim_scale(amount) AS ts
FROM measurements;

-- name: PrefixOperators :many
-- expect: two_days PostgresInterval, half PostgresInterval?, negated PostgresInterval?, absolute Int, root Double, power Double
-- params: (none)
-- why: interval * integer is interval; prefix @ and |/ are absolute value and square root; 2 ^ 10 is double precision.
SELECT interval '1 day' * 2 AS two_days, span / 2 AS half, -span AS negated, @ -5 AS absolute, |/ 16.0 AS root,
       2 ^ 10 AS power
FROM measurements;

-- name: NumericCasts :many
-- expect: rounded Decimal, fixed Decimal, approx Double, as_bits String, from_bits Int
-- params: (none)
-- why: casts name their type; bit(32) from integer and back.
SELECT round(ratio::numeric, 2) AS rounded, ratio::numeric(10, 2) AS fixed, amount::float8 AS approx,
       flags::bit(32) AS as_bits, bits::integer AS from_bits
FROM measurements;

-- name: GreatestAndLeast :many
-- expect: g Int, l Double
-- params: (none)
-- why: the common type of integer, bigint and smallint is bigint; of double precision and numeric double precision.
SELECT greatest(flags, big, small) AS g, least(ratio, amount) AS l FROM measurements;

-- name: CountNulls :many
-- expect: missing Int, present Int
-- params: (none)
-- why: num_nulls and num_nonnulls take VARIADIC "any" and are never NULL.
SELECT num_nulls(small, vbits, span) AS missing, num_nonnulls(small, span) AS present FROM measurements;

-- name: SmallAggregates :many
-- expect: all_positive Bool, every_big Bool, grades Int, joined String
-- params: (none)
-- why: in a GROUP BY group, bool_and/every/string_agg of non-NULL input are not NULL.
SELECT bool_and(flags > 0) AS all_positive, every(big > 0) AS every_big, count(DISTINCT grade) AS grades,
       string_agg(grade::text, ',') AS joined
FROM measurements GROUP BY taken_on;

-- name: AggregatesOfNewTypes :one
-- expect: total_price Decimal?, mean_span PostgresInterval?, latest PostgresDate?, lowest_grade String?
-- params: (none)
-- why: sum(money) is money, avg(interval) interval, min("char") "char".
SELECT sum(price) AS total_price, avg(span) AS mean_span, max(taken_on) AS latest, min(grade) AS lowest_grade
FROM measurements;

-- name: ScaleMoney :exec
-- expect: (none)
-- params: factor Double, mask String, id Int
-- why: money * double precision is money; bit # unknown resolves to bit # bit.
UPDATE measurements SET price = price * @factor::float8, bits = bits # @mask WHERE id = @id;
