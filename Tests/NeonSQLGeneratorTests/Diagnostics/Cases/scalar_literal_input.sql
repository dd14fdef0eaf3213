--- schema.sql
CREATE DOMAIN posint AS integer CHECK (VALUE > 0);
CREATE TABLE lit (id integer PRIMARY KEY, small smallint, big bigint, flag boolean, uid uuid, data bytea,
  amount numeric(10, 2), ratio float8, score real, doc json, docb jsonb, pos posint, tags text[], name text,
  nums integer[], flags boolean[]);
--- queries.sql
-- name: AcceptedCasts :many
SELECT ' 12 '::int AS a, '+5'::int2 AS b, '-0'::int8 AS c, '-9223372036854775808'::bigint AS d,
  'TrUe'::bool AS e, ' yes '::boolean AS f, 'of'::bool AS g, ' 0 '::bool AS h,
  '{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}'::uuid AS i, 'A0EEBC999C0B4EF8BB6D6BB9BD380A11'::uuid AS j,
  'a0ee-bc99-9c0b-4ef8-bb6d-6bb9-bd38-0a11'::uuid AS k,
  '\x'::bytea AS l, '\x 41 42 '::bytea AS m, 'abc\\\001'::bytea AS n, E'\\x0a\n0B'::bytea AS o,
  '1e-310'::float8 AS p, ' -inf '::float8 AS q, 'nan(1)'::float8 AS r, '0x1p3'::float8 AS s, '-Infinity'::real AS t,
  '1e-45'::float4 AS u, 'NaN'::numeric AS v, ' +inf '::numeric AS w, '1e 5'::numeric AS x, '.5'::numeric AS y,
  ' { "a" : [1, -2.5e3, true, null] } '::json AS z, '"\ud800"'::json AS aa, '{"a": "\u00e9\ud83d\ude00"}'::jsonb AS ab,
  CAST(' 7 ' AS smallint) AS ac, CAST('off' AS boolean) AS ad, ' 3 '::posint AS ae FROM lit;
-- name: AcceptedTypedLiterals :many
SELECT int4 ' 12 ' AS a, bool 'y' AS b, uuid 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' AS c, float8 '1e308' AS d,
  jsonb '[]' AS e, numeric '-.5e3' AS f, bytea '\x00' AS g, int8 '+42' AS h FROM lit;
-- name: AcceptedContexts :many
SELECT id FROM lit WHERE id = ' 7 ' AND flag = 'on' AND uid = '{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}' AND ratio < '1e-310'
  AND amount > '.5' AND jsonb_contains(docb, '{"a": 1}') AND big IN ('1', ' 2 ') AND small BETWEEN '-1' AND '+1'
  AND data = '\x41' AND score <> 'inf' AND doc::text = 'abc' AND pos = '5' AND id + '1' > 0;
-- name: AcceptedOtherTypes :many
SELECT docb -> 'a' AS a, docb ->> 'b' AS b, docb ? 'c' AS c, docb #> '{d,e}' AS d, docb - 'f' AS e, docb #- '{g}' AS f,
  doc -> 'h' AS g, id::text = 'abc' AS h, 'abc' || id AS i, concat('x', id) AS j, coalesce(name, 'x') AS k,
  format('%s', 'x') AS l, arraycontains(tags, '{a}') AS m, data || '\x41' AS n, position('x' in name) AS o,
  CASE WHEN flag THEN 'abc' ELSE name END AS p, jsonb_build_object('k', 'v') AS q, left(name, ' 2 ') AS r,
  round(amount, '2') AS s, ratio * '2' AS t, '5' = '5' AS u, 'abc' = name AS v FROM lit;
-- name: AcceptedWrites :exec
INSERT INTO lit (id, flag, big, uid, data, ratio, docb, pos) VALUES (' 1 ', 'yes', '9223372036854775807',
  'A0EEBC999C0B4EF8BB6D6BB9BD380A11', '\x', '-0', '{}', '7');
-- name: AcceptedUpdate :exec
UPDATE lit SET small = '-32768', score = ' 3.4e38 ', amount = 'NaN', doc = '[1,2]' WHERE id = '1';
-- name: IntCast :many
SELECT 'abc'::int AS a;
-- name: IntComparison :many
SELECT 1 AS a WHERE 5 = '99999999999';
-- name: SmallintRange :many
SELECT id FROM lit WHERE small = '32768';
-- name: BigintRange :many
SELECT '-9223372036854775809'::int8 AS a;
-- name: IntFraction :many
SELECT id FROM lit WHERE id = '1.5';
-- name: BoolCast :many
SELECT 'maybe'::bool AS a;
-- name: BoolTypedLiteral :many
SELECT bool  'o' AS a;
-- name: BoolWhere :many
SELECT id FROM lit WHERE flag = 'yess';
-- name: ByteaOdd :many
SELECT '\x0'::bytea AS a;
-- name: ByteaDigit :many
SELECT '\x00%'::bytea AS a;
-- name: ByteaEscape :many
SELECT id FROM lit WHERE data = 'a\b';
-- name: UuidCast :many
SELECT 'not-a-uuid'::uuid AS a;
-- name: UuidInsert :exec
INSERT INTO lit (id, uid) VALUES (1, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1');
-- name: JsonCast :many
SELECT '{'::json AS a;
-- name: JsonbZero :many
SELECT '{"a": "\u0000"}'::jsonb AS a;
-- name: JsonbWhere :many
SELECT id FROM lit WHERE jsonb_contains(docb, '{"a": 01}');
-- name: NumericCast :many
SELECT CAST('1.2.3' AS numeric) AS a;
-- name: NumericUpdate :exec
UPDATE lit SET amount = 'infinit' WHERE id = 1;
-- name: Float8Range :many
SELECT id FROM lit WHERE ratio > '1e400';
-- name: Float8Underflow :many
SELECT '1e-400'::float8 AS a;
-- name: Float4Range :many
SELECT id FROM lit WHERE score = ' 1e39 ';
-- name: FloatSyntax :many
SELECT '1,5'::double precision AS a;
-- name: DomainBase :exec
INSERT INTO lit (id, pos) VALUES (2, '12x');
-- name: InList :many
SELECT id FROM lit WHERE big IN ('1', 'two');
-- name: FunctionArgument :many
SELECT left(name, 'two') AS a FROM lit;
-- name: TypedLiteralInt :many
SELECT int4 '12 x' AS a;
-- name: CoalesceInt :many
SELECT coalesce(id, 'none') AS a FROM lit;
-- name: CaseInt :many
SELECT CASE WHEN flag THEN id ELSE 'none' END AS a FROM lit;
-- name: ArrayConstructor :many
SELECT ARRAY['1', 'x']::int[] AS a;
-- name: MultiRowValues :exec
INSERT INTO lit (id) VALUES (3), ('x');
-- name: AcceptedMoreContexts :many
SELECT substring(name from 'a.c') AS a, substring(name, 'x') AS b, lpad(name, ' 3 ', 'x') AS c, jsonb_set(docb, '{a}', '1') AS d,
  CASE id WHEN '1' THEN 'one' ELSE 'other' END AS e, nullif(id, '2') AS f, greatest(id, '5') AS g, id::text || 'x' AS h,
  docb ->> 'x' = 'abc' AS i, (docb ->> 'x')::int = '5' AS j, docb['key'] AS k, tags['1'] AS l, doc #>> '{a}' AS m,
  docb || '{"b": 1}' AS n, name ~ 'x' AS o, uid::text LIKE 'abc%' AS p, jsonb_build_array('1') AS q,
  to_timestamp('123') AS r, ARRAY[1, '2'] AS s, ratio ^ '2' AS t, amount % '3' AS u, id << '2' AS v, flag AND 'true' AS w,
  NOT 't' AS x, flag::text = 'maybe' AS y, docb -> 'k' ->> 'j' AS z
FROM lit WHERE 'yes' LIMIT '5' OFFSET ' 2 ';
-- name: AcceptedAggregates :many
SELECT sum(id) > '5' AS a, avg(id) > '1.5' AS b, count(*) = ' 1 ' AS c FROM lit;
-- name: AcceptedUnion :many
SELECT 1 AS a UNION SELECT '2';
-- name: AcceptedValues :many
VALUES (1), (' 2 ');
-- name: AcceptedUpsert :exec
INSERT INTO lit (id, flag) VALUES (1, 't') ON CONFLICT (id) DO UPDATE SET flag = 'f', big = ' 5 ';
-- name: JsonbConcat :many
SELECT docb || 'x' AS a FROM lit;
-- name: AcceptedJsonbSubscript :many
SELECT docb['x y'] AS a FROM lit;
-- name: ArraySubscript :many
SELECT tags['x'] AS a FROM lit;
-- name: LimitInt :many
SELECT id FROM lit LIMIT 'x';
-- name: WhereBool :many
SELECT id FROM lit WHERE 'maybe';
-- name: CountBigint :many
SELECT count(*) = '1.5' AS a FROM lit;
-- name: ArrayElements :many
SELECT ARRAY['a', 1] AS a;
-- name: NullifInt :many
SELECT nullif(id, 'x') AS a FROM lit;
-- name: DistinctFromInt :many
SELECT 'abc' IS DISTINCT FROM id AS a FROM lit;
-- name: GreatestFloat8 :many
SELECT greatest(ratio, '1e999') AS a FROM lit;
-- name: UpsertBigint :exec
INSERT INTO lit (id, flag) VALUES (1, 't') ON CONFLICT (id) DO UPDATE SET big = 'x';
-- name: JsonbSetArgument :many
SELECT jsonb_set(docb, '{a}', '{') AS a FROM lit;
-- name: AcceptedAnyAndSubquery :many
SELECT id FROM lit WHERE uid = ANY('{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}') AND id = ANY('{1}') AND big IN (SELECT '3');
-- name: AcceptedRows :many
SELECT id FROM lit WHERE (id, flag) = ('1', 'yes') AND (id, flag) IN (('2', 'no'));
-- name: RowComparison :many
SELECT id FROM lit WHERE (id, flag) = ('1', 'x');
-- name: AcceptedValuesText :many
SELECT x FROM (VALUES ('1'), ('2')) v(x) WHERE x = 'abc';
-- name: AcceptedArrays :many
SELECT '{ 1 , NULL, "2", -3 }'::int[] AS a, '{t, " of ", null}'::bool[] AS b, '{"{}", "[1]", 2}'::jsonb[] AS c,
  '{1.5, NaN, -inf}'::numeric[] AS d, '{}'::uuid[] AS e, nums || '{3}' AS f FROM lit WHERE nums = '{1,2}' AND flags <> '{yes}';
-- name: ArrayElementCast :many
SELECT '{1,x}'::int[] AS a;
-- name: ArrayElementInsert :exec
INSERT INTO lit (id, nums) VALUES (1, '{1,"NULL"}');
-- name: ArrayElementWhere :many
SELECT id FROM lit WHERE flags = '{t,maybe}';
-- name: ArrayElementFloat :many
SELECT '{{1},{1e400}}'::float8[] AS a;
-- name: JsonHasNoEquality :many
SELECT id FROM lit WHERE doc = '{';
-- name: CoalesceUuid :many
SELECT coalesce(uid, 'x') AS a FROM lit;
-- name: ArrayAppendElement :many
SELECT array_append(nums, 'x') AS a FROM lit;
-- name: AcceptedStringSpellings :many
SELECT id FROM lit WHERE point '1,2' = point '1,2' AND int4 E'1\x32' = 12 AND id = $$ 5 $$ AND flag = U&'\0074';
-- name: AbsFloat8 :many
SELECT abs('x') AS a;
-- name: AcceptedContinuedString :many
SELECT id FROM lit WHERE id = '1'
 '2';
-- name: DomainTypedLiteral :many
SELECT posint '12x' AS a;
-- name: AcceptedTextFirst :many
SELECT '1'::text::int AS a, '12'::varchar::int AS b, 'x'::name AS c;
-- name: ContainmentOperators :many
SELECT id FROM lit WHERE nums @> '{1,2}' AND nums <@ '{1,2,3}' AND docb @> '{"a": 1}' AND docb @? '$.a' AND tags @> @wanted AND nums @> '{1,x}';
--- expected
queries.sql:30:8: error: invalid input syntax for type integer: "abc"
queries.sql:32:25: error: value "99999999999" is out of range for type integer
queries.sql:34:34: error: value "32768" is out of range for type smallint
queries.sql:36:8: error: value "-9223372036854775809" is out of range for type bigint
queries.sql:38:31: error: invalid input syntax for type integer: "1.5"
queries.sql:40:8: error: invalid input syntax for type boolean: "maybe"
queries.sql:42:14: error: invalid input syntax for type boolean: "o"
queries.sql:44:33: error: invalid input syntax for type boolean: "yess"
queries.sql:46:8: error: invalid hexadecimal data: odd number of digits
queries.sql:48:8: error: invalid hexadecimal digit: "%"
queries.sql:50:33: error: invalid input syntax for type bytea
queries.sql:52:8: error: invalid input syntax for type uuid: "not-a-uuid"
queries.sql:54:38: error: invalid input syntax for type uuid: "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1"
queries.sql:56:8: error: invalid input syntax for type json
queries.sql:58:8: error: unsupported Unicode escape sequence
queries.sql:60:47: error: invalid input syntax for type json
queries.sql:62:13: error: invalid input syntax for type numeric: "1.2.3"
queries.sql:64:25: error: invalid input syntax for type numeric: "infinit"
queries.sql:66:34: error: "1e400" is out of range for type double precision
queries.sql:68:8: error: "1e-400" is out of range for type double precision
queries.sql:70:34: error: " 1e39 " is out of range for type real
queries.sql:72:8: error: invalid input syntax for type double precision: "1,5"
queries.sql:74:38: error: invalid input syntax for type integer: "12x"
queries.sql:76:39: error: invalid input syntax for type bigint: "two"
queries.sql:78:19: error: invalid input syntax for type integer: "two"
queries.sql:80:13: error: invalid input syntax for type integer: "12 x"
queries.sql:82:21: error: invalid input syntax for type integer: "none"
queries.sql:84:36: error: invalid input syntax for type integer: "none"
queries.sql:86:19: error: invalid input syntax for type integer: "x"
queries.sql:88:35: error: invalid input syntax for type integer: "x"
queries.sql:106:16: error: invalid input syntax for type json
queries.sql:110:13: error: invalid input syntax for type integer: "x"
queries.sql:112:26: error: invalid input syntax for type bigint: "x"
queries.sql:114:26: error: invalid input syntax for type boolean: "maybe"
queries.sql:116:19: error: invalid input syntax for type bigint: "1.5"
queries.sql:118:14: error: invalid input syntax for type integer: "a"
queries.sql:120:19: error: invalid input syntax for type integer: "x"
queries.sql:122:8: error: invalid input syntax for type integer: "abc"
queries.sql:124:24: error: "1e999" is out of range for type double precision
queries.sql:126:81: error: invalid input syntax for type bigint: "x"
queries.sql:128:31: error: invalid input syntax for type json
queries.sql:130:106: error: operator does not exist: bigint = text
queries.sql:134:45: error: invalid input syntax for type boolean: "x"
queries.sql:141:8: error: invalid input syntax for type integer: "x"
queries.sql:143:39: error: invalid input syntax for type integer: "NULL"
queries.sql:145:34: error: invalid input syntax for type boolean: "maybe"
queries.sql:147:8: error: "1e400" is out of range for type double precision
queries.sql:149:30: error: operator does not exist: json = unknown
queries.sql:151:22: error: invalid input syntax for type uuid: "x"
queries.sql:153:27: error: invalid input syntax for type integer: "x"
queries.sql:155:38: error: operator does not exist: point = point
queries.sql:157:12: error: invalid input syntax for type double precision: "x"
queries.sql:162:15: error: invalid input syntax for type integer: "12x"
queries.sql:166:137: error: invalid input syntax for type integer: "x"
