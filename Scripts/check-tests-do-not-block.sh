#!/usr/bin/env bash
# Fails when test code blocks a cooperative thread, or limits time with the queue's clock.
#
# Swift Testing runs every test on Swift's cooperative pool (two threads on a two-core machine):
# one test that blocks a thread stalls every other test's resumptions. Tests wait with `Task.sleep`,
# run processes with `CommandRunner.runOffPool`, run blocking suites with `.offCooperativePool`,
# and limit time with `.deadline` (Tests/NeonSQLTestSupport). `CommandRunner.run` itself refuses
# to run on a cooperative thread; this script catches what no helper sees. docs/testing.md explains.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The support files that implement the off-pool threads may block them (their own threads).
allowed='^Tests/NeonSQLTestSupport/(OffPool|CommandRunner|TestDeadline)\.swift:'

# pattern<TAB>why
rules=$(cat <<'RULES'
DispatchSemaphore	a semaphore wait blocks its thread: await instead
DispatchGroup	DispatchGroup.wait blocks its thread: use a task group
Thread\.sleep	Thread.sleep blocks its thread: use Task.sleep
(^|[^.A-Za-z_])u?sleep\(	sleep/usleep block their thread: use Task.sleep
waitUntilExit	Process.waitUntilExit blocks its thread (and can miss an exit): use CommandRunner.runOffPool
readDataToEndOfFile|readToEnd\(	a synchronous pipe read blocks its thread: use CommandRunner.runOffPool
[^A-Za-z]Process\(\)	run processes through CommandRunner.runOffPool
\.timeLimit\(	.timeLimit counts the time a test waits for a thread: use .deadline (TestDeadline)
DispatchQueue\.global\(	on Linux Dispatch's global threads are the cooperative pool's: use OffPool.run
RULES
)

failed=0
while IFS=$'\t' read -r pattern why; do
    # Code only: comment lines (// or ///) may name what is banned.
    hits=$(grep -rnE --include='*.swift' "$pattern" Tests | grep -vE "$allowed" | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
    if [ -n "$hits" ]; then
        printf '%s\n' "$hits" >&2
        echo "error: $why" >&2
        failed=1
    fi
done <<< "$rules"
if [ "$failed" -ne 0 ]; then
    echo "error: test code blocks a cooperative thread (above); see docs/testing.md" >&2
    exit 1
fi
echo "check-tests-do-not-block: no blocking call in test code" >&2
