#!/usr/bin/env bash
# The project's test command (the README's; .ci/run runs it). Needs only Swift and, on Debian,
# the package manager: Scripts/postgres.sh installs PostgreSQL when it is missing.
#
#   0. checks that no test blocks a cooperative thread (docs/testing.md)
#   1. builds the library package and its tests
#   2. starts the local stack: a throwaway PostgreSQL with the RIZQ schema and seed, and neon-local
#   3. runs the library's tests: generator (units, goldens, differential vs PostgreSQL), runtime,
#      RIZQ end to end through neon-local (faults through a second, fault-injecting neon-local),
#      then the bounded soak on its own (it counts neon-local's descriptors: nothing else may run)
#   4. runs LocalNeon's conformance tests
#   5. runs the plugin integration test (fresh package: build, incremental rebuilds, a build error)
#   6. fails if any test was skipped: every service is there, so nothing may skip, or if a task of
#      the library or differential tests waited too long for a cooperative thread
# The stack is stopped on exit, whatever happens.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
LOG_DIR="$ROOT/.local-stack/test-logs"
mkdir -p "$LOG_DIR"
rm -f "$LOG_DIR"/*.log

step() { printf '\n==> %s\n' "$*" >&2; }

# Tests that need PostgreSQL or neon-local fail instead of skipping when they are missing.
export NEON_SQL_REQUIRE_SERVICES=true

# The test process prints the worst time a ready task waited for a cooperative thread
# (Tests/NeonSQLTestSupport/PoolLagProbe.swift). Above the bound, something blocks the pool again:
# every async test of the run waited that long, and time-sensitive ones fail at random.
POOL_LAG_LIMIT_SECONDS="${NEON_SQL_POOL_LAG_LIMIT_SECONDS:-60}"
check_pool_lag() {
    local line worst
    line="$(grep -E "^cooperative pool lag: worst" "$1" | tail -1)"
    [ -n "$line" ] || { echo "error: the test run printed no cooperative pool lag ($1)" >&2; exit 1; }
    worst="$(sed -E 's/^cooperative pool lag: worst ([0-9.]+) s.*/\1/' <<< "$line")"
    if awk -v worst="$worst" -v limit="$POOL_LAG_LIMIT_SECONDS" 'BEGIN { exit !(worst > limit) }'; then
        echo "error: $line: a task waited over ${POOL_LAG_LIMIT_SECONDS} s for a cooperative thread; something blocks the pool (docs/testing.md)" >&2
        exit 1
    fi
    echo "$line" >&2
}

cleanup() { "$ROOT/Scripts/local-stack.sh" stop >/dev/null 2>&1 || true; }
trap cleanup EXIT

step "0/5 test code never blocks a cooperative thread (docs/testing.md)"
"$ROOT/Scripts/check-tests-do-not-block.sh"

step "1/5 building the library package and its tests"
swift build --build-tests

step "2/5 starting PostgreSQL and neon-local"
eval "$("$ROOT/Scripts/local-stack.sh" start)"
NEON_SQL_TEST_POSTGRES_URL="$("$ROOT/Scripts/postgres.sh" url)"
export NEON_SQL_TEST_POSTGRES_URL
export LOCALNEON_TEST_POSTGRES_URL="$NEON_SQL_TEST_POSTGRES_URL"

step "3/5 library tests (generator, runtime, end to end, faults, hostile strings)"
swift test --skip "SoakTests|DifferentialTests" 2>&1 | tee "$LOG_DIR/library.log"
check_pool_lag "$LOG_DIR/library.log"

# The differential suites run psql and the generator for minutes (on OffPool's threads, beside the
# cooperative pool); alone, they compete with no async test for the two cores.
step "3a/5 differential tests against PostgreSQL (types, table effects, exactly one row, catalogs)"
swift test --filter "DifferentialTests" 2>&1 | tee "$LOG_DIR/differential.log"
check_pool_lag "$LOG_DIR/differential.log"

step "3b/5 bounded soak through one client (alone: it counts neon-local's descriptors and memory)"
swift test --filter "SoakTests" --skip "OutboxKillSoakTests" 2>&1 | tee "$LOG_DIR/soak.log"
grep -q "soak: " "$LOG_DIR/soak.log" || { echo "error: the soak did not run" >&2; exit 1; }

# Child processes SIGKILLed at random while they write through the fault-injecting neon-local: alone,
# so their load neither counts in the soak's connection bounds nor delays the library's tests.
step "3c/5 outbox kill-at-random soak (child processes, neon-local faults, ~2 min)"
swift test --filter "OutboxKillSoakTests" 2>&1 | tee "$LOG_DIR/outbox-kill.log"
grep -q "Outbox kill-at-random soak\" passed" "$LOG_DIR/outbox-kill.log" \
    || { echo "error: the outbox kill-at-random soak did not pass" >&2; exit 1; }

step "4/5 LocalNeon conformance tests"
swift test --package-path "$ROOT/LocalNeon" 2>&1 | tee "$LOG_DIR/localneon.log"

step "5/5 plugin integration test"
"$ROOT/Scripts/test-plugin.sh" 2>&1 | tee "$LOG_DIR/plugin.log"

step "fuzz targets: each built with libFuzzer and run ${FUZZ_SECONDS:-20} s (docs/fuzzing.md), so a documented command cannot rot"
for target in parser analyzer response; do
    log="$LOG_DIR/fuzz-$target.log"
    if ! "$ROOT/Scripts/fuzz.sh" "$target" "${FUZZ_SECONDS:-20}" >"$log" 2>&1; then
        tail -60 "$log" >&2
        echo "error: fuzz target '$target' failed to build or found a problem (log: $log)" >&2
        exit 1
    fi
    grep -E "^==>|Done [0-9]+ runs" "$log" >&2 || { echo "error: fuzz target '$target' did not run (log: $log)" >&2; exit 1; }
done

step "documentation (DocC, warnings as errors, every public symbol documented)"
"$ROOT/Scripts/docs.sh" 2>&1 | tee "$LOG_DIR/docs.log"

# swift-testing prints "Test x() skipped"/"Suite X skipped"; XCTest "with N tests skipped".
if grep -E "(Test|Suite) .* skipped|with [1-9][0-9]* tests? skipped" "$LOG_DIR"/*.log; then
    echo "error: tests were skipped (listed above); every service is running, so nothing may skip" >&2
    exit 1
fi
grep -h -E "differential \(" "$LOG_DIR/library.log" "$LOG_DIR/differential.log" >&2 || true
grep -h -E "GeneratedCodeCompilesTests: " "$LOG_DIR/library.log" >&2 || true
echo "all tests passed" >&2
