#!/usr/bin/env bash
# The outbox, measured (BENCHMARKS.md "Outbox"): Benchmarks' OutboxBenchmark (release): enqueue
# latency against one write + fsync of the same bytes, and draining WRITES queued writes through
# the local stack's neon-local against sending them one by one.
#
#   eval "$(Scripts/local-stack.sh start)"; Scripts/bench-outbox.sh [WRITES]     default: 1000
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WRITES="${1:-1000}"
: "${NEON_LOCAL_ENDPOINT:?run eval \"\$(Scripts/local-stack.sh start)\" first}"
: "${NEON_DATABASE_URL:?run eval \"\$(Scripts/local-stack.sh start)\" first}"
cd "$ROOT/Benchmarks"
swift build -c release --product OutboxBenchmark >&2
"$(swift build -c release --show-bin-path)/OutboxBenchmark" \
    --endpoint "$NEON_LOCAL_ENDPOINT" --database-url "$NEON_DATABASE_URL" --writes "$WRITES"
