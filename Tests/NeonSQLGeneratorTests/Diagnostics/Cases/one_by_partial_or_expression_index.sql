--- schema.sql
CREATE TABLE users (id integer, email text NOT NULL, handle text, deleted_at timestamptz);
CREATE UNIQUE INDEX ON users (handle) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX ON users (lower(email));
CREATE INDEX ON users (email);
CREATE TABLE tenants_users (id integer, tenant integer NOT NULL, handle text NOT NULL, kind text, deleted_at timestamptz);
CREATE UNIQUE INDEX ON tenants_users (tenant, lower(handle)) WHERE deleted_at IS NULL AND kind = 'member';
--- queries.sql
-- name: UserByHandle :one
SELECT id FROM users WHERE handle = @handle;
-- name: UserByEmail :one
SELECT id FROM users WHERE email = @email;
-- name: UserByLowerEmail :one
SELECT id FROM users WHERE LOWER( email ) = lower(@email);
-- name: LiveUserByHandle :one
SELECT id FROM users WHERE handle = @handle AND (deleted_at IS NULL);
-- name: UserByHandleAndDeletion :one
SELECT id FROM users WHERE handle = @handle AND deleted_at IS NOT NULL;
-- name: UserByUpperEmail :one
SELECT id FROM users WHERE upper(email) = upper(@email);
-- name: UserByLowerEmailOrHandle :one
SELECT id FROM users WHERE lower(email) = lower(@email) OR handle = @handle;
-- name: LiveUserByTenantAndHandle :one
SELECT id FROM tenants_users WHERE tenant = @tenant AND lower(handle) = @handle AND deleted_at IS NULL AND kind = 'member';
-- name: UserByTenantAndHandleOnly :one
SELECT id FROM tenants_users WHERE tenant = @tenant AND lower(handle) = @handle AND deleted_at IS NULL;
--- expected
queries.sql:1:1: warning: ':one' returns only the first row, but this query can return many; add LIMIT 1, filter on a primary or unique key, or use ':many'
queries.sql:3:1: warning: ':one' returns only the first row, but this query can return many; add LIMIT 1, filter on a primary or unique key, or use ':many'
queries.sql:9:1: warning: ':one' returns only the first row, but this query can return many; add LIMIT 1, filter on a primary or unique key, or use ':many'
queries.sql:11:1: warning: ':one' returns only the first row, but this query can return many; add LIMIT 1, filter on a primary or unique key, or use ':many'
queries.sql:13:1: warning: ':one' returns only the first row, but this query can return many; add LIMIT 1, filter on a primary or unique key, or use ':many'
queries.sql:17:1: warning: ':one' returns only the first row, but this query can return many; add LIMIT 1, filter on a primary or unique key, or use ':many'
