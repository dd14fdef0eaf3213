-- name: ServiceFees :many
-- expect: id Int, fee Decimal?, small_fee Int?
-- params: (none)
-- why: fee_of(numeric) renamed to service_fee and fee_of(integer) moved to billing: each answers to its new name.
SELECT id, service_fee(total) AS fee, billing.fee_of(7) AS small_fee FROM billing.invoices;

-- name: AccountByEmail :one
-- expect: id Int, handle String?
-- params: email String
-- why: ADD PRIMARY KEY USING INDEX keeps id NOT NULL; the renamed UNIQUE constraint still makes email a key.
SELECT id, handle FROM accounts WHERE email = @email;
