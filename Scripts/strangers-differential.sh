#!/usr/bin/env bash
# SQL written by other people through our generator: every PostgreSQL case of sqlc's end-to-end
# test data, typed by `neon-sql-gen describe` and by PostgreSQL, compared (docs/strangers-differential.md).
#
#   Scripts/strangers-differential.sh --mirror GIT_DIR [--filter TEXT] [--json FILE] [--keep] [--all]
#
# GIT_DIR is a clone (bare is fine) of github.com/sqlc-dev/sqlc, from --mirror or $SQLC_MIRROR
# (no default). It is read at run time; nothing of it is copied here.
# Starts the throwaway PostgreSQL (Scripts/postgres.sh) if it is not running and leaves it as found.
# Not part of CI (the clone is not there).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MIRROR="${SQLC_MIRROR:-}"
ARGS=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --mirror) MIRROR="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "${BASH_SOURCE[0]}"; exit 0 ;;
        *) ARGS+=("$1"); shift ;;
    esac
done
[[ -n "$MIRROR" ]] || { echo "strangers-differential.sh: give sqlc's clone with --mirror GIT_DIR or \$SQLC_MIRROR" >&2; exit 2; }
[[ -d "$MIRROR" ]] || { echo "strangers-differential.sh: no sqlc clone at $MIRROR" >&2; exit 2; }

cd "$ROOT"
source "$ROOT/Scripts/lib/generator-and-postgres.sh"
python3 "$ROOT/Scripts/strangers_differential.py" --mirror "$MIRROR" --generator "$GENERATOR" \
    --url "$POSTGRES_URL" ${ARGS[@]+"${ARGS[@]}"}
