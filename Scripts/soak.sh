#!/usr/bin/env bash
# The soak benchmark (BENCHMARKS.md "Soak"): the bounded soak test (Tests/RIZQEndToEndTests/SoakTests.swift)
# run longer, then wrk on the same endpoint with the same request as the floor.
#
#   Scripts/soak.sh [QUERIES] [CONCURRENCY] [WRK_SECONDS]     defaults: 40000 8 20
#
# CONCURRENCY is both the client's concurrent tasks and wrk's connections (the client's URLSession
# opens at most 8 connections per host, so 8 compares like with like). Loopback only; the soak stops
# after QUERIES queries or 10 minutes, wrk after WRK_SECONDS. Uses the running local stack, or
# starts one (and stops it at the end). Installs wrk from Debian when it is missing.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
QUERIES="${1:-40000}"
CONCURRENCY="${2:-8}"
WRK_SECONDS="${3:-20}"
OUT="$ROOT/.local-stack/soak"
mkdir -p "$OUT"

log() { printf 'soak.sh: %s\n' "$*" >&2; }

if ! command -v wrk >/dev/null 2>&1; then
    log "installing wrk (apt-get)"
    if [[ "$(id -u)" == 0 ]]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq >/dev/null && $SUDO apt-get install -y -qq wrk >/dev/null
fi

if [[ -z "${NEON_LOCAL_ENDPOINT:-}" || -z "${NEON_LOCAL_PID:-}" ]]; then
    trap '"$ROOT/Scripts/local-stack.sh" stop >/dev/null 2>&1 || true' EXIT
    eval "$("$ROOT/Scripts/local-stack.sh" start)"
fi

log "soak: $QUERIES queries, $CONCURRENCY concurrent tasks, one NeonClient"
NEON_SQL_REQUIRE_SERVICES=true \
NEON_SQL_SOAK_QUERIES="$QUERIES" NEON_SQL_SOAK_CONCURRENCY="$CONCURRENCY" NEON_SQL_SOAK_SECONDS=600 \
NEON_SQL_SOAK_REPORT="$OUT/report.json" NEON_SQL_SOAK_REQUEST_BODY="$OUT/body.json" \
    swift test --filter SoakTests 2>&1 | tee "$OUT/soak.log" | grep -E "soak: |error|passed|failed" >&2

CONNECTION_STRING="$(sed -n 's/^export NEON_DATABASE_URL=//p' "$ROOT/.local-stack/env" 2>/dev/null || true)"
CONNECTION_STRING="${CONNECTION_STRING:-$NEON_DATABASE_URL}"
cat > "$OUT/post.lua" <<LUA
local file = io.open("$OUT/body.json", "rb")
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Neon-Connection-String"] = "$CONNECTION_STRING"
wrk.headers["Neon-Raw-Text-Output"] = "true"
wrk.headers["Neon-Array-Mode"] = "true"
LUA
log "floor: wrk -t2 -c$CONCURRENCY -d${WRK_SECONDS}s on $NEON_LOCAL_ENDPOINT, same request body"
wrk -t2 -c"$CONCURRENCY" -d"${WRK_SECONDS}s" --latency -s "$OUT/post.lua" "$NEON_LOCAL_ENDPOINT" | tee "$OUT/wrk.txt" >&2
if grep -q "Non-2xx" "$OUT/wrk.txt"; then
    log "error: wrk got non-2xx answers"; exit 1
fi
log "report: $OUT/report.json, $OUT/wrk.txt"
