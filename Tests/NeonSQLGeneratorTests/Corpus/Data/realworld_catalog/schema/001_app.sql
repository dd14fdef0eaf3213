-- An application's tables, as the queries over the system catalogs find them.
CREATE TABLE accounts (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email text NOT NULL UNIQUE,
    balance numeric(12, 2) NOT NULL DEFAULT 0,
    note varchar(200)
);

CREATE TABLE sessions (
    token uuid PRIMARY KEY,
    account_id bigint NOT NULL REFERENCES accounts (id),
    expires_at timestamptz NOT NULL
);

CREATE INDEX sessions_account_idx ON sessions (account_id);
