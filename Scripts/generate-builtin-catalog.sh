#!/usr/bin/env bash
# Regenerates Sources/NeonSQLGenerator/Catalog/Builtins/BuiltinCatalogData.swift from a real
# PostgreSQL: pg_type, pg_proc, pg_operator, pg_cast, pg_aggregate and pg_range of pg_catalog, plus
# the objects of the contrib extensions citext, hstore and ltree (each under its own `X` section,
# active only when a schema file says CREATE EXTENSION). pgvector is not packaged for this server:
# its common operators and functions are described by hand in HandDescribedExtensions.swift.
#
#   Scripts/generate-builtin-catalog.sh            uses Scripts/postgres.sh (starts it if needed)
#
# The data came from PostgreSQL 15 (the version Scripts/postgres.sh installs). Neon also runs 14,
# 16 and 17: functions added in 16/17 (e.g. any_value, random_normal, array_sample, date_add,
# json_scalar, uuid_extract_*) are missing, and the few removed or re-typed since 14 follow 15.
# Regenerate on purpose and review the diff; the file is committed.
#
# Line format (tab-separated), documented at the top of the generated file.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/Sources/NeonSQLGenerator/Catalog/Builtins/BuiltinCatalogData.swift"
PSQL=("$ROOT/Scripts/postgres.sh" psql)

"$ROOT/Scripts/postgres.sh" status >/dev/null 2>&1 || "$ROOT/Scripts/postgres.sh" start >/dev/null
DB="neon_sql_catalog_gen"
"${PSQL[@]}" -q -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" >/dev/null
trap '"${PSQL[@]}" -q -c "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true' EXIT
"${PSQL[@]}" -q -d "$DB" -c "CREATE EXTENSION citext; CREATE EXTENSION hstore; CREATE EXTENSION ltree;" >/dev/null

VERSION="$("${PSQL[@]}" -d "$DB" -Atc "SHOW server_version")"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"; "${PSQL[@]}" -q -c "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true' EXIT

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
       coalesce((SELECT typname FROM pg_type WHERE oid = p.provariadic), '')
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
SQL
"${PSQL[@]}" -d "$DB" -X -q -f "$TMP/query.sql" >"$TMP/rows.tsv"

python3 - "$TMP/rows.tsv" "$OUT" "$VERSION" <<'PY'
import sys
rows_path, out_path, version = sys.argv[1:4]
sections = {}
for line in open(rows_path, encoding="utf-8"):
    line = line.rstrip("\n")
    if not line:
        continue
    ext, rest = line.split("\t", 1)
    if ext not in ("", "citext", "hstore", "ltree"):
        continue  # plpgsql and other preinstalled extensions: not part of the model
    sections.setdefault(ext, []).append(rest)
body = []
for ext in sorted(sections):
    if ext:
        body.append("X\t" + ext)
    body.extend(sections[ext])
text = "\n".join(body)
assert '"""#' not in text
header = f'''// GENERATED by Scripts/generate-builtin-catalog.sh from PostgreSQL {version}. Do not edit by hand.
//
// PostgreSQL's built-in catalog (pg_catalog) as the analyzer resolves functions, operators, casts
// and types with it, plus the contrib extensions citext, hstore and ltree (each after an `X name`
// line, active only when a schema file says CREATE EXTENSION name). Neon's other versions differ:
// functions added in PostgreSQL 16 and 17 are missing here (e.g. any_value, random_normal,
// array_sample, date_add); everything else follows 15.
//
// One record per line, fields separated by tabs:
//   T  typname  format_type  category  preferred(0/1)  typtype  array-element  array-type  domain-base
//   R  range  subtype  multirange
//   C  source  target  context (i implicit, a assignment, e explicit)  method (f function, i I/O, b binary)
//   F  name  argument-types(space-separated)  result  flags  pronargdefaults  variadic-element
//      flags: s strict, r set-returning, v variadic, a aggregate, w window, o ordered-set, h hypothetical-set
//   O  name  left(empty for prefix)  right  result  s(strict)
//   X  extension   (the lines after it belong to that extension)
// Types are named by pg_type.typname (`int4`, `_text` for text[]).

/// The generated data: parsed once, at first use, by `BuiltinCatalog`.
enum BuiltinCatalogData {{
    /// PostgreSQL {version}'s catalog in the line format above.
    static let postgresVersion = "{version}"

    static let text = #"""
'''
with open(out_path, "w", encoding="utf-8") as out:
    out.write(header + text + '\n"""#\n}\n')
print(f"wrote {out_path}: {len(body)} lines")
PY
