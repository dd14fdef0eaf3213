--- schema.sql
CREATE TABLE users (id integer PRIMARY KEY, email text NOT NULL UNIQUE, handle text, slug text);
CREATE UNIQUE INDEX ON users (handle);
CREATE UNIQUE INDEX users_slug_uq ON users (slug);
ALTER INDEX users_slug_uq RENAME TO users_slug_unique;
ALTER TABLE users DROP CONSTRAINT users_email_key;
ALTER TABLE users DROP CONSTRAINT users_pkey;
DROP INDEX users_handle_idx;
DROP INDEX IF EXISTS users_slug_unique;
--- queries.sql
-- name: UserByID :one
SELECT email FROM users WHERE id = @id;
-- name: UserByEmail :one
SELECT id FROM users WHERE email = @email;
-- name: UserByHandle :one
SELECT id FROM users WHERE handle = @handle;
-- name: UserBySlug :one
SELECT id FROM users WHERE slug = @slug;
--- expected
queries.sql:1:1: warning: ':one' returns only the first row, but this query can return many; add LIMIT 1, filter on a primary or unique key, or use ':many'
queries.sql:3:1: warning: ':one' returns only the first row, but this query can return many; add LIMIT 1, filter on a primary or unique key, or use ':many'
queries.sql:5:1: warning: ':one' returns only the first row, but this query can return many; add LIMIT 1, filter on a primary or unique key, or use ':many'
queries.sql:7:1: warning: ':one' returns only the first row, but this query can return many; add LIMIT 1, filter on a primary or unique key, or use ':many'
