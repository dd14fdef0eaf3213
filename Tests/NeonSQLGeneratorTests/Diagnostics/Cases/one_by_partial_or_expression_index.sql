--- schema.sql
CREATE TABLE users (id integer, email text NOT NULL, handle text, deleted_at timestamptz);
CREATE UNIQUE INDEX ON users (handle) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX ON users (lower(email));
CREATE INDEX ON users (email);
--- queries.sql
-- name: UserByHandle :one
SELECT id FROM users WHERE handle = @handle;
-- name: UserByEmail :one
SELECT id FROM users WHERE email = @email;
--- expected
queries.sql:1:1: warning: ':one' returns only the first row, but this query can return many; add LIMIT 1, filter on a primary or unique key, or use ':many'
queries.sql:3:1: warning: ':one' returns only the first row, but this query can return many; add LIMIT 1, filter on a primary or unique key, or use ':many'
