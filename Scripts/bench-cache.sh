#!/usr/bin/env bash
# The result cache, measured (BENCHMARKS.md "Result cache"): Benchmarks' CacheBenchmark (release)
# against the local stack's neon-local: cached against network reads, allocations per hit, heap per
# 1,000 cached rows, one write with 100 observers.
#
#   eval "$(Scripts/local-stack.sh start)"; Scripts/bench-cache.sh [READS]     default: 500
#   Scripts/bench-cache.sh --declared     TableEffects.declared's cost per statement (no stack needed)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
READS="${1:-500}"
if [ "$READS" = "--declared" ]; then
    # What TableEffects.declared costs a statement factory: no server needed.
    cd "$ROOT/Benchmarks"
    swift build -c release --product CacheBenchmark >&2
    exec "$(swift build -c release --show-bin-path)/CacheBenchmark" --declared
fi
: "${NEON_LOCAL_ENDPOINT:?run eval \"\$(Scripts/local-stack.sh start)\" first}"
: "${NEON_DATABASE_URL:?run eval \"\$(Scripts/local-stack.sh start)\" first}"
cd "$ROOT/Benchmarks"
swift build -c release --product CacheBenchmark >&2
"$(swift build -c release --show-bin-path)/CacheBenchmark" \
    --endpoint "$NEON_LOCAL_ENDPOINT" --database-url "$NEON_DATABASE_URL" --reads "$READS"
