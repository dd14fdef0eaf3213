--- schema.sql
CREATE TABLE a (id integer NOT NULL, x integer);
CREATE TABLE b (id integer NOT NULL, y integer);
CREATE TABLE c (id bigint NOT NULL, z integer);
--- queries.sql
-- name: LeftInputBesideMergedGroup :many
SELECT a.id AS k FROM a FULL JOIN b USING (id) GROUP BY id;
-- name: RightInputBesideMergedGroup :many
SELECT b.id AS k FROM a FULL JOIN b USING (id) GROUP BY id;
-- name: MergedBesideLeftGroup :many
SELECT id AS k FROM a FULL JOIN b USING (id) GROUP BY a.id;
-- name: MergedBesideRightGroup :many
SELECT id AS k FROM a FULL JOIN b USING (id) GROUP BY b.id;
-- name: InputBesideAliasGroup :many
SELECT a.id AS k FROM a FULL JOIN b USING (id) AS j GROUP BY j.id;
-- name: InputBesideCastMergedGroup :many
SELECT a.id AS k FROM a FULL JOIN c USING (id) GROUP BY id;
-- name: InputInHaving :many
SELECT count(*) AS n FROM a FULL JOIN b USING (id) GROUP BY id HAVING a.id > 1;
-- name: MergedInHaving :many
SELECT count(*) AS n FROM a FULL JOIN b USING (id) GROUP BY a.id HAVING id > 1;
-- name: InputInOrderBy :many
SELECT count(*) AS n FROM a FULL JOIN b USING (id) GROUP BY id ORDER BY a.id;
-- name: InputInSubquery :many
SELECT (SELECT a.id) AS k FROM a FULL JOIN b USING (id) GROUP BY id;
-- name: InputBesideRollup :many
SELECT a.id AS k FROM a FULL JOIN b USING (id) GROUP BY ROLLUP (id);
-- name: MergedInAggregateQuery :many
SELECT count(*) AS n, id AS k FROM a FULL JOIN b USING (id);
-- name: NaturalMergedBesideRightGroup :many
SELECT id AS k FROM a NATURAL FULL JOIN b GROUP BY b.id;
-- name: NestedMergedBesideThirdGroup :many
SELECT id AS k FROM (a FULL JOIN b USING (id)) FULL JOIN c USING (id) GROUP BY c.id;
-- name: RightJoinMergedBesideLeftGroup :many
SELECT id AS k FROM a RIGHT JOIN b USING (id) GROUP BY a.id;
-- name: MergedGroupsOk :many
SELECT id IS NULL AS k, count(*) AS n, id + 1 IS NULL AS l, coalesce(a.id, b.id) IS NULL AS m
FROM a FULL JOIN b USING (id) GROUP BY id HAVING id > 0 ORDER BY id;
-- name: BothInputsGroupOk :many
SELECT id IS NULL AS k FROM a FULL JOIN b USING (id) GROUP BY a.id, b.id;
-- name: CoalesceGroupOk :many
SELECT id IS NULL AS k FROM a FULL JOIN b USING (id) GROUP BY coalesce(a.id, b.id);
-- name: AliasGroupsOk :many
SELECT j.id IS NULL AS k, id IS NULL AS l FROM a FULL JOIN b USING (id) AS j GROUP BY j.id;
-- name: CastMergedGroupsOk :many
SELECT id IS NULL AS k FROM a FULL JOIN c USING (id) GROUP BY a.id, c.id;
-- name: LeftJoinMergedIsLeftOk :many
SELECT id AS k, count(*) AS n FROM a LEFT JOIN b USING (id) GROUP BY a.id;
-- name: RollupOfMergedOk :many
SELECT id IS NULL AS k, x IS NULL AS v FROM a FULL JOIN b USING (id) GROUP BY ROLLUP (id), x;
--- expected
queries.sql:2:8: error: column "a.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:4:8: error: column "b.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:6:8: error: column "b.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:8:8: error: column "a.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:10:8: error: column "a.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:12:8: error: column "a.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:14:71: error: column "a.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:16:73: error: column "b.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:18:73: error: column "a.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:20:16: error: subquery uses ungrouped column "a.id" from outer query
queries.sql:22:8: error: column "a.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:24:23: error: column "a.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:26:8: error: column "a.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:28:8: error: column "a.id" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:30:8: error: column "b.id" must appear in the GROUP BY clause or be used in an aggregate function
