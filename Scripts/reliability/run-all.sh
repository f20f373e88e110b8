#!/usr/bin/env bash
# Runs the seven reliability scripts with modest sizes, crash safety and readers during a write also into an empty
# roster (about nineteen minutes on two cores, after the release build), one result line each, then
# "reliability: N passed, N failed". Exits non-zero when any failed.
#
# Usage: run-all.sh [--binary PATH]   (default: builds the release binary)
set -euo pipefail
SCRIPT_NAME=run-all
source "$(dirname "$0")/lib/common.sh"

parse_common_options "$@"
ensure_binary
here="$(cd "$(dirname "$0")" && pwd)"

passed=0 failed=0
run_script() {
    local name="$1" started
    shift
    started="$(date +%s)"
    if timeout 1200 "$here/$name.sh" --binary "$ROSTERDB" --quiet "$@"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "$name: FAILED (exit status above)"
    fi
    echo "  ($name took $(($(date +%s) - started)) s)"
}

# 30 kills as in the full run, on a feed of 100,000 (half the full one) onto 20,000.
run_script crash-safety --kills 30 --signals 3 --roster 20000 --feed 100000
run_script readers-during-write --roster 20000 --feed 100000 --min-calls 200
# The same into an empty roster: the bulk load, which sets indexes and triggers aside and builds them at the end.
run_script crash-safety --kills 10 --signals 1 --roster 0 --feed 200000
run_script readers-during-write --roster 0 --feed 200000 --min-calls 100
run_script two-writers --roster 20000 --feed 60000 --rounds 2
run_script disk-full-and-read-only --roster 20000 --feed 60000
run_script read-only-readers --roster 5000 --calls 40
# A roster whose export (about 30 MB) a signal can stop half-way; a feed that fills the memory limits.
run_script output-and-limits --roster 200000 --feed 20000
# A feed of 12,000 onto 4,000 (under a second, its change list 2.6 MB): some 440 runs in about two minutes.
run_script truthful-outcome --roster 4000 --feed 12000 --small 1000 --steps 24
# Bursts past the 256 connections of `serve` (about 75 s on two cores).
run_script server-exhaustion --roster 10000 --burst 300 --streams 260 --slow 40

echo "reliability: $passed passed, $failed failed"
[ "$failed" = 0 ]
