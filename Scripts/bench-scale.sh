#!/usr/bin/env bash
# Neon at scale, measured (BENCHMARKS.md "Read replicas and paged reads"): runs Benchmarks'
# ScaleBenchmark (release) against the local stack's primary neon-local and its standby's
# neon-local: reads/s primary only vs. primary + replica in alternating rounds, and a
# 100,000-row paged read (rows/s, peak memory).
#
#   eval "$(Scripts/local-stack.sh start)"; Scripts/bench-scale.sh [SECONDS] [ROUNDS] [CONCURRENCY]   defaults: 5 3 16
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
: "${NEON_LOCAL_ENDPOINT:?run eval \"\$(Scripts/local-stack.sh start)\" first}"
: "${NEON_LOCAL_REPLICA_ENDPOINT:?run eval \"\$(Scripts/local-stack.sh start)\" first}"
: "${NEON_DATABASE_URL:?run eval \"\$(Scripts/local-stack.sh start)\" first}"
cd "$ROOT/Benchmarks"
swift build -c release --product ScaleBenchmark >&2
"$(swift build -c release --show-bin-path)/ScaleBenchmark" --endpoint "$NEON_LOCAL_ENDPOINT" \
    --replica-endpoint "$NEON_LOCAL_REPLICA_ENDPOINT" --database-url "$NEON_DATABASE_URL" \
    --seconds "${1:-5}" --rounds "${2:-3}" --concurrency "${3:-16}"
