#!/usr/bin/env bash
# Round trips, measured (BENCHMARKS.md "Round trips"): starts Scripts/latency-proxy.py in front of
# the local stack's neon-local (DELAY_MS each way, 2 round trips of setup per new connection) and
# runs Benchmarks' LatencyBenchmark (release) through it, with and without exactly-once writes.
#
#   eval "$(Scripts/local-stack.sh start)"; Scripts/bench-latency.sh [DELAY_MS] [REQUESTS]   defaults: 25 100
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DELAY_MS="${1:-25}"
REQUESTS="${2:-100}"
: "${NEON_LOCAL_ENDPOINT:?run eval \"\$(Scripts/local-stack.sh start)\" first}"
: "${NEON_DATABASE_URL:?run eval \"\$(Scripts/local-stack.sh start)\" first}"

WORK="$(mktemp -d)"
PROXY_PID=""
cleanup() {
    [[ -n "$PROXY_PID" ]] && kill "$PROXY_PID" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

# host:port of neon-local, from its endpoint URL (http://127.0.0.1:PORT/sql).
UPSTREAM="$(python3 -c 'import sys, urllib.parse; u = urllib.parse.urlparse(sys.argv[1]); print(f"{u.hostname}:{u.port}")' "$NEON_LOCAL_ENDPOINT")"
python3 "$ROOT/Scripts/latency-proxy.py" --upstream "$UPSTREAM" --delay-ms "$DELAY_MS" --setup-rtts 2 \
    --port-file "$WORK/port" --stats-file "$WORK/stats" >/dev/null &
PROXY_PID=$!
for _ in $(seq 1 50); do [[ -s "$WORK/port" ]] && break; sleep 0.1; done
PORT="$(cat "$WORK/port")"

cd "$ROOT/Benchmarks"
swift build -c release --product LatencyBenchmark >&2
"$(swift build -c release --show-bin-path)/LatencyBenchmark" \
    --endpoint "http://127.0.0.1:$PORT/sql" --database-url "$NEON_DATABASE_URL" \
    --stats-file "$WORK/stats" --rtt-ms "$(python3 -c "print(2 * $DELAY_MS)")" --requests "$REQUESTS"
