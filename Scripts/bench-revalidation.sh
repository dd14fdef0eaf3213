#!/usr/bin/env bash
# Conditional revalidation against refetching (BENCHMARKS.md "Revalidation"): RIZQ's home and
# library screens (20 cached queries) through the local stack's neon-local, in one run.
#
#   eval "$(Scripts/local-stack.sh start)"; Scripts/bench-revalidation.sh [ROUNDS]   default: 20
# CONFIGURATION=debug builds it in debug (requests and bytes do not depend on it; times do).
# It edits three descriptions (a category, a collection, a journey) and restores them.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
: "${NEON_LOCAL_ENDPOINT:?run eval \"\$(Scripts/local-stack.sh start)\" first}"
: "${NEON_DATABASE_URL:?run eval \"\$(Scripts/local-stack.sh start)\" first}"
cd "$ROOT"
CONFIGURATION="${CONFIGURATION:-release}"
swift build -c "$CONFIGURATION" --product RevalidationBenchmark >&2
"$(swift build -c "$CONFIGURATION" --show-bin-path)/RevalidationBenchmark" "${1:-20}"
