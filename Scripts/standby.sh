#!/usr/bin/env bash
# A hot standby of the throwaway PostgreSQL cluster of Scripts/postgres.sh: a streaming replica
# made with `pg_basebackup -R` (Scripts/local-stack.sh starts one, with a neon-local of its own, for the read-replica tests).
#
#   Scripts/standby.sh start    base backup of the running primary (first time) and start the
#                               standby on a free 127.0.0.1 port; prints its admin URL
#   Scripts/standby.sh stop     stop it (no-op when not running)
#   Scripts/standby.sh url      print the standby's admin URL
#   Scripts/standby.sh psql ... run psql as the admin user against the standby
#   Scripts/standby.sh reset    stop it and delete its data (the next start takes a new backup)
#
# The primary must run (Scripts/postgres.sh start). Its pg_hba.conf gets one line allowing the
# admin role to replicate from 127.0.0.1 (trusted, as the admin's TCP logins already are).
# On the standby, `SELECT pg_wal_replay_pause()` / `pg_wal_replay_resume()` hold and release replay.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STATE_DIR="${LOCAL_STACK_DIR:-$ROOT/.local-stack}"
POSTGRES_SH="$ROOT/Scripts/postgres.sh"

log() { printf 'standby.sh: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# shellcheck source=lib/ports.sh
source "$ROOT/Scripts/lib/ports.sh"

[[ -f "$STATE_DIR/pg-location" ]] || die "the primary was never started (Scripts/postgres.sh start)"
PG_DIR="$(cat "$STATE_DIR/pg-location")"
STANDBY_DIR="$PG_DIR/standby"
# shellcheck source=lib/postgres-bin.sh
source "$ROOT/Scripts/lib/postgres-bin.sh"
# The primary's server build (Scripts/postgres.sh picks the same: POSTGRES_BIN_DIR, else Debian's).
BIN_DIR="${POSTGRES_BIN_DIR:-$(find_bin_dir || true)}"
[[ -x "$BIN_DIR/pg_basebackup" ]] || die "pg_basebackup not found (install Debian's postgresql package, or set POSTGRES_BIN_DIR)"

is_running() {
    [[ -f "$STANDBY_DIR/data/PG_VERSION" ]] || return 1
    as_pg_user "$BIN_DIR/pg_ctl" status -D "$STANDBY_DIR/data" >/dev/null 2>&1
}

admin_url() { printf 'postgresql://postgres@127.0.0.1:%s/postgres\n' "$(cat "$STANDBY_DIR/port")"; }

primary_setting() { "$POSTGRES_SH" psql -At -c "SHOW $1"; }

cmd_start() {
    "$POSTGRES_SH" status >/dev/null 2>&1 || die "the primary is not running (Scripts/postgres.sh start)"
    if is_running; then
        log "already running on port $(cat "$STANDBY_DIR/port")"
        admin_url
        return 0
    fi
    mkdir -p "$STANDBY_DIR/socket"
    [[ "$(id -u)" == 0 ]] && chown postgres: "$STANDBY_DIR" "$STANDBY_DIR/socket"
    if [[ ! -f "$STANDBY_DIR/data/PG_VERSION" ]]; then
        local hba="$PG_DIR/data/pg_hba.conf"
        if ! grep -q '^host  *replication  *postgres  *127.0.0.1/32' "$hba"; then
            log "allowing replication connections of postgres from 127.0.0.1 on the primary"
            printf 'host  replication postgres 127.0.0.1/32 trust\n' >> "$hba"
            "$POSTGRES_SH" psql -c "SELECT pg_reload_conf()" >/dev/null
        fi
        local primary_port
        primary_port="$("$POSTGRES_SH" url | sed -E 's|.*:([0-9]+)/.*|\1|')"
        log "base backup of the primary (127.0.0.1:$primary_port) into $STANDBY_DIR/data"
        rm -rf "$STANDBY_DIR/data"
        # --checkpoint=fast: the default spread checkpoint waits up to 90 % of checkpoint_timeout
        # (4.5 minutes) on an idle throwaway primary.
        as_pg_user "$BIN_DIR/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres -D "$STANDBY_DIR/data" -R -X stream --checkpoint=fast \
            || die "pg_basebackup failed"
    fi
    # A restart keeps its port while it is free (a neon-local in front of it keeps working).
    local port=""
    if [[ -f "$STANDBY_DIR/port" ]] && ! port_in_use "$(cat "$STANDBY_DIR/port")"; then
        port="$(cat "$STANDBY_DIR/port")"
    else
        port="$(free_port)"
    fi
    printf '%s\n' "$port" > "$STANDBY_DIR/port"
    # A hot standby needs max_connections (and friends) at least the primary's.
    log "starting the standby on 127.0.0.1:$port"
    if ! as_pg_user "$BIN_DIR/pg_ctl" start -D "$STANDBY_DIR/data" -l "$STANDBY_DIR/postgres.log" -w -t 60 \
        -o "-p $port -k $STANDBY_DIR/socket -c listen_addresses=127.0.0.1 -c hot_standby=on -c max_connections=$(primary_setting max_connections) -c TimeZone=UTC" >/dev/null; then
        tail -n 20 "$STANDBY_DIR/postgres.log" >&2 || true
        die "the standby did not start (log: $STANDBY_DIR/postgres.log)"
    fi
    [[ "$("$BIN_DIR/psql" -X -At -h 127.0.0.1 -p "$port" -U postgres -d postgres -c 'SELECT pg_is_in_recovery()')" == t ]] \
        || die "the server on port $port is not in recovery"
    admin_url
}

cmd_stop() {
    if ! is_running; then
        log "not running"
        return 0
    fi
    as_pg_user "$BIN_DIR/pg_ctl" stop -D "$STANDBY_DIR/data" -m fast -w -t 60 >/dev/null
    log "stopped"
}

case "${1:-}" in
    start) cmd_start ;;
    stop) cmd_stop ;;
    url) is_running || die "the standby is not running (Scripts/standby.sh start)"; admin_url ;;
    psql) shift; is_running || die "the standby is not running"; "$BIN_DIR/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$(cat "$STANDBY_DIR/port")" -U postgres "$@" ;;
    reset) cmd_stop; rm -rf "$STANDBY_DIR"; log "deleted" ;;
    *) printf 'usage: %s start|stop|url|psql [args]|reset\n' "$0" >&2; exit 2 ;;
esac
