#!/usr/bin/env bash
# The README's demo command: runs rizq-demo, the RIZQ app's flow through the generated queries.
#
# With NEON_DATABASE_URL set it talks to that database (a real Neon connection string; set
# NEON_LOCAL_ENDPOINT too for a local or proxied /sql endpoint; set RIZQ_DEMO_TOKEN_COMMAND to a
# command printing a JWT to sign in with tokens instead of a password). With nothing set it starts
# the local stack (a throwaway PostgreSQL with the RIZQ schema and seed data, and neon-local verifying
# JWTs against a key pair made at start), runs the demo against it in JWT mode, as an app without a
# database password does (RIZQ_DEMO_AUTH=password uses the owner's password instead), and stops
# the stack on exit.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [[ -z "${NEON_DATABASE_URL:-}" ]]; then
    trap '"$ROOT/Scripts/local-stack.sh" stop >/dev/null 2>&1 || true' EXIT
    eval "$("$ROOT/Scripts/local-stack.sh" start)"
    if [[ "${RIZQ_DEMO_AUTH:-jwt}" == "jwt" ]]; then
        # Role `authenticated`, no password; the signer stands in for the app's auth provider and is
        # run by the demo for each request with the signed-in user's id.
        export NEON_DATABASE_URL="$NEON_JWT_DATABASE_URL"
        export RIZQ_DEMO_TOKEN_COMMAND="$RIZQ_JWT_SIGNER --sub \"\$RIZQ_DEMO_USER_ID\""
    fi
fi
swift build --product rizq-demo >&2
DEMO="$(swift build --show-bin-path)/rizq-demo"
# Writing offline: the first process queues a dua completion (+10 XP) in an outbox while the
# database is unreachable and stops; the second starts online, sends it once and prints both.
if [[ -z "${RIZQ_DEMO_OUTBOX_DIRECTORY:-}" ]]; then
    RIZQ_DEMO_OUTBOX_DIRECTORY="$(mktemp -d "${TMPDIR:-/tmp}/rizq-demo-outbox.XXXXXX")"
    export RIZQ_DEMO_OUTBOX_DIRECTORY
fi
"$DEMO" offline-complete
"$DEMO" "$@"
