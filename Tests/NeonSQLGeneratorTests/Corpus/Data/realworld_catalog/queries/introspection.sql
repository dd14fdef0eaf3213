-- name: MigrationColumns :many
-- expect: column_name String?, data_type String?, is_nullable String?, column_default String?, character_maximum_length Int?, ordinal_position Int?
-- params: tableName String
-- why: migration tools read information_schema.columns; its columns are domains over name,
-- integer and character varying, and every view column is nullable.
SELECT column_name, data_type, is_nullable, column_default, character_maximum_length, ordinal_position
FROM information_schema.columns
WHERE table_schema = 'public' AND table_name = @table_name
ORDER BY ordinal_position;

-- name: SchemaTables :many
-- expect: table_name String?, table_type String?
-- params: schemaName String
-- why: information_schema.tables qualified; the parameter takes sql_identifier's base type, name.
SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = @schema_name;

-- name: SchemaExists :one
-- expect: present Bool
-- params: schemaName String
-- why: information_schema.schemata with EXISTS.
SELECT EXISTS (SELECT 1 FROM information_schema.schemata WHERE schema_name = @schema_name) AS present;

-- name: TableConstraints :many
-- expect: conname String, contype String, definition String, relname String
-- params: tableName String
-- why: pg_constraint's and pg_class's columns are NOT NULL in the catalog; contype is "char".
SELECT c.conname, c.contype, pg_get_constraintdef(c.oid) AS definition, t.relname
FROM pg_catalog.pg_constraint c
JOIN pg_catalog.pg_class t ON t.oid = c.conrelid
JOIN pg_catalog.pg_namespace n ON n.oid = t.relnamespace
WHERE n.nspname = 'public' AND t.relname = @table_name;

-- name: IndexDefinitions :many
-- expect: indexname String?, indexdef String?
-- params: tableName String
-- why: pg_indexes is a view: every column nullable.
SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = @table_name;

-- name: TableSizes :many
-- expect: oid Int, relname String, total_bytes Int
-- params: (none)
-- why: unqualified pg_class (pg_catalog is searched first); oid maps to Int, relkind is "char".
SELECT c.oid, c.relname, pg_total_relation_size(c.oid) AS total_bytes
FROM pg_class c WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
ORDER BY total_bytes DESC;

-- name: InstalledExtensions :many
-- expect: extname String, extversion String
-- params: (none)
-- why: pg_extension is a table with NOT NULL columns.
SELECT extname, extversion FROM pg_extension ORDER BY extname;

-- name: Triggers :many
-- expect: tgname String, tgenabled String, relname String
-- params: (none)
-- why: pg_trigger joined with pg_class; tgenabled is "char".
SELECT tg.tgname, tg.tgenabled, cl.relname FROM pg_trigger tg JOIN pg_class cl ON cl.oid = tg.tgrelid WHERE NOT tg.tgisinternal;

-- name: CustomTypeKinds :many
-- expect: type_name String, type String?
-- params: (none)
-- why: a column reference is named by its identifier even when the column was made by a cast ("type"::text of a CTE's 'x'::text column is "type", not "text").
WITH custom_types AS (
    SELECT t.typname AS type_name,
           CASE WHEN t.typtype = 'd' THEN 'domain'::text WHEN t.typtype = 'e' THEN 'enum'::text END AS type
    FROM pg_catalog.pg_type t
    WHERE t.typtype IN ('d', 'e')
)
SELECT type_name, "type"::text FROM custom_types;
