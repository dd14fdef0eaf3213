--- schema.sql
CREATE DOMAIN posint AS integer CHECK (VALUE > 0);
CREATE DOMAIN shorttext AS varchar(10);
CREATE TABLE g (id integer PRIMARY KEY, x integer, s text, v varchar(10), d posint, n numeric);
--- queries.sql
-- name: VarcharLengthsDiffer :many
SELECT s::varchar(20) AS a FROM g GROUP BY s::varchar(10);
-- name: VarcharLengthsAgreeOk :many
SELECT s::varchar(10) AS a FROM g GROUP BY s::varchar(10);
-- name: VarcharWithoutLength :many
SELECT s::varchar AS a FROM g GROUP BY s::varchar(10);
-- name: DomainCastsAgreeOk :many
SELECT x::posint AS a FROM g GROUP BY x::posint;
-- name: DomainOverGroupedColumnOk :many
SELECT x::posint AS a FROM g GROUP BY x::integer;
-- name: ColumnBesideDomainCast :many
SELECT x AS a FROM g GROUP BY x::posint;
-- name: DomainColumnRelabeledOk :many
SELECT d::integer AS a FROM g GROUP BY d;
-- name: DomainColumnBesideRelabel :many
SELECT d AS a FROM g GROUP BY d::integer;
-- name: NumericModifiersAgreeOk :many
SELECT n::numeric(10,2) AS a FROM g GROUP BY n::numeric(10,2);
-- name: SameVarcharOverGroupedColumnOk :many
SELECT v::varchar(10) AS a FROM g GROUP BY v;
-- name: SameTypeCastMayVanishOk :many
SELECT v AS a FROM g GROUP BY v::varchar(10);
-- name: LongerVarcharOverGroupedColumnOk :many
SELECT v::varchar(20) AS a FROM g GROUP BY v;
-- name: DomainWithLengthAgreeOk :many
SELECT s::shorttext AS a FROM g GROUP BY s::shorttext;
-- name: DomainBesideItsBaseType :many
SELECT s::shorttext AS a FROM g GROUP BY s::varchar(10);
-- name: CharLengthsDiffer :many
SELECT s::char(3) AS a FROM g GROUP BY s::char(4);
-- name: SpellingsOfOneCastOk :many
SELECT s::varchar(10) AS a FROM g GROUP BY CAST(s AS character varying(10));
-- name: CastToOwnDomainVanishesOk :many
SELECT d::posint AS a FROM g GROUP BY d;
-- name: NestedCastOverGroupedCastOk :many
SELECT v::text AS a FROM g GROUP BY v::varchar(10)::text;
--- expected
queries.sql:2:8: error: column "g.s" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:6:8: error: column "g.s" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:12:8: error: column "g.x" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:16:8: error: column "g.d" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:28:8: error: column "g.s" must appear in the GROUP BY clause or be used in an aggregate function
queries.sql:30:8: error: column "g.s" must appear in the GROUP BY clause or be used in an aggregate function
