-- name: TenantBySlug :one
-- expect: id UUID, slug String, display_name String, settings JSONValue, billing_address String?, created_at Date
-- params: slug String
-- why: a uuid key with a default, a composite column, deleted_at IS NULL filter.
SELECT id, slug, display_name, settings, billing_address, created_at FROM identity.tenants WHERE slug = lower(@slug) AND deleted_at IS NULL;

-- name: CreateTenant :one
-- expect: id UUID, created_at Date
-- params: slug String, displayName String, settings JSONValue?
-- why: sqlc.narg(settings)::jsonb in coalesce.
INSERT INTO identity.tenants (slug, display_name, settings)
VALUES (@slug, @display_name, coalesce(sqlc.narg(settings)::jsonb, '{}'))
RETURNING id, created_at;

-- name: TenantCity :one
-- expect: city String?, country String?
-- params: id UUID
-- why: field selection from a composite column, with and without the table alias.
SELECT (billing_address).city AS city, (t.billing_address).country AS country
FROM identity.tenants t WHERE t.id = $1;

-- name: SetTenantAddress :exec
-- expect: (none)
-- params: street String, city String, postalCode String, country String, id UUID
-- why: ROW(...)::composite assigned to a composite column.
UPDATE identity.tenants SET billing_address = ROW(@street::text, @city::text, @postal_code::text, @country::text)::identity.address
WHERE id = @id;

-- name: SetTenantCity :exec
-- expect: (none)
-- params: city String?, id UUID
-- why: SET composite.field = @p: the parameter is the field's type (text), not the composite.
UPDATE identity.tenants SET billing_address.city = @city WHERE id = @id;

-- name: TenantFeatureFlag :one
-- expect: enabled Bool
-- params: flag String, tenantId UUID
-- why: -> then ->> with a parameter key, cast to boolean, COALESCE'd.
SELECT coalesce((settings -> 'features' ->> @flag::text)::boolean, false) AS enabled
FROM identity.tenants WHERE id = @tenant_id;

-- name: TenantSettingsPatch :one
-- expect: settings JSONValue
-- params: path [String], value String, id UUID
-- why: jsonb_set with a text[] path parameter and to_jsonb(text).
UPDATE identity.tenants
SET settings = jsonb_set(settings, @path::text[], to_jsonb(@value::text), true)
WHERE id = @id
RETURNING settings;

-- name: UsersOfTenant :many
-- expect: id Int, email String, full_name String?, roles [String], last_seen_at Date?
-- params: pageSize Int, pageOffset Int
-- why: a STABLE SQL function in WHERE; a domain column; a generated column is nullable.
SELECT u.id, u.email, u.full_name, u.roles, u.last_seen_at
FROM identity.users u
WHERE u.tenant_id = identity.current_tenant()
ORDER BY u.last_seen_at DESC NULLS LAST, u.id
LIMIT @page_size OFFSET @page_offset;

-- name: InviteUser :one
-- expect: id Int, full_name String?, roles [String]
-- params: tenantId UUID, email String, givenName String?, familyName String?, roles [String]?
-- why: ON CONFLICT with an array_agg subquery over unnest of EXCLUDED.
INSERT INTO identity.users (tenant_id, email, given_name, family_name, roles)
VALUES (@tenant_id, @email, sqlc.narg('given_name'), sqlc.narg('family_name'), coalesce(sqlc.narg('roles')::text[], '{member}'))
ON CONFLICT (tenant_id, email) DO UPDATE SET roles = (SELECT array_agg(DISTINCT r ORDER BY r) FROM unnest(users.roles || excluded.roles) AS r)
RETURNING id, full_name, roles;

-- name: UserEmailDomainCounts :many
-- expect: domain String, users Int
-- params: (none)
-- why: split_part over a domain column; GROUP BY position.
SELECT split_part(email, '@', 2) AS domain, count(*) AS users
FROM identity.users
GROUP BY 1
ORDER BY users DESC;

-- name: UsersWithRole :many
-- expect: id Int, email String
-- params: role String, tenantId UUID
-- why: ARRAY[@role]::text[] with @>; a domain cast to text.
SELECT id, email::text AS email FROM identity.users WHERE roles @> ARRAY[@role]::text[] AND tenant_id = @tenant_id;

-- name: TouchUsers :exec
-- expect: (none)
-- params: ids [Int]
-- why: = ANY(@ids::bigint[]).
UPDATE identity.users SET last_seen_at = now() WHERE id = ANY(@ids::bigint[]);

-- name: ActiveApiKey :one
-- expect: id Int, tenant_id UUID, user_id Int?, email String?, scopes [String]
-- params: prefix String, secret Data
-- why: bytea parameter through sha256; LEFT JOIN makes email optional.
SELECT k.id, k.tenant_id, k.user_id, u.email, k.scopes
FROM identity.api_keys k
LEFT JOIN identity.users u ON u.id = k.user_id
WHERE k.prefix = @prefix AND k.hashed = sha256(@secret::bytea)
  AND NOT k.revoked AND (k.expires_at IS NULL OR k.expires_at > now());

-- name: CreateApiKey :one
-- expect: id Int, prefix String, expires_at Date?
-- params: tenantId UUID, userId Int?, secret Data, scopes [String], ttl PostgresInterval
-- why: now() + interval parameter; md5(random()::text).
INSERT INTO identity.api_keys (tenant_id, user_id, prefix, hashed, scopes, expires_at)
VALUES (@tenant_id, @user_id, substr(md5(random()::text), 1, 8), sha256(@secret::bytea), @scopes, now() + @ttl::interval)
RETURNING id, prefix, expires_at;

-- name: RevokeKeys :execrows
-- expect: (none)
-- params: tenantId UUID, userId Int?
-- why: @user_id::bigint IS NULL OR ...: an optional parameter.
UPDATE identity.api_keys SET revoked = TRUE WHERE tenant_id = @tenant_id AND (@user_id::bigint IS NULL OR user_id = @user_id);

-- name: Subscription :one
-- expect: tier PlanTier, seats Int, price_per_seat Int, monthly_total Int?, period_start Date?, period_end Date?, trial_ends_on PostgresDate?
-- params: tenantId UUID
-- why: a NOT NULL domain column, a generated column (nullable), range bounds.
SELECT tier, seats, price_per_seat, monthly_total, lower(current_period) AS period_start, upper(current_period) AS period_end, trial_ends_on
FROM billing.subscriptions WHERE tenant_id = @tenant_id;

-- name: UpsertSubscription :exec
-- expect: (none)
-- params: tenantId UUID, tier PlanTier, seats Int, pricePerSeat Int
-- why: INSERT ... AS s with GREATEST(s.seats, EXCLUDED.seats) and a WHERE on the update.
INSERT INTO billing.subscriptions AS s (tenant_id, tier, seats, price_per_seat, current_period)
VALUES (@tenant_id, @tier, @seats, @price_per_seat, tstzrange(now(), now() + interval '1 month'))
ON CONFLICT (tenant_id) DO UPDATE
SET tier = EXCLUDED.tier, seats = GREATEST(s.seats, EXCLUDED.seats), price_per_seat = EXCLUDED.price_per_seat
WHERE s.cancelled_at IS NULL;

-- name: TierRevenue :many
-- expect: tier PlanTier?, tenants Int, mrr Decimal?, avg_seats Double?
-- params: (none)
-- why: GROUP BY ROLLUP makes the grouped column optional; avg()::float8.
SELECT tier, count(*) AS tenants, sum(monthly_total) AS mrr, avg(seats)::float8 AS avg_seats
FROM billing.subscriptions
WHERE cancelled_at IS NULL
GROUP BY ROLLUP (tier)
ORDER BY tier NULLS LAST;

-- name: TrialsEndingSoon :many
-- expect: slug String, trial_ends_on PostgresDate, days_left Int
-- params: days Int
-- why: date - date is integer; BETWEEN filters the nullable date to NOT NULL.
SELECT t.slug, s.trial_ends_on, s.trial_ends_on - current_date AS days_left
FROM billing.subscriptions s JOIN identity.tenants t ON t.id = s.tenant_id
WHERE s.trial_ends_on BETWEEN current_date AND current_date + @days::int;

-- name: CreateInvoice :one
-- expect: id Int, number String, total Decimal?
-- params: tenantId UUID, lines JSONValue, subtotal Decimal, taxRate Decimal
-- why: nextval of a serial's sequence, lpad, a generated numeric column.
INSERT INTO billing.invoices (tenant_id, number, due_on, lines, subtotal, tax_rate)
VALUES (@tenant_id,
        'INV-' || to_char(current_date, 'YYYY') || '-' || lpad(nextval('billing.invoices_id_seq')::text, 6, '0'),
        current_date + 30, @lines, @subtotal, @tax_rate)
RETURNING id, number, total;

-- name: InvoiceLines :many
-- expect: number String, position Int, description String?, amount Decimal?
-- params: invoiceId Int
-- why: jsonb_array_elements WITH ORDINALITY in FROM with column aliases.
SELECT i.number, line.ordinality AS position, line.value ->> 'description' AS description,
       (line.value ->> 'amount')::numeric AS amount
FROM billing.invoices i, jsonb_array_elements(i.lines) WITH ORDINALITY AS line(value, ordinality)
WHERE i.id = @invoice_id;

-- name: InvoiceLinesTyped :many
-- expect: description String?, amount Decimal?, quantity Int?
-- params: invoiceId Int
-- why: jsonb_to_recordset with a column definition list.
SELECT l.description, l.amount, l.quantity
FROM billing.invoices i
CROSS JOIN LATERAL jsonb_to_recordset(i.lines) AS l(description text, amount numeric, quantity int)
WHERE i.id = @invoice_id;

-- name: OverdueInvoices :many
-- expect: id Int, tenant_id UUID, number String, total Decimal?, days_overdue Int
-- params: (none)
-- why: current_date - date is integer.
SELECT id, tenant_id, number, total, current_date - due_on AS days_overdue
FROM billing.invoices
WHERE paid_at IS NULL AND due_on < current_date
ORDER BY due_on;

-- name: MarkPaid :one
-- expect: paid_at Date?
-- params: paidAt Date?, id Int
-- why: coalesce(sqlc.narg(...), now()); RETURNING keeps the column's nullability.
UPDATE billing.invoices SET paid_at = coalesce(sqlc.narg(paid_at), now()) WHERE id = sqlc.arg(id) RETURNING paid_at;

-- name: Balances :many
-- expect: tenant_id UUID, slug String, outstanding Decimal, last_due_on PostgresDate?
-- params: (none)
-- why: a security_barrier view with COALESCE(sum(...) FILTER ...) and max().
SELECT tenant_id, slug, outstanding, last_due_on FROM billing.tenant_balances WHERE outstanding > 0;

-- name: RecordUsage :batchexec
-- expect: (none)
-- params: tenantId UUID, metric String, day PostgresDate, quantity Int
-- why: :batchexec upsert adding EXCLUDED.quantity.
INSERT INTO billing.usage_records (tenant_id, metric, day, quantity)
VALUES ($1, $2, $3, $4)
ON CONFLICT (tenant_id, metric, day) DO UPDATE SET quantity = usage_records.quantity + EXCLUDED.quantity;

-- name: UsageByMonth :many
-- expect: month PostgresDate?, metric String?, total Int?
-- params: tenantId UUID, since PostgresDate
-- why: GROUPING SETS: a column missing from a set is NULL there.
SELECT date_trunc('month', day)::date AS month, metric, sum(quantity)::bigint AS total
FROM billing.usage_records
WHERE tenant_id = @tenant_id AND day >= @since::date
GROUP BY GROUPING SETS ((date_trunc('month', day), metric), (metric))
ORDER BY 1 NULLS LAST, 2;

-- name: UsageRunningTotal :many
-- expect: day PostgresDate, quantity Int, running Decimal, weekly_avg Decimal
-- params: tenantId UUID, metric String
-- why: window frames ROWS BETWEEN ... ; sum(bigint) is numeric.
SELECT day, quantity, sum(quantity) OVER (ORDER BY day ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running,
       avg(quantity) OVER (ORDER BY day ROWS BETWEEN 6 PRECEDING AND CURRENT ROW) AS weekly_avg
FROM billing.usage_records
WHERE tenant_id = @tenant_id AND metric = @metric
ORDER BY day;

-- name: CopyUsage :copyfrom
-- expect: (none)
-- params: tenantId UUID, metric String, day PostgresDate, quantity Int
-- why: :copyfrom with @names.
INSERT INTO billing.usage_records (tenant_id, metric, day, quantity) VALUES (@tenant_id, @metric, @day, @quantity);

-- name: ProjectsOfTenant :many
-- expect: id Int, key String, name String, owner_name String?, open_tasks Int
-- params: (none)
-- why: a scalar count(*) subquery is NOT NULL; LEFT OUTER JOIN.
SELECT p.id, p.key, p.name, o.full_name AS owner_name,
       (SELECT count(*) FROM projects.tasks t WHERE t.project_id = p.id AND t.state <> 'done') AS open_tasks
FROM projects.projects p
LEFT OUTER JOIN identity.users o ON o.id = p.owner_id
WHERE NOT p.archived
ORDER BY p.key;

-- name: CreateTask :one
-- expect: id Int, number Int, undated Bool
-- params: title String, assigneeId Int?, estimate PostgresInterval?, labels [String], dueAt Date?, projectId Int
-- why: INSERT ... SELECT with a user function, sqlc.narg casts and a RETURNING expression.
INSERT INTO projects.tasks (tenant_id, project_id, number, title, assignee_id, estimate, labels, due_at)
SELECT p.tenant_id, p.id, projects.next_task_number(p.id), @title, sqlc.narg('assignee_id'), sqlc.narg('estimate')::interval, @labels::text[], sqlc.narg('due_at')
FROM projects.projects p WHERE p.id = @project_id
RETURNING id, number, (due_at IS NULL) AS undated;

-- name: TaskByKey :one
-- expect: id Int, title String, state TaskState, task_key String
-- params: taskKey String
-- why: split_part(...)::int and text || integer.
SELECT t.id, t.title, t.state, p.key || '-' || t.number AS task_key
FROM projects.tasks t JOIN projects.projects p ON p.id = t.project_id
WHERE p.key = split_part(@task_key, '-', 1) AND t.number = split_part(@task_key, '-', 2)::int;

-- name: SearchTasks :many
-- expect: id Int, title String, rank Float?
-- params: terms String
-- why: a generated tsvector column with websearch_to_tsquery in FROM; ts_rank is real.
SELECT id, title, ts_rank(search, query) AS rank
FROM projects.tasks, websearch_to_tsquery('simple', @terms) query
WHERE search @@ query
ORDER BY rank DESC
LIMIT 50;

-- name: MoveTask :one
-- expect: id Int, state TaskState, finished Bool
-- params: state TaskState, id Int
-- why: an enum parameter from SET; RETURNING compares it.
UPDATE projects.tasks SET state = @state WHERE id = @id RETURNING id, state, state = 'done' AS finished;

-- name: TaskTree :many
-- expect: id Int, parent_id Int?, title String, depth Int, path [Int]
-- params: rootId Int
-- why: WITH RECURSIVE with an array path and = ANY.
WITH RECURSIVE tree AS (
    SELECT id, parent_id, title, 0 AS depth, ARRAY[id] AS path
    FROM projects.tasks WHERE id = @root_id
  UNION ALL
    SELECT c.id, c.parent_id, c.title, tree.depth + 1, tree.path || c.id
    FROM projects.tasks c JOIN tree ON c.parent_id = tree.id
    WHERE NOT c.id = ANY(tree.path)
)
SELECT id, parent_id, title, depth, path FROM tree ORDER BY path;

-- name: EstimateByState :many
-- expect: state TaskState?, total_estimate PostgresInterval?, average_estimate PostgresInterval?, late Int
-- params: projectId Int
-- why: GROUP BY CUBE; sum/avg of interval; justify_interval.
SELECT state, sum(estimate) AS total_estimate, justify_interval(avg(estimate)) AS average_estimate,
       count(*) FILTER (WHERE due_at < now()) AS late
FROM projects.tasks WHERE project_id = @project_id GROUP BY CUBE (state);

-- name: LabelCloud :many
-- expect: label String, uses Int
-- params: projectId Int
-- why: unnest(array) as a FROM item named by its alias.
SELECT label, count(*) AS uses
FROM projects.tasks, unnest(labels) AS label
WHERE project_id = @project_id
GROUP BY label ORDER BY uses DESC, label;

-- name: AssignTasks :execrows
-- expect: (none)
-- params: assigneeId Int?, taskIds [Int]
-- why: IN (SELECT unnest(sqlc.slice(...)::bigint[])).
UPDATE projects.tasks SET assignee_id = @assignee_id
WHERE id IN (SELECT unnest(sqlc.slice(task_ids)::bigint[])) AND state IN ('todo', 'doing');

-- name: TasksDueIn :many
-- expect: id Int, title String, due_at Date, remaining PostgresInterval
-- params: hours Int
-- why: int * interval; BETWEEN keeps due_at NOT NULL.
SELECT id, title, due_at, due_at - now() AS remaining
FROM projects.tasks
WHERE due_at BETWEEN now() AND now() + (@hours::int * interval '1 hour')
ORDER BY due_at;

-- name: ArchiveProjects :many
-- expect: key String
-- params: tenantId UUID
-- why: a data-modifying CTE with RETURNING and a correlated NOT EXISTS.
WITH archived AS (
    UPDATE projects.projects SET archived = true
    WHERE tenant_id = @tenant_id AND NOT archived AND NOT EXISTS (
        SELECT 1 FROM projects.tasks t WHERE t.project_id = projects.id AND t.state <> 'done')
    RETURNING id, key
)
SELECT key FROM archived ORDER BY key;

-- name: SetTenantForSession :exec
-- expect: set_config String?
-- params: tenantId String
-- why: set_config in a SELECT run as :exec.
SELECT set_config('app.tenant_id', @tenant_id::text, false);

-- name: DeleteTenant :exec
-- expect: (none)
-- params: id UUID
-- why: a plain DELETE.
DELETE FROM identity.tenants WHERE id = @id;

-- name: CreateTenantWithCity :one
-- expect: id UUID
-- params: slug String, displayName String, city String?, country String?
-- why: INSERT into composite fields (col.field): each value takes the field's type.
INSERT INTO identity.tenants (slug, display_name, billing_address.city, billing_address.country)
VALUES (@slug, @display_name, @city, @country)
RETURNING id;

-- name: UpsertTenantCountry :exec
-- expect: (none)
-- params: slug String, displayName String, country String?
-- why: ON CONFLICT DO UPDATE SET col.field = @p: the field's type (character).
INSERT INTO identity.tenants AS t (slug, display_name) VALUES (@slug, @display_name)
ON CONFLICT (slug) DO UPDATE SET billing_address.country = @country, display_name = excluded.display_name;

-- name: MoveTenant :exec
-- expect: (none)
-- params: city String?, postalCode String?, id UUID
-- why: SET (a.f, a.g) = (@x, @y): each field typed.
UPDATE identity.tenants SET (billing_address.city, billing_address.postal_code) = (@city, @postal_code) WHERE id = @id;

-- name: MergeTenantPostalCode :exec
-- expect: (none)
-- params: slug String, postalCode String?
-- why: MERGE UPDATE SET and INSERT (col.field): the field's type.
MERGE INTO identity.tenants t
USING (SELECT @slug::text AS slug) s ON t.slug = s.slug
WHEN MATCHED THEN UPDATE SET billing_address.postal_code = @postal_code
WHEN NOT MATCHED THEN INSERT (slug, display_name, billing_address.postal_code) VALUES (s.slug, s.slug, @postal_code);

-- name: InviteUserWithRole :exec
-- expect: (none)
-- params: tenantId UUID, email String, role String?
-- why: INSERT into roles[1]: the value is the array's element type.
INSERT INTO identity.users (tenant_id, email, roles[1]) VALUES (@tenant_id, @email, @role);

-- name: InviteUsersWithRole :exec
-- expect: (none)
-- params: tenantId UUID, role String?, emails [String]
-- why: INSERT ... SELECT into roles[1]: the select output takes the element type.
INSERT INTO identity.users (tenant_id, email, roles[1]) SELECT @tenant_id, e, @role FROM unnest(@emails::text[]) AS e;

-- name: TenantAddressJson :one
-- expect: address JSONValue?, tenant JSONValue
-- params: id UUID
-- why: row_to_json of a composite column; to_jsonb of a table row minus a key.
SELECT row_to_json(t.billing_address) AS address, to_jsonb(t) - 'settings' AS tenant FROM identity.tenants t WHERE t.id = @id;

-- name: TaskTreeOrdered :many
-- expect: id Int, parent_id Int?, title String, is_cycle Bool
-- params: projectId Int
-- why: SEARCH DEPTH FIRST ... SET col (record[]) and CYCLE ... SET col USING path (boolean, record[]).
WITH RECURSIVE tree(id, parent_id, title) AS (
    SELECT id, parent_id, title FROM projects.tasks WHERE parent_id IS NULL AND project_id = @project_id
    UNION ALL
    SELECT c.id, c.parent_id, c.title FROM projects.tasks c JOIN tree ON c.parent_id = tree.id
) SEARCH DEPTH FIRST BY id SET ordercol
  CYCLE id SET is_cycle USING cycle_path
SELECT id, parent_id, title, is_cycle FROM tree WHERE NOT is_cycle ORDER BY ordercol;

-- name: TaskLevels :many
-- expect: id Int, looped String, depth Int
-- params: (none)
-- why: SEARCH BREADTH FIRST (record), CYCLE ... TO 'Y' DEFAULT 'N' (text).
WITH RECURSIVE tree AS (
    SELECT id, parent_id FROM projects.tasks WHERE parent_id IS NULL
    UNION ALL
    SELECT c.id, c.parent_id FROM projects.tasks c JOIN tree ON c.parent_id = tree.id
) SEARCH BREADTH FIRST BY id SET level_order
  CYCLE id SET looped TO 'Y' DEFAULT 'N' USING trail
SELECT id, looped, cardinality(trail) AS depth FROM tree WHERE looped = 'N' ORDER BY level_order;

-- name: RecordPreviousCity :exec
-- expect: (none)
-- params: city String?, id UUID
-- why: an array of composites assigned through a subscript and a field: the value is the field's type.
UPDATE identity.tenants SET previous_addresses[1].city = @city WHERE id = @id;

-- name: TenantWithPreviousCountry :one
-- expect: id UUID
-- params: slug String, country String?
-- why: INSERT into previous_addresses[1].country: character, through the array and the field.
INSERT INTO identity.tenants (slug, display_name, previous_addresses[1].country) VALUES (@slug, @slug, @country) RETURNING id;

-- name: UserLabels :many
-- expect: id Int, label String?
-- params: tenantId UUID
-- why: a user function whose parameter is a table's row type, called with the table alias.
SELECT u.id, identity.user_label(u) AS label FROM identity.users u WHERE u.tenant_id = @tenant_id;

-- name: UserLabelsNamed :many
-- expect: id Int, label String?, doc JSONValue
-- params: (none)
-- why: the row-typed parameter in named notation; row_to_json(t, true) with a table's row.
SELECT u.id, identity.user_label(u => u) AS label, row_to_json(u, true) AS doc FROM identity.users u;

-- name: SnapshotUser :one
-- expect: id Int
-- params: userId Int
-- why: a column whose type is a table's row type, filled with the table alias's row.
INSERT INTO identity.user_snapshots (row_before) SELECT u FROM identity.users u WHERE u.id = @user_id RETURNING id;

-- name: SnapshotEmails :many
-- expect: id Int, email String?, tenant_id UUID?
-- params: (none)
-- why: fields of a column typed by a table's row type; (row).field is nullable.
SELECT id, (row_before).email::text AS email, (s.row_before).tenant_id AS tenant_id FROM identity.user_snapshots s;

-- name: UsersFromJson :many
-- expect: id Int?, email String?
-- params: users JSONValue
-- why: json_populate_recordset(NULL::table, ...) with the columns picked by name.
SELECT r.id, r.email::text AS email FROM json_populate_recordset(NULL::identity.users, @users::json) AS r;

-- name: ArchiveTaskTree :execrows
-- expect: (none)
-- params: rootId Int
-- why: a recursive CTE with SEARCH and CYCLE feeding an UPDATE; the CYCLE mark is an integer here.
WITH RECURSIVE tree AS (
    SELECT id FROM projects.tasks WHERE id = @root_id
    UNION ALL
    SELECT c.id FROM projects.tasks c JOIN tree ON c.parent_id = tree.id
) SEARCH DEPTH FIRST BY id SET path_order
  CYCLE id SET seen TO 1 DEFAULT 0 USING visited
UPDATE projects.tasks SET state = 'done' WHERE id IN (SELECT id FROM tree WHERE seen = 0);

-- name: TasksMatchingTitle :many
-- expect: id Int, number Int, title String, distance Int?
-- params: near Int, projectId Int, pattern String
-- why: user operators (CREATE OPERATOR): OPERATOR(schema.op) with a parameter, a public one unqualified.
SELECT id, number, title, number <~> @near AS distance
FROM projects.tasks
WHERE project_id = @project_id AND title OPERATOR(projects.=~) @pattern
ORDER BY number <~> @near, id;
