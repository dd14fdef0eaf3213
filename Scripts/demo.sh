#!/usr/bin/env bash
# The README's demo command: runs rizq-demo, the RIZQ app's flow through the generated queries.
#
# With NEON_DATABASE_URL set it talks to that database (a real Neon connection string; set
# NEON_LOCAL_ENDPOINT too for a local or proxied /sql endpoint). With nothing set it starts the
# local stack (a throwaway PostgreSQL with the RIZQ schema and seed data, and neon-local), runs
# the demo against it, and stops the stack on exit.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [[ -z "${NEON_DATABASE_URL:-}" ]]; then
    trap '"$ROOT/Scripts/local-stack.sh" stop >/dev/null 2>&1 || true' EXIT
    eval "$("$ROOT/Scripts/local-stack.sh" start)"
fi
swift build --product rizq-demo >&2
"$(swift build --show-bin-path)/rizq-demo" "$@"
