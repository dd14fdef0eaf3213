--- schema.sql
CREATE TABLE items (id integer PRIMARY KEY, qty integer, label text, active boolean, flag_text text);
CREATE DOMAIN yes_no AS boolean;
CREATE TABLE answers (id integer PRIMARY KEY, answer yes_no);
--- queries.sql
-- name: IsTrueOfInteger :many
SELECT qty IS TRUE AS t FROM items;
-- name: IsNotFalseOfText :many
SELECT label IS NOT FALSE AS t FROM items;
-- name: IsUnknownOfSum :many
SELECT (qty + 1) IS UNKNOWN AS t FROM items;
-- name: IsNotUnknownOfCast :many
SELECT id FROM items WHERE (qty::text)::integer IS NOT UNKNOWN;
-- name: WhereInteger :many
SELECT id FROM items WHERE qty;
-- name: WhereConstant :many
SELECT id FROM items WHERE 1;
-- name: NotOfInteger :many
SELECT id FROM items WHERE NOT qty;
-- name: AndOfText :many
SELECT id FROM items WHERE active AND label;
-- name: OrOfText :many
SELECT id FROM items WHERE active = true AND (qty > 1 OR flag_text);
-- name: CaseWhenInteger :many
SELECT CASE WHEN qty THEN 1 END AS c FROM items;
-- name: FilterInteger :one
SELECT count(*) FILTER (WHERE qty) AS n FROM items;
-- name: JoinOnInteger :many
SELECT i.id FROM items AS i JOIN answers AS a ON i.qty;
-- name: HavingBigint :many
SELECT qty FROM items GROUP BY qty HAVING sum(qty);
-- name: UpdateWhereText :exec
UPDATE items SET qty = 1 WHERE label;
-- name: DeleteWhereInteger :exec
DELETE FROM items WHERE qty;
-- name: ConflictUpdateWhereText :exec
INSERT INTO items (id) VALUES (1) ON CONFLICT (id) DO UPDATE SET qty = 1 WHERE items.label;
-- name: MergeWhenInteger :exec
MERGE INTO items AS i USING answers AS a ON a.id = i.id WHEN MATCHED AND i.qty THEN DELETE;
-- name: SubqueryWhereInteger :many
SELECT id FROM items WHERE EXISTS (SELECT 1 FROM answers WHERE items.qty);
-- name: UntypedConditionsOk :many
SELECT 'true' IS TRUE AS a, @p IS TRUE AS b, NULL IS UNKNOWN AS c FROM items WHERE @q AND 't' AND NOT @r;
-- name: DomainOverBooleanOk :many
SELECT id FROM answers WHERE answer AND answer IS NOT FALSE AND NOT answer;
-- name: ArbiterPredicateOk :exec
INSERT INTO items (id) VALUES (1) ON CONFLICT (id) WHERE qty DO NOTHING;
-- name: MergeJoinConditionOk :exec
MERGE INTO items AS i USING answers AS a ON a.id WHEN MATCHED THEN DELETE;
--- expected
queries.sql:2:8: error: argument of IS TRUE must be type boolean, not type integer
queries.sql:4:8: error: argument of IS NOT FALSE must be type boolean, not type text
queries.sql:6:9: error: argument of IS UNKNOWN must be type boolean, not type integer
queries.sql:8:29: error: argument of IS NOT UNKNOWN must be type boolean, not type integer
queries.sql:10:28: error: argument of WHERE must be type boolean, not type integer
queries.sql:12:28: error: argument of WHERE must be type boolean, not type integer
queries.sql:14:32: error: argument of NOT must be type boolean, not type integer
queries.sql:16:39: error: argument of AND must be type boolean, not type text
queries.sql:18:58: error: argument of OR must be type boolean, not type text
queries.sql:20:18: error: argument of CASE/WHEN must be type boolean, not type integer
queries.sql:22:31: error: argument of FILTER must be type boolean, not type integer
queries.sql:24:50: error: argument of JOIN/ON must be type boolean, not type integer
queries.sql:26:43: error: argument of HAVING must be type boolean, not type bigint
queries.sql:28:32: error: argument of WHERE must be type boolean, not type text
queries.sql:30:25: error: argument of WHERE must be type boolean, not type integer
queries.sql:32:80: error: argument of WHERE must be type boolean, not type text
queries.sql:34:74: error: argument of WHEN must be type boolean, not type integer
queries.sql:36:64: error: argument of WHERE must be type boolean, not type integer
