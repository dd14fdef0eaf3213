-- name: PeopleSummary :many
-- expect: id Int?, full_name String?, nickname String?, double_age Int?
-- params: (none)
-- why: CREATE TABLE AS types columns by its query but copies no NOT NULL: every column may hold NULL.
SELECT id, full_name, nickname, double_age FROM people_summary;

-- name: InvoiceTotals :many
-- expect: person Int?, invoice_count Int?
-- params: (none)
-- why: the column list renames person_id and count; count(*) is bigint.
SELECT person, invoice_count FROM invoice_totals;

-- name: PeopleSnapshot :many
-- expect: id Int?, name String?, created Date?
-- params: (none)
-- why: SELECT ... INTO TABLE people_snapshot creates a table from the query (aliases name its columns).
SELECT id, name, created FROM people_snapshot;

-- name: TruckLoads :many
-- expect: payload_kg Decimal?, label String?
-- params: (none)
-- why: SELECT INTO without TABLE.
SELECT payload_kg, label FROM truck_loads;

-- name: PersonStats :many
-- expect: id Int, full_name String, invoices Int, last_due PostgresDate?
-- params: (none)
-- why: a materialized view (renamed from person_stats_v0) keeps its query's nullability: count is never NULL, max over the LEFT JOIN may be.
SELECT id, full_name, invoices, last_due FROM person_stats;

-- name: PersonStatsById :one
-- expect: invoices Int
-- params: id Int
-- why: the renamed materialized view is filtered like a table.
SELECT invoices FROM person_stats WHERE id = @id LIMIT 1;

-- name: MoodCounts :many
-- expect: feeling Mood, n Int
-- params: (none)
-- why: CREATE MATERIALIZED VIEW IF NOT EXISTS mood_counts (feeling, n): the column list names the columns.
SELECT feeling, n FROM mood_counts;

-- name: InvoiceStates :many
-- expect: state InvoiceState
-- params: (none)
-- why: the materialized view moved to billing with ALTER MATERIALIZED VIEW ... SET SCHEMA.
SELECT state FROM billing.invoice_states;

-- name: GrownUps :many
-- expect: id Int, full_name String, age Int
-- params: (none)
-- why: the view adults renamed to grown_ups, then replaced with CREATE OR REPLACE VIEW; its WHERE age >= 21 makes age non-NULL.
SELECT id, full_name, age FROM grown_ups;

-- name: StatsJoinPeople :many
-- expect: full_name String, invoices Int, email String?
-- params: (none)
-- why: a materialized view joined with a table.
SELECT s.full_name, s.invoices, p.email FROM person_stats s JOIN people p ON p.id = s.id;

-- name: LeftJoinSummary :many
-- expect: id Int, double_age Int?
-- params: (none)
-- why: people_summary's column is nullable in any case.
SELECT p.id, s.double_age FROM people p LEFT JOIN people_summary s ON s.id = p.id;

-- name: CopySnapshot :execrows
-- expect: (none)
-- params: (none)
-- why: INSERT ... SELECT into a table made by SELECT INTO.
INSERT INTO people_snapshot (id, name, created) SELECT id, full_name, created FROM people;

-- name: CountTemporaryLookalike :one
-- expect: n Int
-- params: (none)
-- why: import_rows was a temporary table (pg_temp) and was dropped; the permanent table of the same family is unaffected.
SELECT count(*) AS n FROM people;

-- name: TrucksAsVehicles :many
-- expect: wheels Int, payload_kg Decimal?
-- params: (none)
-- why: a child table joined to its parent.
SELECT v.wheels, t.payload_kg FROM vehicles v LEFT JOIN trucks t ON t.id = v.id;

-- name: UpdateTruckLoad :one
-- expect: payload_kg Decimal
-- params: payloadKg Decimal, id Int
-- why: UPDATE of a child table's own column.
UPDATE trucks SET payload_kg = @payload_kg WHERE id = @id RETURNING payload_kg;

-- name: InsertEvent :exec
-- expect: (none)
-- params: id Int, happenedAt Date, kind String?
-- why: INSERT into a partitioned table goes through the parent's columns.
INSERT INTO events (id, happened_at, kind) VALUES (@id, @happened_at, @kind);
