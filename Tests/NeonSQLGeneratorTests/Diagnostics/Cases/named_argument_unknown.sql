--- schema.sql
CREATE FUNCTION greeting(name text, shout boolean DEFAULT false) RETURNS text
AS $$ SELECT CASE WHEN shout THEN upper(name) ELSE name END $$ LANGUAGE sql;
--- queries.sql
-- name: Misnamed :one
SELECT greeting(name => 'x', loud => true);
-- name: MissingRequired :one
SELECT greeting(shout => true);
--- expected
queries.sql:2:8: error: function greeting(name => unknown, loud => boolean) does not exist
queries.sql:4:8: error: function greeting(shout => boolean) does not exist
