-- name: PersonById :one
-- expect: id Int, full_name String, nickname String, age Int?, created Date, email String?, feeling Mood
-- params: id Int
-- why: people_v1 renamed to people; fullname and nick renamed; age retyped to integer and nullable after DROP NOT NULL; nickname NOT NULL after SET NOT NULL; created retyped to timestamptz; email (citext) and feeling added.
SELECT id, full_name, nickname, age, created, email, feeling FROM people WHERE id = @id;

-- name: PeopleByFeeling :many
-- expect: id Int, full_name String
-- params: feeling Mood
-- why: the enum mood_old was renamed to mood; the parameter takes the column's enum type.
SELECT id, full_name FROM people WHERE feeling = @feeling ORDER BY id;

-- name: FeelingLabels :one
-- expect: label Mood, first Mood?
-- params: (none)
-- why: 'ecstatic' is a label after ADD VALUE ... AFTER; enum_first is strict, NULL for a NULL argument.
SELECT 'ecstatic'::mood AS label, enum_first(NULL::mood) AS first;

-- name: PeopleFeelingFine :many
-- expect: id Int
-- params: (none)
-- why: 'fine' is the renamed label; the constant is typed as mood by the comparison.
SELECT id FROM people WHERE feeling = 'fine';

-- name: AgeNextYear :many
-- expect: id Int, next_age Int?
-- params: (none)
-- why: age is integer after ALTER COLUMN TYPE, so age + 1 is integer; NULL when age is.
SELECT id, age + 1 AS next_age FROM people;

-- name: CreatedDay :many
-- expect: day Date
-- params: (none)
-- why: created became timestamptz (SET DATA TYPE ... USING); date_trunc keeps timestamptz.
SELECT date_trunc('day', created) AS day FROM people;

-- name: PersonByEmail :one
-- expect: id Int, email String
-- params: email String
-- why: email is citext (extension type, created by CREATE EXTENSION citext); the parameter is citext; a row where email = $1 holds has an email.
SELECT id, email FROM people WHERE email = @email;

-- name: InsertPerson :one
-- expect: id Int
-- params: fullName String, nickname String, feeling Mood
-- why: the renamed columns take parameters of their own types; serial id is returned.
INSERT INTO people (full_name, nickname, feeling) VALUES (@full_name, @nickname, @feeling) RETURNING id;

-- name: RenameNickname :execrows
-- expect: (none)
-- params: nickname String, id Int
-- why: UPDATE of a renamed column.
UPDATE people SET nickname = @nickname WHERE id = @id;

-- name: InvoicesOfPerson :many
-- expect: id Int, state InvoiceState, note String?, due_on PostgresDate?
-- params: personId Int
-- why: invoices moved to schema billing (SET SCHEMA) and gained due_on; the enum moved to billing too (its Swift name has no schema).
SELECT id, state, note, due_on FROM billing.invoices WHERE person_id = @person_id ORDER BY id;

-- name: InsertInvoice :one
-- expect: id Int
-- params: personId Int, total Decimal, code String?
-- why: parameters of domain columns are typed as the domains (positive_amount NOT NULL, short_code nullable); identity id is returned.
INSERT INTO billing.invoices (person_id, total, code) VALUES (@person_id, @total, @code) RETURNING id;

-- name: InvoiceAmounts :many
-- expect: id Int, total Decimal, code String?, total_plus Decimal
-- params: (none)
-- why: PostgreSQL describes a domain column as its base type (numeric, character varying); the domain's NOT NULL makes total non-optional.
SELECT id, total, code, total + 1 AS total_plus FROM billing.invoices ORDER BY id;

-- name: VoidInvoices :many
-- expect: id Int
-- params: (none)
-- why: 'void' was added to billing.invoice_state after it moved schema.
SELECT id FROM billing.invoices WHERE state = 'void';

-- name: PaymentsWithState :many
-- expect: id Int, invoice_id Int, paid_at Date?, state InvoiceState?
-- params: (none)
-- why: payments was created under SET search_path TO billing, public, so it lives in billing; its state column names the moved enum unqualified.
SELECT id, invoice_id, paid_at, state FROM billing.payments;

-- name: PaymentAmount :many
-- expect: id Int, amount Decimal?
-- params: (none)
-- why: paid is the composite type money_pair; (paid).amount is numeric and NULL when paid is.
SELECT id, (paid).amount AS amount FROM billing.payments;

-- name: InvoiceWithPerson :many
-- expect: invoice_id Int, full_name String, nickname String
-- params: (none)
-- why: a join across schemas after SET SCHEMA; the inner join keeps people's NOT NULL columns.
SELECT i.id AS invoice_id, p.full_name, p.nickname FROM billing.invoices i JOIN people p ON p.id = i.person_id;

-- name: PersonCopy :many
-- expect: id Int, full_name String, nickname String, age Int?, email String?, copied_at Date
-- params: (none)
-- why: LIKE people INCLUDING ALL copies columns, types and NOT NULL, then copied_at follows.
SELECT id, full_name, nickname, age, email, copied_at FROM people_copy;

-- name: PersonShape :many
-- expect: id Int, full_name String, feeling Mood, created Date
-- params: (none)
-- why: LIKE ... EXCLUDING ALL still copies NOT NULL (PostgreSQL always does).
SELECT id, full_name, feeling, created FROM people_shape;

-- name: InsertPersonShape :exec
-- expect: (none)
-- params: id Int, fullName String, nickname String, created Date, feeling Mood
-- why: EXCLUDING ALL copies no default, so every NOT NULL column takes a parameter.
INSERT INTO people_shape (id, full_name, nickname, created, feeling) VALUES (@id, @full_name, @nickname, @created, @feeling);

-- name: PersonDefaults :many
-- expect: extra_id Int?, id Int, full_name String
-- params: (none)
-- why: a column defined before LIKE comes first.
SELECT extra_id, id, full_name FROM people_defaults;

-- name: Trucks :many
-- expect: id Int, wheels Int, label String, payload_kg Decimal
-- params: (none)
-- why: INHERITS puts vehicles' columns first; label merges with the parent's and takes trucks' NOT NULL.
SELECT id, wheels, label, payload_kg FROM trucks;

-- name: VehicleLabels :many
-- expect: id Int, label String?
-- params: (none)
-- why: the parent's label stays nullable (its rows include the children's).
SELECT id, label FROM vehicles;

-- name: EventsIn2024 :many
-- expect: id Int, happened_at Date, kind String?, detail JSONValue?
-- params: (none)
-- why: a partition has its parent's columns.
SELECT id, happened_at, kind, detail FROM events_2024;

-- name: RestEventKinds :many
-- expect: kind String
-- params: (none)
-- why: PARTITION OF events (kind NOT NULL) adds NOT NULL to the partition's column.
SELECT kind FROM events_rest;

-- name: EventsSince :many
-- expect: id Int, kind String?
-- params: since Date
-- why: the partitioned parent is queried like a table.
SELECT id, kind FROM events WHERE happened_at >= @since;

-- name: KindCounts :many
-- expect: kind String, n Int?
-- params: (none)
-- why: a LIST partition of a partitioned table.
SELECT kind, n FROM events_by_kind_a;
