--- schema.sql
CREATE TABLE stock (item_id int PRIMARY KEY, qty int NOT NULL, note text);
CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL);
--- queries.sql
-- name: TargetInInsertValues :exec
MERGE INTO stock s USING items i ON s.item_id = i.id
WHEN NOT MATCHED THEN INSERT (item_id, qty) VALUES (i.id, s.qty);

-- name: TargetInNotMatchedCondition :exec
MERGE INTO stock s USING items i ON s.item_id = i.id
WHEN NOT MATCHED AND s.qty > 0 THEN INSERT (item_id, qty) VALUES (i.id, 1);

-- name: TargetColumnInInsertValues :exec
MERGE INTO stock s USING items i ON s.item_id = i.id
WHEN NOT MATCHED THEN INSERT (item_id, qty) VALUES (i.id, qty);

-- name: UnknownSetColumn :exec
MERGE INTO stock s USING items i ON s.item_id = i.id WHEN MATCHED THEN UPDATE SET nope = 1;

-- name: UnknownSourceColumn :exec
MERGE INTO stock s USING items i ON s.item_id = i.nope WHEN MATCHED THEN DELETE;

-- name: TableNameUnderAlias :exec
MERGE INTO stock s USING items ON s.item_id = items.id WHEN MATCHED THEN UPDATE SET qty = stock.qty;

-- name: UnknownSource :exec
MERGE INTO stock s USING nope i ON s.item_id = i.id WHEN MATCHED THEN DELETE;

-- name: Unreachable :exec
MERGE INTO stock s USING items i ON s.item_id = i.id
WHEN MATCHED THEN DELETE
WHEN MATCHED AND i.name = 'x' THEN DO NOTHING;

-- name: TargetIsSource :exec
MERGE INTO stock USING stock ON true WHEN MATCHED THEN DELETE;

-- name: InsertAfterMatched :exec
MERGE INTO stock s USING items i ON s.item_id = i.id WHEN MATCHED THEN INSERT VALUES (1, 1);

-- name: MoreValues :exec
MERGE INTO stock s USING items i ON s.item_id = i.id WHEN NOT MATCHED THEN INSERT (item_id, qty) VALUES (1, 1, 2);

-- name: MoreColumns :exec
MERGE INTO stock s USING items i ON s.item_id = i.id WHEN NOT MATCHED THEN INSERT (item_id, qty) VALUES (1);

-- name: RecursiveWith :exec
WITH RECURSIVE x AS (SELECT 1 AS id) MERGE INTO stock s USING x ON s.item_id = x.id WHEN MATCHED THEN DELETE;

-- name: MergeInWith :many
WITH x AS (MERGE INTO stock s USING items i ON s.item_id = i.id WHEN MATCHED THEN DELETE) SELECT 1;

-- name: ManyWithoutReturning :many
MERGE INTO stock s USING items i ON s.item_id = i.id WHEN MATCHED THEN DELETE;
--- expected
queries.sql:3:59: error: invalid reference to FROM-clause entry for table "s"; there is an entry for table "s", but it cannot be referenced from this part of the query
queries.sql:7:22: error: invalid reference to FROM-clause entry for table "s"; there is an entry for table "s", but it cannot be referenced from this part of the query
queries.sql:11:59: error: column "qty" does not exist; there is a column named "qty" in table "s", but it cannot be referenced from this part of the query
queries.sql:14:83: error: column "nope" of relation "stock" does not exist; did you mean 'note'?
queries.sql:17:51: error: column i.nope does not exist
queries.sql:20:91: error: invalid reference to FROM-clause entry for table "stock"; perhaps you meant to reference the table alias "s"
queries.sql:23:26: error: relation "nope" does not exist
queries.sql:28:1: error: unreachable WHEN clause specified after unconditional WHEN clause
queries.sql:31:24: error: name "stock" specified more than once; the name is used both as MERGE target table and data source
queries.sql:34:72: error: expected UPDATE, DELETE or DO NOTHING, found 'INSERT'
queries.sql:37:112: error: INSERT has more expressions than target columns
queries.sql:40:93: error: INSERT has more target columns than expressions
queries.sql:43:1: error: WITH RECURSIVE is not supported for MERGE statement
queries.sql:46:12: error: expected SELECT, VALUES, INSERT, UPDATE or DELETE, found 'MERGE'
queries.sql:48:1: error: ':many' query returns no rows; use ':exec', ':execrows' or ':execresult', or add RETURNING
