--- schema.sql
CREATE TABLE t (id integer PRIMARY KEY, arr int[], labels text[]);
--- queries.sql
-- name: ArrayConstant1 :many
SELECT '{1,2'::int[] AS a;
-- name: ArrayConstant2 :many
SELECT '{{1},2}'::int[] AS a;
-- name: ArrayConstant3 :many
SELECT '{{1,2},{3}}'::int[] AS a;
-- name: ArrayConstant4 :many
SELECT '1,2'::int[] AS a;
-- name: ArrayConstant5 :many
SELECT '{1,2} x'::int[] AS a;
-- name: ArrayConstant6 :many
SELECT id FROM t WHERE arr = '{1,,2}';
-- name: ArrayConstant7 :exec
INSERT INTO t (id, arr) VALUES (1, '{1');
-- name: ArrayConstant8 :many
SELECT ' {1, 2} '::int[] AS a, '{}'::text[] AS b, '{"a,b", "c\"d", NULL, e\,f}'::text[] AS c, '[1:2]={1,2}'::int[] AS d,
  '{{1,2},{3,4}}'::int[] AS e, '{ {1} , {2} }'::int[] AS f, '{"{"}'::text[] AS g, '{(1\,2)}'::text[] AS h FROM t;
-- name: ArrayConstant9 :many
SELECT arr || '{1}' AS a, array_cat(arr, '{2,3}') AS b FROM t WHERE arr && $1::int[];
-- name: ArrayConstant10 :many
SELECT '{1}}'::int[] AS a;
-- name: ArrayConstant11 :many
SELECT '{1 2}'::text[] AS a;
-- name: ArrayConstant12 :many
SELECT ''::int[] AS a;
-- name: ArrayConstant13 :many
SELECT '{"a"b}'::text[] AS a;
-- name: ArrayConstant14 :many
SELECT '{{}}'::int[] AS a;
-- name: ArrayConstant15 :many
SELECT '{a\}'::text[] AS a;
--- expected
queries.sql:2:8: error: malformed array literal: "{1,2"
queries.sql:4:8: error: malformed array literal: "{{1},2}"
queries.sql:6:8: error: malformed array literal: "{{1,2},{3}}"
queries.sql:8:8: error: malformed array literal: "1,2"
queries.sql:10:8: error: malformed array literal: "{1,2} x"
queries.sql:12:30: error: malformed array literal: "{1,,2}"
queries.sql:14:36: error: malformed array literal: "{1"
queries.sql:21:8: error: malformed array literal: "{1}}"
queries.sql:25:8: error: malformed array literal: ""
queries.sql:27:8: error: malformed array literal: "{"a"b}"
queries.sql:29:8: error: malformed array literal: "{{}}"
queries.sql:31:8: error: malformed array literal: "{a\}"
