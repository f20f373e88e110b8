#!/usr/bin/env bash
# Replays the committed corpora through the fuzz targets without fuzzing: every input once, failing on a crash, a
# leak, a timeout or an over-limit allocation. Bounded: about a minute to build, seconds to run.
#
#   Fuzz/replay.sh            (FUZZ_PLAIN=1: the plain build, without trying libFuzzer)
#
# Where libFuzzer cannot build or start (no libFuzzer runtime in the toolchain, AddressSanitizer unable to map its
# shadow memory), it says why and replays the same entry points through a plain build instead.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(JSONReaderFuzzer CSVReaderFuzzer ArgumentParserFuzzer QueryStringFuzzer)
# Swift's own backtracer reads the stack in a way AddressSanitizer reports as a bug of its own.
export SWIFT_BACKTRACE=enable=no
logs=Fuzz/.build/logs
mkdir -p "$logs"
start=$SECONDS

mode=fuzz
if [ "${FUZZ_PLAIN:-}" = 1 ]; then
    echo "replay: FUZZ_PLAIN=1; replaying through a plain build" >&2
    mode=plain
elif ! Fuzz/build.sh fuzz 2>"$logs/build-fuzz.log"; then
    tail -n 20 "$logs/build-fuzz.log" >&2
    echo "replay: cannot build with -sanitize=fuzzer,address (see above); replaying through a plain build" >&2
    mode=plain
else
    # An empty input is a valid input to every target; if that fails, libFuzzer itself cannot run here.
    empty=$(mktemp -d)
    trap 'rm -rf "$empty"' EXIT
    if ! Fuzz/.build/fuzz/JSONReaderFuzzer -runs=1 "$empty" >"$logs/smoke.log" 2>&1; then
        tail -n 20 "$logs/smoke.log" >&2
        echo "replay: the libFuzzer binary does not start on this machine (see above); replaying through a plain" \
            "build" >&2
        mode=plain
    fi
fi

failed=0
if [ "$mode" = fuzz ]; then
    for target in "${targets[@]}"; do
        corpus=Fuzz/Corpus/$target
        if Fuzz/.build/fuzz/"$target" -runs=0 -rss_limit_mb=512 -timeout=10 -max_len=1048576 \
            -artifact_prefix="$logs/$target-" "$corpus" >"$logs/replay-$target.log" 2>&1; then
            echo "$target: $(ls "$corpus" | wc -l) inputs, no crash"
        else
            tail -n 40 "$logs/replay-$target.log" >&2
            echo "$target: FAILED (log: $logs/replay-$target.log)" >&2
            failed=1
        fi
    done
else
    Fuzz/build.sh plain 2>"$logs/build-plain.log" || { tail -n 20 "$logs/build-plain.log" >&2; exit 1; }
    for target in "${targets[@]}"; do
        if Fuzz/.build/plain/"$target" Fuzz/Corpus/"$target" >"$logs/replay-$target.log" 2>&1; then
            echo "$target (plain build): $(tail -n 1 "$logs/replay-$target.log")"
        else
            tail -n 40 "$logs/replay-$target.log" >&2
            echo "$target: FAILED (log: $logs/replay-$target.log)" >&2
            failed=1
        fi
    done
fi
echo "replay: $mode build, $(( SECONDS - start )) s"
exit $failed
