--- schema.sql
CREATE SCHEMA app;
CREATE FUNCTION f(a integer) RETURNS integer LANGUAGE sql AS 'SELECT a';
CREATE FUNCTION f(a text) RETURNS text LANGUAGE sql AS 'SELECT a';
CREATE FUNCTION g(a integer) RETURNS integer LANGUAGE sql AS 'SELECT a';
CREATE PROCEDURE p(a integer) LANGUAGE sql AS 'SELECT 1';
ALTER FUNCTION f RENAME TO h;
ALTER FUNCTION f(int) RENAME TO g;
ALTER FUNCTION f(bigint) RENAME TO h;
ALTER FUNCTION nope RENAME TO h;
ALTER PROCEDURE g(int) RENAME TO x;
ALTER FUNCTION p(int) RENAME TO x;
ALTER PROCEDURE g RENAME TO x;
ALTER FUNCTION g(int) SET SCHEMA nope;
ALTER FUNCTION g(int) RENAME TO p;
CREATE OR REPLACE FUNCTION f(a text) RETURNS integer LANGUAGE sql AS 'SELECT 1';
CREATE OR REPLACE FUNCTION g(a integer) RETURNS SETOF integer LANGUAGE sql AS 'SELECT a';
CREATE OR REPLACE FUNCTION g(a integer) RETURNS integer LANGUAGE sql AS 'SELECT a + 1';
DROP FUNCTION f;
--- queries.sql
-- name: G :one
SELECT g(1) AS value;
--- expected
schema.sql:6:16: error: function name "f" is not unique; specify the argument list to select the function unambiguously
schema.sql:7:33: error: function g(integer) already exists in schema "public"
schema.sql:8:16: error: function f(bigint) does not exist
schema.sql:9:16: error: could not find a function named "nope"
schema.sql:10:17: error: g(integer) is not a procedure
schema.sql:11:16: error: p(integer) is not a function
schema.sql:12:17: error: could not find a procedure named "g"
schema.sql:13:34: error: schema "nope" does not exist
schema.sql:14:33: error: function p(integer) already exists in schema "public"
schema.sql:15:28: error: cannot change return type of existing function; use DROP FUNCTION f(text) first
schema.sql:16:28: error: cannot change return type of existing function; use DROP FUNCTION g(integer) first
schema.sql:18:15: error: function name "f" is not unique; specify the argument list to select the function unambiguously
