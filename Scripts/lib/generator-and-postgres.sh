# Sourced by the differential scripts: builds neon-sql-gen, starts the throwaway PostgreSQL
# (Scripts/postgres.sh) if it is not running and stops it again on exit, then sets
#   GENERATOR     the neon-sql-gen binary
#   POSTGRES_URL  the admin URL of the test PostgreSQL
# Expects ROOT (the repository root) to be set and the working directory to be ROOT.

swift build --product neon-sql-gen >&2
GENERATOR="$(swift build --show-bin-path)/neon-sql-gen"

DIFFERENTIAL_STARTED_POSTGRES=0
if ! "$ROOT/Scripts/postgres.sh" status >/dev/null 2>&1; then
    "$ROOT/Scripts/postgres.sh" start >&2
    DIFFERENTIAL_STARTED_POSTGRES=1
fi
trap 'if [[ $DIFFERENTIAL_STARTED_POSTGRES == 1 ]]; then "$ROOT/Scripts/postgres.sh" stop >&2; fi' EXIT
POSTGRES_URL="$("$ROOT/Scripts/postgres.sh" url)"
