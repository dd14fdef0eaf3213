#!/usr/bin/env bash
# neon-local against PostgreSQL's own rate (BENCHMARKS.md "neon-local against pgbench").
#
#   Scripts/bench-neon-local.sh
#
# Starts a throwaway PostgreSQL (Scripts/postgres.sh), creates role and database `neon_bench`
# (password role, scram-sha-256 over TCP, as an app's role is) with pgbench's tables, builds and
# starts neon-local (release), then alternates, ROUNDS times, for DURATION seconds each:
#   pgbench -S -M simple -c CLIENTS   the one-row primary-key SELECT on PostgreSQL directly (TCP)
#   wrk -c CLIENTS                    the same SELECT (random aid) through neon-local's POST /sql
#                                     (keep-alive connections, Neon-Connection-String with the password)
# and prints each round's figures, the medians and the ratio neon-local / pgbench.
#
# Environment: CLIENTS (8), THREADS (2, for both tools), DURATION (10 s), ROUNDS (3), SCALE
# (pgbench scale, 10 = 1,000,000 accounts), NEON_LOCAL_BIN (skip the build and run this binary),
# NEON_LOCAL_ARGS (more neon-local options, e.g. "--threads 2 --credential-cache-ttl 0"; split on spaces).
# Needs wrk (Debian: apt-get install -y wrk) and pgbench (PostgreSQL's bin directory or PATH).
# Stops what it started (neon-local always, PostgreSQL when it was not running before).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
POSTGRES_SH="$ROOT/Scripts/postgres.sh"
CLIENTS="${CLIENTS:-8}"
THREADS="${THREADS:-2}"
DURATION="${DURATION:-10}"
ROUNDS="${ROUNDS:-3}"
SCALE="${SCALE:-10}"
DB="neon_bench"
ROLE="neon_bench"
PASSWORD="neon-bench-pw"
WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/bench-neon-local.XXXXXX")"

log() { printf 'bench-neon-local.sh: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# shellcheck source=lib/ports.sh
source "$ROOT/Scripts/lib/ports.sh"

command -v wrk >/dev/null 2>&1 || die "wrk is required (Debian: apt-get install -y wrk)"
PGBENCH="$(command -v pgbench || true)"
for dir in /usr/lib/postgresql/15/bin $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [[ -n "$PGBENCH" ]] && break
    [[ -x "$dir/pgbench" ]] && PGBENCH="$dir/pgbench"
done
[[ -n "$PGBENCH" ]] || die "pgbench is required (Debian: apt-get install -y postgresql-contrib or postgresql)"

started_postgres=false
"$POSTGRES_SH" status >/dev/null 2>&1 || started_postgres=true
NEON_PID=""
cleanup() {
    if [[ -n "$NEON_PID" ]] && kill -0 "$NEON_PID" 2>/dev/null; then
        kill -TERM "$NEON_PID" 2>/dev/null || true
        wait "$NEON_PID" 2>/dev/null || true
    fi
    if [[ "$started_postgres" == true ]]; then "$POSTGRES_SH" stop || true; fi
    rm -rf "$WORK_DIR"
}
trap cleanup EXIT

ADMIN_URL="$("$POSTGRES_SH" start)"
PG_PORT="${ADMIN_URL##*:}"
PG_PORT="${PG_PORT%%/*}"

log "preparing role and database $DB (pgbench scale $SCALE)"
"$POSTGRES_SH" psql -d postgres -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null
"$POSTGRES_SH" psql -d postgres -c "DROP ROLE IF EXISTS $ROLE" >/dev/null
"$POSTGRES_SH" psql -d postgres -c "CREATE ROLE $ROLE LOGIN PASSWORD '$PASSWORD'" >/dev/null
"$POSTGRES_SH" psql -d postgres -c "CREATE DATABASE $DB OWNER $ROLE" >/dev/null
PGPASSWORD="$PASSWORD" "$PGBENCH" -i -q -s "$SCALE" -h 127.0.0.1 -p "$PG_PORT" -U "$ROLE" "$DB" >"$WORK_DIR/init.log" 2>&1 \
    || { cat "$WORK_DIR/init.log" >&2; die "pgbench -i failed"; }
ACCOUNTS=$(( SCALE * 100000 ))

if [[ -z "${NEON_LOCAL_BIN:-}" ]]; then
    log "building neon-local (swift build -c release --package-path LocalNeon)"
    swift build -c release --package-path "$ROOT/LocalNeon" --product neon-local >&2 || die "building neon-local failed"
    NEON_LOCAL_BIN="$(swift build -c release --package-path "$ROOT/LocalNeon" --show-bin-path)/neon-local"
fi
[[ -x "$NEON_LOCAL_BIN" ]] || die "neon-local binary not found at $NEON_LOCAL_BIN"

NEON_PORT="$(free_port)"
read -r -a EXTRA_ARGS <<<"${NEON_LOCAL_ARGS:-}"
[[ ${#EXTRA_ARGS[@]} -eq 0 ]] || log "neon-local options: ${EXTRA_ARGS[*]}"
"$NEON_LOCAL_BIN" --port "$NEON_PORT" --postgres-url "$ADMIN_URL" --log-level warning ${EXTRA_ARGS[@]+"${EXTRA_ARGS[@]}"} >"$WORK_DIR/neon-local.log" 2>&1 &
NEON_PID=$!
for _ in $(seq 1 150); do
    curl -fsS -o /dev/null -X OPTIONS "http://127.0.0.1:$NEON_PORT/sql" 2>/dev/null && break
    kill -0 "$NEON_PID" 2>/dev/null || { cat "$WORK_DIR/neon-local.log" >&2; die "neon-local exited"; }
    sleep 0.2
done

CONNECTION_STRING="postgresql://$ROLE:$PASSWORD@bench.localtest.me/$DB"
SQL='SELECT abalance FROM pgbench_accounts WHERE aid = $1'
answer="$(curl -sS -X POST "http://127.0.0.1:$NEON_PORT/sql" -H "Neon-Connection-String: $CONNECTION_STRING" \
    -d "{\"query\":\"$SQL\",\"params\":[\"1\"]}")"
[[ "$answer" == *'"rows":[{"abalance":0}]'* ]] || die "unexpected answer from neon-local: $answer"

# wrk: one request per call, a random account each time (as pgbench -S picks one).
cat > "$WORK_DIR/select.lua" <<LUA
wrk.method = "POST"
wrk.headers["Neon-Connection-String"] = "$CONNECTION_STRING"
wrk.headers["Content-Type"] = "application/json"
math.randomseed(os.time())
request = function()
    local body = '{"query":"$SQL","params":["' .. math.random(1, $ACCOUNTS) .. '"]}'
    return wrk.format(nil, "/sql", nil, body)
end
LUA

run_pgbench() {
    PGPASSWORD="$PASSWORD" "$PGBENCH" -S -M simple -n -c "$CLIENTS" -j "$THREADS" -T "$1" \
        -h 127.0.0.1 -p "$PG_PORT" -U "$ROLE" "$DB" 2>&1
}
run_wrk() {
    wrk -t "$THREADS" -c "$CLIENTS" -d "${1}s" --latency -s "$WORK_DIR/select.lua" "http://127.0.0.1:$NEON_PORT/sql" 2>&1
}

log "warming up (3 s each)"
run_pgbench 3 >/dev/null
run_wrk 3 >/dev/null

pgbench_rates=()
wrk_rates=()
for round in $(seq 1 "$ROUNDS"); do
    pg_out="$(run_pgbench "$DURATION")"
    pg_tps="$(printf '%s\n' "$pg_out" | awk '/^tps = / { printf "%.0f", $3; exit }')"
    [[ -n "$pg_tps" ]] || { printf '%s\n' "$pg_out" >&2; die "could not read pgbench's tps"; }
    wrk_out="$(run_wrk "$DURATION")"
    printf '%s\n' "$wrk_out" | grep -q 'Non-2xx' && { printf '%s\n' "$wrk_out" >&2; die "neon-local answered with errors"; }
    wrk_rps="$(printf '%s\n' "$wrk_out" | awk '/^Requests\/sec:/ { printf "%.0f", $2; exit }')"
    wrk_p50="$(printf '%s\n' "$wrk_out" | awk '$1 == "50%" { print $2; exit }')"
    wrk_p99="$(printf '%s\n' "$wrk_out" | awk '$1 == "99%" { print $2; exit }')"
    [[ -n "$wrk_rps" ]] || { printf '%s\n' "$wrk_out" >&2; die "could not read wrk's rate"; }
    printf 'round %s: pgbench %s tps, neon-local %s req/s (p50 %s, p99 %s), ratio %s%%\n' "$round" "$pg_tps" "$wrk_rps" \
        "$wrk_p50" "$wrk_p99" "$(awk -v a="$wrk_rps" -v b="$pg_tps" 'BEGIN { printf "%.1f", 100 * a / b }')"
    pgbench_rates+=("$pg_tps")
    wrk_rates+=("$wrk_rps")
done

median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
pg_median="$(median "${pgbench_rates[@]}")"
wrk_median="$(median "${wrk_rates[@]}")"
printf 'median: pgbench -S -M simple %s tps, neon-local %s req/s: %s%% of pgbench (%s clients, %s s x %s rounds)\n' \
    "$pg_median" "$wrk_median" "$(awk -v a="$wrk_median" -v b="$pg_median" 'BEGIN { printf "%.1f", 100 * a / b }')" \
    "$CLIENTS" "$DURATION" "$ROUNDS"
