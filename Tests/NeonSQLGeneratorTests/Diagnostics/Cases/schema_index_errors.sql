--- schema.sql
CREATE TABLE users (id integer, email text NOT NULL, handle text, org_id integer);
CREATE VIEW user_emails AS SELECT email FROM users;
CREATE UNIQUE INDEX users_email_uq ON users (email);
CREATE UNIQUE INDEX users_email_uq ON users (handle);
CREATE INDEX ON users (nope);
CREATE INDEX ON user_emails (email);
ALTER TABLE users ADD CONSTRAINT users_handle_key UNIQUE (handle);
DROP INDEX users_handle_key;
CREATE UNIQUE INDEX ON users (handle) WHERE org_id IS NOT NULL;
ALTER TABLE users ADD PRIMARY KEY USING INDEX users_handle_idx;
CREATE INDEX ON users (org_id);
ALTER TABLE users ADD UNIQUE USING INDEX users_org_id_idx;
ALTER TABLE users ADD PRIMARY KEY USING INDEX users_email_uq;
ALTER TABLE users ADD UNIQUE USING INDEX users_email_uq;
ALTER TABLE users ADD PRIMARY KEY USING INDEX nope;
--- queries.sql
-- name: Emails :many
SELECT email FROM users;
--- expected
schema.sql:4:21: error: relation "users_email_uq" already exists
schema.sql:5:24: error: column "nope" does not exist
schema.sql:6:17: error: cannot create index on relation "user_emails"
schema.sql:8:12: error: cannot drop index users_handle_key because constraint users_handle_key on table users requires it; drop constraint users_handle_key on table users instead
schema.sql:10:23: error: "users_handle_idx" is a partial index
schema.sql:12:23: error: "users_org_id_idx" is not a unique index
schema.sql:14:23: error: index "users_email_uq" is already associated with a constraint
schema.sql:15:47: error: index "nope" does not exist
