--- schema.sql
CREATE TABLE users (id integer, email text, handle text);
CREATE UNIQUE INDEX users_id_uq ON users (id);
ALTER TABLE users ADD PRIMARY KEY USING INDEX users_id_uq;
CREATE UNIQUE INDEX ON users (email);
ALTER TABLE users ADD CONSTRAINT users_email_unique UNIQUE USING INDEX users_email_idx;
ALTER TABLE users ADD CONSTRAINT users_handle_key UNIQUE (handle);
ALTER TABLE users RENAME CONSTRAINT users_handle_key TO users_handle_unique;
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_handle_key;
--- queries.sql
-- name: UserByID :one
SELECT email FROM users WHERE id = @id;
-- name: UserByEmail :one
SELECT id FROM users WHERE email = @email;
-- name: UserByHandle :one
SELECT id FROM users WHERE handle = @handle;
--- expected
