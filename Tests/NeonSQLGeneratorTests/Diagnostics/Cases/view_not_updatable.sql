--- schema.sql
CREATE TABLE t (id integer PRIMARY KEY, name text NOT NULL, n integer);
CREATE TABLE other (id integer);
CREATE VIEW v AS SELECT id, name, n + 1 AS n1, upper(name) AS up FROM t WHERE n > 0;
CREATE VIEW vv AS SELECT id AS vid, n1, name FROM v;
CREATE VIEW vgroup AS SELECT n, count(*) AS c FROM t GROUP BY n;
CREATE VIEW vjoin AS SELECT t.id FROM t JOIN other ON other.id = t.id;
CREATE VIEW vdistinct AS SELECT DISTINCT id FROM t;
CREATE VIEW vlimit AS SELECT id FROM t LIMIT 5;
CREATE VIEW vunion AS SELECT id FROM t UNION SELECT id FROM other;
CREATE VIEW vwith AS WITH x AS (SELECT 1) SELECT id FROM t;
CREATE VIEW vsrf AS SELECT id, generate_series(1, 2) AS g FROM t;
CREATE VIEW vwindow AS SELECT id, row_number() OVER () AS r FROM t;
CREATE VIEW vconst AS SELECT 1 AS one;
CREATE VIEW vsub AS SELECT id FROM (SELECT id FROM t) AS s;
CREATE VIEW vagg AS SELECT count(*) AS c FROM t;
CREATE VIEW vhaving AS SELECT n FROM t GROUP BY n HAVING count(*) > 1;
--- queries.sql
-- name: InsertComputed :exec
INSERT INTO v (id, n1) VALUES (@id, @n1);
-- name: UpdateComputed :exec
UPDATE v SET up = @up;
-- name: InsertAllColumns :exec
INSERT INTO v VALUES (@id, @name, DEFAULT);
-- name: UpdateNested :exec
UPDATE vv SET n1 = @n1;
-- name: InsertGroup :exec
INSERT INTO vgroup (n) VALUES (@n);
-- name: DeleteJoin :exec
DELETE FROM vjoin;
-- name: DeleteDistinct :exec
DELETE FROM vdistinct;
-- name: DeleteLimit :exec
DELETE FROM vlimit;
-- name: DeleteUnion :exec
DELETE FROM vunion;
-- name: DeleteWith :exec
DELETE FROM vwith;
-- name: DeleteSetReturning :exec
DELETE FROM vsrf;
-- name: DeleteWindow :exec
DELETE FROM vwindow;
-- name: DeleteConstant :exec
DELETE FROM vconst;
-- name: DeleteSubquery :exec
DELETE FROM vsub;
-- name: UpdateAggregate :exec
UPDATE vagg SET c = 1;
-- name: DeleteHaving :exec
DELETE FROM vhaving;
-- name: InsertAccepted :exec
INSERT INTO v (id, name) VALUES (@id, @name);
-- name: InsertFirstColumns :exec
INSERT INTO v VALUES (@id, @name);
-- name: UpdateNestedAccepted :exec
UPDATE vv SET name = @name WHERE vid = @vid;
--- expected
queries.sql:2:20: error: cannot insert into column "n1" of view "v": View columns that are not columns of their base relation are not updatable.
queries.sql:4:14: error: cannot update column "up" of view "v": View columns that are not columns of their base relation are not updatable.
queries.sql:6:13: error: cannot insert into column "n1" of view "v": View columns that are not columns of their base relation are not updatable.
queries.sql:8:15: error: cannot update column "n1" of view "v": View columns that are not columns of their base relation are not updatable.
queries.sql:10:13: error: cannot insert into view "vgroup": Views containing GROUP BY are not automatically updatable.
queries.sql:12:13: error: cannot delete from view "vjoin": Views that do not select from a single table or view are not automatically updatable.
queries.sql:14:13: error: cannot delete from view "vdistinct": Views containing DISTINCT are not automatically updatable.
queries.sql:16:13: error: cannot delete from view "vlimit": Views containing LIMIT or OFFSET are not automatically updatable.
queries.sql:18:13: error: cannot delete from view "vunion": Views containing UNION, INTERSECT, or EXCEPT are not automatically updatable.
queries.sql:20:13: error: cannot delete from view "vwith": Views containing WITH are not automatically updatable.
queries.sql:22:13: error: cannot delete from view "vsrf": Views that return set-returning functions are not automatically updatable.
queries.sql:24:13: error: cannot delete from view "vwindow": Views that return window functions are not automatically updatable.
queries.sql:26:13: error: cannot delete from view "vconst": Views that do not select from a single table or view are not automatically updatable.
queries.sql:28:13: error: cannot delete from view "vsub": Views that do not select from a single table or view are not automatically updatable.
queries.sql:30:8: error: cannot update view "vagg": Views that return aggregate functions are not automatically updatable.
queries.sql:32:13: error: cannot delete from view "vhaving": Views containing GROUP BY are not automatically updatable.
