#!/usr/bin/env bash
# The local stack: a throwaway PostgreSQL with the RIZQ schema and seed data, and neon-local
# serving Neon's POST /sql in front of it.
#
#   Scripts/local-stack.sh start   start PostgreSQL, (re)create database `rizq` (role rizq), load
#                                  queries/schema/*.sql and Scripts/seed/rizq.sql, build and start neon-local;
#                                  prints the export lines (as `env` does)
#   Scripts/local-stack.sh env     print `export NEON_LOCAL_ENDPOINT=...`, `export NEON_DATABASE_URL=...` (the
#                                  owner, with a password) and the JWT mode's `NEON_JWT_DATABASE_URL` (role
#                                  `authenticated`, no password) and `RIZQ_JWT_SIGNER` (prints a token: append
#                                  `--sub <user uuid>`); neon-local verifies tokens against a key pair made at start.
#                                  Also NEON_LOCAL_PID, and NEON_LOCAL_FAULT_ENDPOINT: a second neon-local on the
#                                  same database with --enable-fault-injection, for the fault tests;
#                                  NEON_LOCAL_REPLICA_ENDPOINT: a third neon-local in front of a streaming hot
#                                  standby of the primary (Scripts/standby.sh), whose admin URL is
#                                  NEON_SQL_TEST_STANDBY_URL (to pause and resume its replay)
#   Scripts/local-stack.sh stop    stop neon-local, the standby and PostgreSQL (safe to call from a trap, and twice)
#
# Typical use:  eval "$(Scripts/local-stack.sh start)"; trap 'Scripts/local-stack.sh stop' EXIT
# `start` when the stack already runs prints its env again without touching the data.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STATE_DIR="${LOCAL_STACK_DIR:-$ROOT/.local-stack}"
export LOCAL_STACK_DIR="$STATE_DIR"
ENV_FILE="$STATE_DIR/env"
PID_FILE="$STATE_DIR/neon-local.pid"
NEON_LOG="$STATE_DIR/neon-local.log"
FAULT_PID_FILE="$STATE_DIR/neon-local-faults.pid"
FAULT_LOG="$STATE_DIR/neon-local-faults.log"
REPLICA_PID_FILE="$STATE_DIR/neon-local-replica.pid"
REPLICA_LOG="$STATE_DIR/neon-local-replica.log"
STANDBY_SH="$ROOT/Scripts/standby.sh"
POSTGRES_SH="$ROOT/Scripts/postgres.sh"

DB_NAME="rizq"
DB_USER="rizq"
DB_PASSWORD="rizq-local-password"
# Neon needs a domain name as host; neon-local only checks it and connects to its own upstream.
DB_HOST="rizq.localtest.me"
# JWT mode (Neon RLS): the role tokens run as, and the stand-in auth provider's keys.
JWT_ROLE="authenticated"
JWT_DIR="$STATE_DIR/jwt"
JWT_SIGNER="$ROOT/Scripts/lib/jwt-signer.py"

log() { printf 'local-stack.sh: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

neon_local_running() {
    [[ -f "$PID_FILE" ]] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null \
        && [[ -f "$FAULT_PID_FILE" ]] && kill -0 "$(cat "$FAULT_PID_FILE")" 2>/dev/null \
        && [[ -f "$REPLICA_PID_FILE" ]] && kill -0 "$(cat "$REPLICA_PID_FILE")" 2>/dev/null
}

# Starts a neon-local: start_one PID_FILE LOG PORT [extra arguments...]
# start_one PID_FILE LOG_FILE PORT [neon-local options]: a neon-local in front of $UPSTREAM_URL
# (the primary's admin URL unless set).
start_one() {
    local pid_file="$1" log_file="$2" port="$3"
    shift 3
    log "starting neon-local $* on 127.0.0.1:$port (log: $log_file)"
    nohup "$NEON_LOCAL_BIN" --port "$port" --postgres-url "${UPSTREAM_URL:-$PG_URL}" "$@" >"$log_file" 2>&1 </dev/null &
    printf '%s\n' "$!" > "$pid_file"
}

# shellcheck source=lib/ports.sh
source "$ROOT/Scripts/lib/ports.sh"

psql_admin() {
    "$POSTGRES_SH" psql "$@"
}

create_database() {
    log "creating role $DB_USER and a fresh database $DB_NAME"
    psql_admin -d postgres <<SQL >/dev/null
DO \$\$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$DB_USER') THEN
        CREATE ROLE $DB_USER LOGIN PASSWORD '$DB_PASSWORD';
    ELSE
        ALTER ROLE $DB_USER LOGIN PASSWORD '$DB_PASSWORD';
    END IF;
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$JWT_ROLE') THEN
        CREATE ROLE $JWT_ROLE NOLOGIN;
    END IF;
END
\$\$;
SQL
    psql_admin -d postgres -c "DROP DATABASE IF EXISTS $DB_NAME WITH (FORCE)" >/dev/null 2>&1
    psql_admin -d postgres -c "CREATE DATABASE $DB_NAME OWNER $DB_USER" >/dev/null
    local file
    for file in "$ROOT"/queries/schema/*.sql; do
        log "applying ${file#"$ROOT"/}"
        psql_admin -d "$DB_NAME" -c "SET ROLE $DB_USER" -f "$file" >/dev/null
    done
    log "applying Migrations/exactly_once_writes.sql"
    psql_admin -d "$DB_NAME" -c "SET ROLE $DB_USER" -f "$ROOT/Migrations/exactly_once_writes.sql" >/dev/null
    log "loading Scripts/seed/rizq.sql"
    psql_admin -d "$DB_NAME" -c "SET ROLE $DB_USER" -f "$ROOT/Scripts/seed/rizq.sql" >/dev/null
}

build_neon_local() {
    # A prebuilt binary (another checkout's, say) skips the build: NEON_LOCAL_BIN=/path/to/neon-local.
    if [[ -n "${NEON_LOCAL_BIN:-}" ]]; then
        [[ -x "$NEON_LOCAL_BIN" ]] || die "NEON_LOCAL_BIN is set but is not an executable: $NEON_LOCAL_BIN"
        log "using the prebuilt neon-local at $NEON_LOCAL_BIN"
        return
    fi
    log "building neon-local (swift build -c debug --package-path LocalNeon)"
    swift build -c debug --package-path "$ROOT/LocalNeon" --product neon-local >&2 \
        || die "building neon-local failed"
    NEON_LOCAL_BIN="$(swift build -c debug --package-path "$ROOT/LocalNeon" --show-bin-path)/neon-local"
    [[ -x "$NEON_LOCAL_BIN" ]] || die "neon-local binary not found at $NEON_LOCAL_BIN"
}

wait_for_neon_local() {
    local port="$1" pid_file="${2:-$PID_FILE}" log_file="${3:-$NEON_LOG}" _
    for _ in $(seq 1 150); do
        if ! kill -0 "$(cat "$pid_file")" 2>/dev/null; then
            tail -n 20 "$log_file" >&2 || true
            die "neon-local exited during startup (log: $log_file)"
        fi
        if curl -fsS -o /dev/null -X OPTIONS "http://127.0.0.1:$port/sql" 2>/dev/null; then
            return 0
        fi
        sleep 0.2
    done
    die "neon-local did not answer on port $port within 30 s (log: $log_file)"
}

check_round_trip() {
    local port="$1" body
    body="$(curl -sS -X POST "http://127.0.0.1:$port/sql" \
        -H "Neon-Connection-String: postgresql://$DB_USER:$DB_PASSWORD@$DB_HOST/$DB_NAME" \
        -d '{"query":"SELECT count(*) AS journeys FROM journeys"}')" || die "neon-local did not answer a query"
    [[ "$body" == *'"command":"SELECT"'* ]] || die "unexpected answer from neon-local: $body"
    log "neon-local answers: $body"
}

# A token from the stand-in auth provider runs as role authenticated with its user id.
check_jwt_round_trip() {
    local port="$1" token body user="00000000-0000-4000-8000-000000000000"
    token="$(python3 "$JWT_SIGNER" sign "$JWT_DIR" --sub "$user")" || die "could not sign a token"
    body="$(curl -sS -X POST "http://127.0.0.1:$port/sql" \
        -H "Neon-Connection-String: postgresql://$JWT_ROLE@$DB_HOST/$DB_NAME" -H "Authorization: Bearer $token" \
        -d '{"query":"SELECT current_user AS role, auth.user_id() AS uid"}')" || die "neon-local did not answer a JWT query"
    [[ "$body" == *"\"role\":\"$JWT_ROLE\",\"uid\":\"$user\""* ]] || die "neon-local did not run a JWT query as $JWT_ROLE: $body"
    log "neon-local accepts JWTs for role $JWT_ROLE"
}

print_env() {
    [[ -f "$ENV_FILE" ]] || die "the local stack is not running (start it with: Scripts/local-stack.sh start)"
    cat "$ENV_FILE"
}

cmd_start() {
    command -v curl >/dev/null 2>&1 || die "curl is required (apt-get install -y curl)"
    command -v swift >/dev/null 2>&1 || die "swift is required to build neon-local"
    mkdir -p "$STATE_DIR"
    if neon_local_running && "$POSTGRES_SH" status >/dev/null 2>&1 && [[ -f "$ENV_FILE" ]]; then
        log "already running"
        print_env
        return 0
    fi
    # Half-started leftovers (e.g. neon-local died): start over cleanly.
    stop_neon_local
    PG_URL="$("$POSTGRES_SH" start)"
    create_database
    build_neon_local
    local port fault_port
    port="$(free_port)"
    command -v python3 >/dev/null 2>&1 || die "python3 is required for the JWT keys"
    if ! python3 -c 'import cryptography' 2>/dev/null; then
        log "installing the python package cryptography (for the JWT keys)"
        python3 -m pip install --quiet cryptography >&2 \
            || die "python3's cryptography package is required for the JWT keys (pip install cryptography)"
    fi
    python3 "$JWT_SIGNER" init "$JWT_DIR" || die "could not create the JWT key pair"
    start_one "$PID_FILE" "$NEON_LOG" "$port" \
        --jwks-file "$JWT_DIR/jwks.json" --jwt-audience rizq-local --jwt-issuer https://auth.rizq.localtest.me \
        --jwt-role "$JWT_ROLE"
    wait_for_neon_local "$port"
    check_round_trip "$port"
    check_jwt_round_trip "$port"
    # The fault tests' neon-local: same database, honours X-Neon-Local-Fault (never the default); it keeps
    # no idle connections open (SoakTests counts the role's connections of both neon-locals). It
    # accepts the same JWTs as the main one (the outbox's kill test drains two signed-in users through it).
    fault_port="$(free_port)"
    # A low response limit too: the paging tests read past it (the default is 10 MB). No pool
    # minimum: its connections count in SoakTests' bound of the role's connections.
    start_one "$FAULT_PID_FILE" "$FAULT_LOG" "$fault_port" --enable-fault-injection --max-response-bytes 1048576 \
        --min-connections-per-pool 0 \
        --jwks-file "$JWT_DIR/jwks.json" --jwt-audience rizq-local --jwt-issuer https://auth.rizq.localtest.me \
        --jwt-role "$JWT_ROLE"
    wait_for_neon_local "$fault_port" "$FAULT_PID_FILE" "$FAULT_LOG"
    check_round_trip "$fault_port"
    check_jwt_round_trip "$fault_port"
    # The read-replica tests' standby: a streaming hot standby of the primary (a fresh base backup
    # each start: the primary's database was just recreated), with a neon-local of its own
    # and the same JWT settings (on a standby neon-local reads what the primary's installed above).
    "$STANDBY_SH" reset >/dev/null 2>&1 || true
    local standby_url replica_port
    standby_url="$("$STANDBY_SH" start)" || die "the standby did not start"
    replica_port="$(free_port)"
    UPSTREAM_URL="$standby_url" start_one "$REPLICA_PID_FILE" "$REPLICA_LOG" "$replica_port" \
        --jwks-file "$JWT_DIR/jwks.json" --jwt-audience rizq-local --jwt-issuer https://auth.rizq.localtest.me \
        --jwt-role "$JWT_ROLE"
    wait_for_neon_local "$replica_port" "$REPLICA_PID_FILE" "$REPLICA_LOG"
    check_round_trip "$replica_port"
    check_jwt_round_trip "$replica_port"
    cat > "$ENV_FILE" <<ENV
export NEON_LOCAL_ENDPOINT=http://127.0.0.1:$port/sql
export NEON_DATABASE_URL=postgresql://$DB_USER:$DB_PASSWORD@$DB_HOST/$DB_NAME
export NEON_JWT_DATABASE_URL=postgresql://$JWT_ROLE@$DB_HOST/$DB_NAME
export RIZQ_JWT_SIGNER='python3 $JWT_SIGNER sign $JWT_DIR'
export NEON_LOCAL_PID=$(cat "$PID_FILE")
export NEON_LOCAL_FAULT_ENDPOINT=http://127.0.0.1:$fault_port/sql
export NEON_LOCAL_REPLICA_ENDPOINT=http://127.0.0.1:$replica_port/sql
export NEON_SQL_TEST_STANDBY_URL=$standby_url
ENV
    print_env
}

stop_neon_local() {
    stop_one "$PID_FILE"
    stop_one "$FAULT_PID_FILE"
    stop_one "$REPLICA_PID_FILE"
    rm -f "$ENV_FILE"
}

stop_one() {
    local pid_file="$1"
    if [[ -f "$pid_file" ]]; then
        local pid
        pid="$(cat "$pid_file")"
        if kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid" 2>/dev/null || true
            local _
            for _ in $(seq 1 50); do
                kill -0 "$pid" 2>/dev/null || break
                sleep 0.1
            done
            kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
            log "neon-local stopped"
        fi
        rm -f "$pid_file"
    fi
}

cmd_stop() {
    stop_neon_local
    "$STANDBY_SH" stop >/dev/null 2>&1 || true
    "$POSTGRES_SH" stop || true
}

case "${1:-}" in
    start) cmd_start ;;
    stop) cmd_stop ;;
    env) print_env ;;
    *) printf 'usage: %s start|stop|env\n' "$0" >&2; exit 2 ;;
esac
