#!/usr/bin/env bash
# Real applications' SQL through our generator: every PostgreSQL package of the sqlc configs of the
# repositories given, typed by `neon-sql-gen describe` and by PostgreSQL, compared
# (docs/realapps-differential.md).
#
#   Scripts/realapps-differential.sh [--filter TEXT] [--json FILE] [--keep] [--schema-for APP=PATH]
#       [--no-table-effects] [--no-execute] REPO...
#
# Each REPO is a git directory (bare is fine) or a checkout of an application using sqlc with
# PostgreSQL; without arguments, $REALAPPS_REPOS (space-separated). They are read at run time;
# nothing of them is copied here. Starts the throwaway PostgreSQL (Scripts/postgres.sh) if it is
# not running and leaves it as found. Not part of CI (the repositories are not there).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
case "${1:-}" in -h|--help) sed -n '2,12p' "${BASH_SOURCE[0]}"; exit 0 ;; esac

cd "$ROOT"
source "$ROOT/Scripts/lib/generator-and-postgres.sh"
python3 "$ROOT/Scripts/realapps_differential.py" --generator "$GENERATOR" --url "$POSTGRES_URL" "$@"
