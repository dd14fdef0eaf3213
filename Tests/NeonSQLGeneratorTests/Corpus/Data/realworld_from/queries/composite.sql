-- name: InvoiceTotals :many
-- expect: id UUID, currency String?, cents Int?
-- params: accountId UUID
-- why: (col).* of a composite-typed column expands to its fields, each nullable.
SELECT id, (total).* FROM invoices WHERE account_id = @account_id;

-- name: InvoiceCents :many
-- expect: cents Int?
-- params: (none)
-- why: (t.col).field of a composite column.
SELECT (i.total).cents FROM invoices i;

-- name: AccountExpanded :one
-- expect: id UUID, name String, settings JSONValue, tags [String], created_at Date
-- params: id UUID
-- why: (a).* of a table alias is a.*: NOT NULL columns stay NOT NULL.
SELECT (a).* FROM accounts a WHERE a.id = @id;

-- name: AccountNameThroughRow :many
-- expect: name String
-- params: (none)
-- why: (a).col of a table alias is a.col.
SELECT (a).name FROM accounts a;

-- name: AmountOf :one
-- expect: currency String?, cents Int?
-- params: invoiceId UUID
-- why: (f(x)).* of a function returning a composite type.
SELECT (amount_of(@invoice_id)).*;

-- name: AmountFrom :one
-- expect: currency String?, cents Int?
-- params: invoiceId UUID
-- why: a composite-returning function in FROM expands to the type's fields.
SELECT currency, cents FROM amount_of(@invoice_id);
