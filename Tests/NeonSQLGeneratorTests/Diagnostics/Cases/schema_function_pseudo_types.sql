--- schema.sql
CREATE TABLE t (id integer PRIMARY KEY);
CREATE FUNCTION f1(internal) RETURNS int LANGUAGE sql AS 'SELECT 1';
CREATE FUNCTION f2(x int) RETURNS internal LANGUAGE sql AS 'SELECT 1';
CREATE FUNCTION f3(internal) RETURNS int LANGUAGE plpgsql AS 'BEGIN RETURN 1; END';
CREATE FUNCTION f4(OUT a internal) LANGUAGE sql AS 'SELECT 1';
CREATE FUNCTION f5(cstring) RETURNS int LANGUAGE sql AS 'SELECT 1';
CREATE FUNCTION f6(record) RETURNS int LANGUAGE sql AS 'SELECT 1';
CREATE FUNCTION f7("any") RETURNS int LANGUAGE sql AS 'SELECT 1';
CREATE FUNCTION f8() RETURNS trigger LANGUAGE sql AS 'SELECT 1';
CREATE FUNCTION f9(internal) RETURNS internal LANGUAGE sql AS 'SELECT 1';
CREATE FUNCTION f10(cstring) RETURNS int LANGUAGE plpgsql AS 'BEGIN RETURN 1; END';
CREATE FUNCTION f11(x anyelement, y internal) RETURNS int LANGUAGE sql AS 'SELECT 1';
CREATE FUNCTION f12(x int[]) RETURNS cstring LANGUAGE sql AS 'SELECT 1';
CREATE FUNCTION f13(x int) RETURNS TABLE (y internal) LANGUAGE sql AS 'SELECT 1';
CREATE PROCEDURE p1(internal) LANGUAGE sql AS 'SELECT 1';
CREATE FUNCTION ok1(record) RETURNS int LANGUAGE plpgsql AS 'BEGIN RETURN 1; END';
CREATE FUNCTION ok2(x anyelement) RETURNS anyelement LANGUAGE sql AS 'SELECT x';
CREATE FUNCTION ok3() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END';
CREATE FUNCTION ok4() RETURNS void LANGUAGE sql AS 'SELECT 1';
CREATE FUNCTION ok5(OUT a int, OUT b text) LANGUAGE sql AS 'SELECT 1, ''x''';
--- queries.sql
-- name: Ids :many
SELECT id FROM t;
--- expected
schema.sql:2:20: error: SQL functions cannot have arguments of type internal
schema.sql:3:35: error: unsafe use of pseudo-type "internal"
schema.sql:4:20: error: PL/pgSQL functions cannot accept type internal
schema.sql:5:26: error: unsafe use of pseudo-type "internal"
schema.sql:6:20: error: SQL functions cannot have arguments of type cstring
schema.sql:7:20: error: SQL functions cannot have arguments of type record
schema.sql:8:20: error: SQL functions cannot have arguments of type "any"
schema.sql:9:30: error: SQL functions cannot return type trigger
schema.sql:10:38: error: SQL functions cannot return type internal
schema.sql:11:21: error: PL/pgSQL functions cannot accept type cstring
schema.sql:12:37: error: SQL functions cannot have arguments of type internal
schema.sql:13:38: error: SQL functions cannot return type cstring
schema.sql:14:45: error: unsafe use of pseudo-type "internal"
schema.sql:15:21: error: SQL functions cannot have arguments of type internal
