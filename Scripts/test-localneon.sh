#!/usr/bin/env bash
# Runs LocalNeon's tests (conformance over HTTP + units) against a throwaway PostgreSQL:
# starts it with Scripts/postgres.sh, runs `swift test --package-path LocalNeon` with
# LOCALNEON_TEST_POSTGRES_URL set, and stops PostgreSQL on exit (unless it was already running).
# Extra arguments go to `swift test` (e.g. --filter StatusTable).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
POSTGRES_SH="$ROOT/Scripts/postgres.sh"

log() { printf 'test-localneon.sh: %s\n' "$*" >&2; }

started_here=false
if ! "$POSTGRES_SH" status >/dev/null 2>&1; then
    started_here=true
fi
cleanup() {
    if [[ "$started_here" == true ]]; then
        "$POSTGRES_SH" stop || true
    fi
}
trap cleanup EXIT

LOCALNEON_TEST_POSTGRES_URL="$("$POSTGRES_SH" start)"
export LOCALNEON_TEST_POSTGRES_URL
log "PostgreSQL at $LOCALNEON_TEST_POSTGRES_URL"
swift test --package-path "$ROOT/LocalNeon" "$@"
