#!/usr/bin/env bash
# The first build of a big target's generated Swift, old generator against this checkout's, in one
# run (BENCHMARKS.md "First build of a large target's generated code"): writes the synthetic
# target of Scripts/bench-build-loop.sh (N queries in M files, Scripts/lib/build_loop_project.py),
# generates its Swift with BASE's neon-sql-gen (a `git archive` of BASE built in the work
# directory) and with this checkout's, then compiles each side's generated sources with swiftc
# as a debug `swift build` of the target does (-Onone -g -enable-testing, batch mode, -j2, module
# emitted), each against its own side's NeonSQL module, each run in a fresh output directory,
# alternating old and new RUNS times. Prints the bytes of generated Swift per query, every run's
# wall and CPU (user + system, all the compiler's processes) seconds, each side's medians and the
# ratios old/new. On a loaded machine the CPU seconds are the steadier figure.
#
#   Scripts/bench-first-build.sh [BASE] [N] [M] [RUNS] [--keep]    defaults: main 500 38 2
#
# BASE_BIN=<dir> skips archiving and building BASE: the directory holds BASE's neon-sql-gen and,
# in Modules/, its NeonSQL module (a `swift build --show-bin-path` directory of BASE will do).
# NEW_CONFIG=<neon-sql.json> adds a third side, "config": this checkout's generator with that
# config (`{"queryClient": true}`: the target with its dependency client, which is opt-in), compiled
# in the same alternation, with its own ratio to old.
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
BASE="${1:-main}"
N="${2:-500}"
M="${3:-38}"
RUNS="${4:-2}"
KEEP="${5:-}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/neon-sql-first-build.XXXXXX")"
cleanup() { if [[ "$KEEP" == "--keep" ]]; then echo "kept $WORK" >&2; else rm -rf "$WORK"; fi; }
trap cleanup EXIT
now() { date +%s.%N; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$1" "$2"; }

# The old side: BASE's generator and runtime.
if [[ -z "${BASE_BIN:-}" ]]; then
    BASE_DIR="$WORK/base"
    mkdir -p "$BASE_DIR"
    git -C "$REPO" archive "$BASE" | tar -x -C "$BASE_DIR"
    echo "building $BASE's neon-sql-gen and NeonSQL in $BASE_DIR" >&2
    (cd "$BASE_DIR" && swift build --product neon-sql-gen >"$WORK/base-build.log" 2>&1 && swift build --target NeonSQL >>"$WORK/base-build.log" 2>&1) \
        || { tail -30 "$WORK/base-build.log" >&2; exit 1; }
    BASE_BIN="$(cd "$BASE_DIR" && swift build --show-bin-path)"
fi
echo "building this checkout's neon-sql-gen and NeonSQL" >&2
(cd "$REPO" && swift build --product neon-sql-gen >"$WORK/new-build.log" 2>&1 && swift build --target NeonSQL >>"$WORK/new-build.log" 2>&1) \
    || { tail -30 "$WORK/new-build.log" >&2; exit 1; }
OLD_BIN="$BASE_BIN"
NEW_BIN="$(cd "$REPO" && swift build --show-bin-path)"
modules() { if [[ -d "$1/Modules" ]]; then echo "$1/Modules"; else echo "$1"; fi; }

PROJECT="$WORK/project"
python3 "$REPO/Scripts/lib/build_loop_project.py" "$PROJECT" "$N" "$M"
generate() { # TOOL OUT [CONFIG]
    local queries=("$PROJECT"/queries_*.sql)
    local config=()
    if [[ -n "${3:-}" ]]; then config=(--config "$3"); fi
    "$1" generate --output-dir "$2" --shared-output "$2/NeonSQLSchema.swift" --root "$PROJECT" \
        --schema "$PROJECT/schema/001_tables.sql" "${config[@]}" -- "${queries[@]}"
    printf 'import NeonSQL\n\n/// The synthetic target of Scripts/bench-first-build.sh.\npublic enum AppQueriesInfo {}\n' > "$2/AppQueriesInfo.swift"
}
generate "$OLD_BIN/neon-sql-gen" "$WORK/old"
generate "$NEW_BIN/neon-sql-gen" "$WORK/new"
if [[ -n "${NEW_CONFIG:-}" ]]; then generate "$NEW_BIN/neon-sql-gen" "$WORK/config" "$NEW_CONFIG"; fi
bytes() { if [[ -d "$1" ]]; then cat "$1"/*.swift | wc -c; else echo 0; fi; }
OLD_BYTES="$(bytes "$WORK/old")"
NEW_BYTES="$(bytes "$WORK/new")"
CONFIG_BYTES="$(bytes "$WORK/config")"

# One first build of a side's generated sources: a fresh output directory, one module cache
# (warmed before timing) so that both sides pay the same for the SDK's modules.
CACHE="$WORK/module-cache"
compile() { # SOURCES MODULES OUT
    rm -rf "$3"; mkdir -p "$3"
    (cd "$3" && /usr/bin/time -f '%e %U %S' -o "$3/time.txt" swiftc -module-name AppQueries -parse-as-library -swift-version 6 -Onone -g -enable-testing \
        -enable-batch-mode -j2 -DSWIFT_PACKAGE -DDEBUG -emit-module -emit-module-path "$3/AppQueries.swiftmodule" \
        -c -I "$2" -module-cache-path "$CACHE" "$1"/*.swift >"$3/swiftc.log" 2>&1) \
        || { cat "$3/swiftc.log" >&2; echo "error: compiling $1 failed" >&2; exit 1; }
    if grep -qE '\.swift:[0-9]+:[0-9]+: warning:' "$3/swiftc.log"; then
        grep -E '\.swift:[0-9]+:[0-9]+: warning:' "$3/swiftc.log" | sort -u | head -20 >&2
        echo "error: warnings in $1" >&2; exit 1
    fi
}
# "WALL/CPU" seconds of one compile.
timed() { compile "$@"; awk '{ printf "%.2f/%.2f\n", $1, $2 + $3 }' "$3/time.txt"; }
# Warms the module cache (Foundation, NeonSQL's dependencies) with a file that only imports.
mkdir -p "$WORK/warm-sources"; cp "$WORK/old/AppQueriesInfo.swift" "$WORK/warm-sources/"
compile "$WORK/warm-sources" "$(modules "$OLD_BIN")" "$WORK/warm"
OLD_TIMES=(); NEW_TIMES=(); CONFIG_TIMES=()
for ((run = 1; run <= RUNS; run++)); do
    OLD_TIMES+=("$(timed "$WORK/old" "$(modules "$OLD_BIN")" "$WORK/out-old")")
    NEW_TIMES+=("$(timed "$WORK/new" "$(modules "$NEW_BIN")" "$WORK/out-new")")
    if [[ -n "${NEW_CONFIG:-}" ]]; then
        CONFIG_TIMES+=("$(timed "$WORK/config" "$(modules "$NEW_BIN")" "$WORK/out-config")")
        echo "run $run: old ${OLD_TIMES[-1]} s, new ${NEW_TIMES[-1]} s, config ${CONFIG_TIMES[-1]} s (wall/CPU)" >&2
    else
        echo "run $run: old ${OLD_TIMES[-1]} s, new ${NEW_TIMES[-1]} s (wall/CPU)" >&2
    fi
done
python3 - "$N" "$OLD_BYTES" "$NEW_BYTES" "$CONFIG_BYTES" "${OLD_TIMES[*]}" "${NEW_TIMES[*]}" "${CONFIG_TIMES[*]:-}" "$BASE" \
    "$(git -C "$REPO" rev-parse --short HEAD)" "${NEW_CONFIG:-}" <<'PY'
import statistics, sys
n, old_bytes, new_bytes, config_bytes = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
def runs(text, part): return [float(run.split("/")[part]) for run in text.split()]
sides = [("old", old_bytes, sys.argv[5]), ("new", new_bytes, sys.argv[6])]
if sys.argv[7].strip():
    sides.append(("config", config_bytes, sys.argv[7]))
print(f"First build of the generated Swift of {n} queries (swiftc, debug), old = {sys.argv[8]}, new = {sys.argv[9]} (+ work tree)"
      + (f", config = new with {sys.argv[10]}" if len(sides) == 3 else ""))
for side, size, _ in sides:
    print(f"  generated Swift, {side}: {size:,} bytes ({size / n:,.0f} per query), {old_bytes / size:.2f}x smaller than old")
medians = {}
for side, _, times in sides:
    wall, cpu = runs(times, 0), runs(times, 1)
    medians[side] = (statistics.median(wall), statistics.median(cpu))
    print(f"  {side} wall s: {' '.join(f'{x:.2f}' for x in wall)} (median {medians[side][0]:.2f}); "
          f"CPU s: {' '.join(f'{x:.2f}' for x in cpu)} (median {medians[side][1]:.2f})")
for side, _, _ in sides[1:]:
    print(f"  old / {side}: wall {medians['old'][0] / medians[side][0]:.2f}x, CPU {medians['old'][1] / medians[side][1]:.2f}x (medians)")
PY
