-- name: AccountWithVersion :one
-- expect: id Int, email String, balance Decimal, version String
-- params: id Int
-- why: xmin is a system column of every table: selectable by name, NOT NULL, type xid.
SELECT id, email, balance, xmin AS version FROM accounts WHERE id = @id;

-- name: UpdateIfUnchanged :one
-- expect: version String
-- params: balance Decimal, id Int, version String
-- why: optimistic locking compares xmin with a parameter typed xid.
UPDATE accounts SET balance = @balance WHERE id = @id AND xmin = @version RETURNING xmin AS version;

-- name: RowLocation :many
-- expect: ctid String, tableoid Int, cmin String, cmax String, xmax String
-- params: (none)
-- why: ctid (tid), tableoid (oid) and the transaction columns, qualified by the table.
SELECT a.ctid, a.tableoid, a.cmin, a.cmax, a.xmax FROM accounts a;

-- name: SessionsWithAccountVersion :many
-- expect: token UUID, account_version String?
-- params: (none)
-- why: a system column on the nullable side of a LEFT JOIN is nullable.
SELECT s.token, a.xmin AS account_version FROM sessions s LEFT JOIN accounts a ON a.id = s.account_id AND a.balance > 0;

-- name: EverythingButSystemColumns :many
-- expect: id Int, email String, balance Decimal, note String?
-- params: (none)
-- why: * never includes system columns.
SELECT * FROM accounts;
