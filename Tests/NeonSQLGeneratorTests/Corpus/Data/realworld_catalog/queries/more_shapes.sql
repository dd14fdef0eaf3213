-- name: ForeignKeys :many
-- expect: column_name String?, constraint_name String?, ordinal_position Int?
-- params: tableName String
-- why: information_schema.key_column_usage joined with table_constraints, as ORMs discover foreign keys.
SELECT kcu.column_name, tc.constraint_name, kcu.ordinal_position
FROM information_schema.table_constraints tc
JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_name = @table_name;

-- name: Routines :many
-- expect: routine_name String?, routine_type String?, data_type String?
-- params: (none)
-- why: information_schema.routines' columns are sql_identifier and character_data.
SELECT routine_name, routine_type, data_type FROM information_schema.routines WHERE routine_schema = 'public';

-- name: ViewDefinitions :many
-- expect: table_name String?, view_definition String?, is_updatable String?
-- params: (none)
-- why: information_schema.views.
SELECT table_name, view_definition, is_updatable FROM information_schema.views WHERE table_schema = 'public';

-- name: Sequences :many
-- expect: schemaname String?, sequencename String?, last_value Int?, increment_by Int?
-- params: (none)
-- why: pg_sequences is a view; last_value is bigint.
SELECT schemaname, sequencename, last_value, increment_by FROM pg_sequences;

-- name: EnumLabels :many
-- expect: typname String, enumlabel String, enumsortorder Float
-- params: (none)
-- why: pg_enum and pg_type are tables: NOT NULL columns; enumsortorder is real.
SELECT t.typname, e.enumlabel, e.enumsortorder FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid ORDER BY t.typname, e.enumsortorder;

-- name: ColumnsOfTable :many
-- expect: attname String, data_type String?, attnotnull Bool, attnum Int
-- params: table String
-- why: pg_attribute with format_type; attnum is smallint; the parameter is a regclass.
SELECT a.attname, format_type(a.atttypid, a.atttypmod) AS data_type, a.attnotnull, a.attnum
FROM pg_attribute a WHERE a.attrelid = @table::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum;

-- name: IndexesOfTable :many
-- expect: index_name String, indisunique Bool, indisprimary Bool, indkey String, definition String
-- params: table String
-- why: pg_index's indkey is int2vector (text), indisunique boolean; pg_get_indexdef is text.
SELECT i.indexrelid::regclass::text AS index_name, i.indisunique, i.indisprimary, i.indkey, pg_get_indexdef(i.indexrelid) AS definition
FROM pg_index i WHERE i.indrelid = @table::regclass;

-- name: FunctionsInSchema :many
-- expect: proname String, proargtypes String, arguments String
-- params: schemaName String
-- why: pg_proc.proargtypes is oidvector; pg_get_function_arguments is text.
SELECT p.proname, p.proargtypes, pg_get_function_arguments(p.oid) AS arguments
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = @schema_name;

-- name: Roles :many
-- expect: rolname String?, rolsuper Bool?, rolcanlogin Bool?, rolvaliduntil Date?
-- params: (none)
-- why: pg_roles is a view; rolvaliduntil is timestamptz.
SELECT rolname, rolsuper, rolcanlogin, rolvaliduntil FROM pg_roles;

-- name: DatabaseSizes :many
-- expect: datname String, size_bytes Int
-- params: (none)
-- why: pg_database is a table; pg_database_size(oid) is bigint.
SELECT datname, pg_database_size(oid) AS size_bytes FROM pg_database WHERE NOT datistemplate;

-- name: Locks :many
-- expect: locktype String?, relation Int?, mode String?, granted Bool?, pid Int?
-- params: (none)
-- why: pg_locks is a view over a function; granted is boolean, relation an oid.
SELECT locktype, relation, mode, granted, pid FROM pg_locks WHERE NOT granted;

-- name: DatabaseStatistics :one
-- expect: xact_commit Int?, xact_rollback Int?, blks_hit Int?, stats_reset Date?
-- params: (none)
-- why: pg_stat_database's counters are bigint, stats_reset timestamptz.
SELECT xact_commit, xact_rollback, blks_hit, stats_reset FROM pg_stat_database WHERE datname = current_database() LIMIT 1;

-- name: PublicTables :many
-- expect: tablename String?, tableowner String?, hasindexes Bool?
-- params: (none)
-- why: pg_tables is a view: name columns nullable.
SELECT tablename, tableowner, hasindexes FROM pg_tables WHERE schemaname = 'public';

-- name: PublicViews :many
-- expect: viewname String?, definition String?
-- params: (none)
-- why: pg_views.definition is text.
SELECT viewname, definition FROM pg_views WHERE schemaname = 'public';

-- name: TerminateBackend :one
-- expect: terminated Bool
-- params: pid Int, timeoutMs Int
-- why: pg_terminate_backend's second parameter, timeout, is bigint: bound by name.
SELECT pg_terminate_backend(@pid, timeout => @timeout_ms) AS terminated;

-- name: BuildTimestamp :one
-- expect: at Date
-- params: day Int, month Int, year Int, sec Double
-- why: make_timestamptz in named notation, the arguments in another order than declared.
SELECT make_timestamptz(mday => @day, month => @month, year => @year, hour => 0, min => 0, sec => @sec) AS at;

-- name: DeleteDuplicateEmails :exec
-- expect: (none)
-- params: (none)
-- why: ctid compared with ctid (tid < tid) picks one row of each pair of duplicates.
DELETE FROM accounts a USING accounts b WHERE a.ctid < b.ctid AND a.email = b.email;

-- name: ChangedSince :many
-- expect: id Int, changed_in Int
-- params: since Int
-- why: xmin cast through text to a number, as change-tracking queries do.
SELECT id, xmin::text::bigint AS changed_in FROM accounts WHERE xmin::text::bigint > @since;

-- name: RowOrigin :many
-- expect: source_table String, id Int
-- params: (none)
-- why: tableoid::regclass names the table a row came from.
SELECT tableoid::regclass AS source_table, id FROM accounts;

-- name: AdvisoryXactLock :exec
-- expect: pg_advisory_xact_lock String
-- params: key Int
-- why: pg_advisory_xact_lock returns void: a statement run for its effect.
SELECT pg_advisory_xact_lock(@key);


-- name: SettingsKeys :many
-- expect: key String?, value JSONValue?
-- params: doc JSONValue
-- why: a field of a set-returning built-in's record in the select list takes its OUT column's type.
SELECT (jsonb_each(@doc::jsonb)).key, (jsonb_each(@doc::jsonb)).value;
