--- neon-sql.json
{"postgresVersion": 15}
--- schema.sql
CREATE TABLE stock (item_id int PRIMARY KEY, qty int NOT NULL, note text);
CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL);
CREATE VIEW stock_view AS SELECT * FROM stock;
--- queries.sql
-- name: Returning :many
MERGE INTO stock s USING items i ON s.item_id = i.id WHEN MATCHED THEN DELETE RETURNING s.*;

-- name: BySource :exec
MERGE INTO stock s USING items i ON s.item_id = i.id WHEN NOT MATCHED BY SOURCE THEN DELETE;

-- name: IntoView :exec
MERGE INTO stock_view s USING items i ON s.item_id = i.id WHEN MATCHED THEN DELETE;
--- expected
queries.sql:2:79: error: syntax error at or near "RETURNING": MERGE ... RETURNING requires PostgreSQL 17 or later; this project targets 15 (postgresVersion in neon-sql.json)
queries.sql:5:71: error: syntax error at or near "BY": WHEN NOT MATCHED BY SOURCE|TARGET requires PostgreSQL 17 or later; this project targets 15 (postgresVersion in neon-sql.json)
queries.sql:8:12: error: cannot execute MERGE on relation "stock_view"; this operation is not supported for views
