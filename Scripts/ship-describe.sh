#!/usr/bin/env bash
# Records what a release sends and decodes, for `neon-sql-gen breaking` (DocC "Evolving the schema
# of a shipped app"): writes the describe JSON of the schema and queries as they are now.
#
#   Scripts/ship-describe.sh VERSION [SCHEMA_DIR] [QUERY_DIR] [OUT_DIR]
#       defaults: queries/schema queries shipped   -> shipped/VERSION.json
#
# Commit the file with the release. Before migrating the database, check every version still
# installed:  for f in shipped/*.json; do swift run neon-sql-gen breaking --against "$f" --schema queries/schema || exit 1; done
set -euo pipefail
VERSION="${1:?usage: Scripts/ship-describe.sh VERSION [SCHEMA_DIR] [QUERY_DIR] [OUT_DIR]}"
SCHEMA="${2:-queries/schema}"
QUERIES="${3:-queries}"
OUT="${4:-shipped}"
[[ "$VERSION" =~ ^[A-Za-z0-9._-]+$ ]] || { echo "ship-describe.sh: VERSION may hold letters, digits, '.', '_' and '-'" >&2; exit 2; }
mkdir -p "$OUT"
swift run -c release neon-sql-gen describe --schema "$SCHEMA" "$QUERIES" > "$OUT/$VERSION.json.tmp"
mv "$OUT/$VERSION.json.tmp" "$OUT/$VERSION.json"
echo "ship-describe.sh: wrote $OUT/$VERSION.json" >&2
