#!/usr/bin/env bash
# SQL written by other people through our generator: every PostgreSQL case of sqlc's end-to-end
# test data, typed by `neon-sql-gen describe` and by PostgreSQL, compared (docs/strangers-differential.md).
#
#   Scripts/strangers-differential.sh [--mirror GIT_DIR] [--filter TEXT] [--json FILE] [--keep] [--all]
#
# GIT_DIR is a clone (bare is fine) of github.com/sqlc-dev/sqlc; by default $SQLC_MIRROR or
# /work/.mirror/sqlc-dev+sqlc/repo. It is read at run time; nothing of it is copied here.
# Starts the throwaway PostgreSQL (Scripts/postgres.sh) if it is not running and leaves it as found.
# Not part of CI (the mirror is not there).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MIRROR="${SQLC_MIRROR:-/work/.mirror/sqlc-dev+sqlc/repo}"
ARGS=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --mirror) MIRROR="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "${BASH_SOURCE[0]}"; exit 0 ;;
        *) ARGS+=("$1"); shift ;;
    esac
done
[[ -d "$MIRROR" ]] || { echo "strangers-differential.sh: no sqlc clone at $MIRROR (use --mirror)" >&2; exit 2; }

cd "$ROOT"
swift build --product neon-sql-gen >&2
GENERATOR="$(swift build --show-bin-path)/neon-sql-gen"

STARTED=0
if ! Scripts/postgres.sh status >/dev/null 2>&1; then
    Scripts/postgres.sh start >&2
    STARTED=1
fi
trap 'if [[ $STARTED == 1 ]]; then Scripts/postgres.sh stop >&2; fi' EXIT

python3 "$ROOT/Scripts/strangers_differential.py" --mirror "$MIRROR" --generator "$GENERATOR" \
    --url "$(Scripts/postgres.sh url)" ${ARGS[@]+"${ARGS[@]}"}
