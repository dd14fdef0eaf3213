#!/usr/bin/env bash
# Compares the generator of this worktree with the generator of another commit on the same input
# (BENCHMARKS.md "Generator speed"): both GeneratorBenchmark binaries are built in release, with
# this worktree's harness and synthetic project, and run alternately, ROUNDS paired rounds, the
# order flipped every round, so both see the same machine load (the machine is shared and noisy).
#
#   Benchmarks/compare-generators.sh [BASE_COMMIT] [ROUNDS] [ITERATIONS]   defaults: main 9 5
#
# Each run reports the median of ITERATIONS in-process runs (1,000 queries each); the script
# prints every round, the median over the rounds of each side, and the ratio new/base.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
BASE="${1:-main}"
ROUNDS="${2:-9}"
ITERATIONS="${3:-5}"
COMMIT="$(git -C "$ROOT" rev-parse --short "$BASE^{commit}")"
WORK="$ROOT/.build-bench/$COMMIT"

log() { printf 'compare-generators.sh: %s\n' "$*" >&2; }

if [[ ! -d "$WORK" ]]; then
    log "extracting $BASE ($COMMIT) into $WORK"
    mkdir -p "$WORK"
    git -C "$ROOT" archive "$COMMIT" | tar -x -C "$WORK"
fi
# The same harness and input on both sides: only the generator differs.
mkdir -p "$WORK/Benchmarks/Sources/GeneratorBenchmark"
cp "$HERE/Package.swift" "$WORK/Benchmarks/Package.swift"
cp "$HERE"/Sources/GeneratorBenchmark/*.swift "$WORK/Benchmarks/Sources/GeneratorBenchmark/"
# Targets the base lacks are copied too, so the copied manifest resolves (only GeneratorBenchmark is built).
for target in "$HERE"/Sources/*/; do
    name="$(basename "$target")"
    [[ -d "$WORK/Benchmarks/Sources/$name" ]] || cp -R "$target" "$WORK/Benchmarks/Sources/$name"
done

build() {
    log "building GeneratorBenchmark in $1 (release)"
    (cd "$1" && swift build -c release --product GeneratorBenchmark >&2 && echo "$(swift build -c release --show-bin-path)/GeneratorBenchmark")
}
BASE_BIN="$(build "$WORK/Benchmarks")"
NEW_BIN="$(build "$HERE")"

log "$ROUNDS paired rounds, $ITERATIONS runs each (median of each run, ms): base $COMMIT vs. this worktree"
printf 'round\tbase generate\tnew generate\tbase describe\tnew describe\n'
BASE_GEN=(); NEW_GEN=(); BASE_DESC=(); NEW_DESC=()
for round in $(seq 1 "$ROUNDS"); do
    if (( round % 2 )); then
        base="$("$BASE_BIN" --median-only --iterations "$ITERATIONS")"; new="$("$NEW_BIN" --median-only --iterations "$ITERATIONS")"
    else
        new="$("$NEW_BIN" --median-only --iterations "$ITERATIONS")"; base="$("$BASE_BIN" --median-only --iterations "$ITERATIONS")"
    fi
    BASE_GEN+=("${base%%$'\t'*}"); BASE_DESC+=("${base##*$'\t'}")
    NEW_GEN+=("${new%%$'\t'*}"); NEW_DESC+=("${new##*$'\t'}")
    printf '%s\t%s\t%s\t%s\t%s\n' "$round" "${base%%$'\t'*}" "${new%%$'\t'*}" "${base##*$'\t'}" "${new##*$'\t'}"
done

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
bg="$(median "${BASE_GEN[@]}")"; ng="$(median "${NEW_GEN[@]}")"
bd="$(median "${BASE_DESC[@]}")"; nd="$(median "${NEW_DESC[@]}")"
printf 'median over %s rounds: generate base %s ms, new %s ms, new/base %s; describe base %s ms, new %s ms, new/base %s\n' \
    "$ROUNDS" "$bg" "$ng" "$(awk -v a="$ng" -v b="$bg" 'BEGIN { printf "%.3f", a / b }')" \
    "$bd" "$nd" "$(awk -v a="$nd" -v b="$bd" 'BEGIN { printf "%.3f", a / b }')"
