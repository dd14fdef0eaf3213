--- schema.sql
CREATE TABLE users (id integer, email text NOT NULL, handle text, org_id integer, slug text);
CREATE UNIQUE INDEX users_email_uq ON users (email);
CREATE UNIQUE INDEX ON users (org_id, handle) NULLS NOT DISTINCT;
ALTER TABLE users ADD CONSTRAINT users_slug_key UNIQUE (slug);
--- queries.sql
-- name: UserByEmail :one
SELECT id FROM users WHERE email = @email;
-- name: UserByHandle :one
SELECT id FROM users WHERE org_id = @org_id AND handle = @handle;
-- name: UserBySlug :one
SELECT id FROM users WHERE slug = @slug;
--- expected
