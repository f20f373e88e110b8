#!/usr/bin/env bash
# Fuzzes one target, built by Fuzz/build.sh, starting from its committed corpus.
#
#   Fuzz/fuzz.sh TARGET [SECONDS] [libFuzzer options...]
#
# New inputs go to Fuzz/.build/work/TARGET, crashes to Fuzz/.build/artifacts/TARGET/; the committed corpus in
# Fuzz/Corpus/TARGET is only read. Fold what was found into it with Fuzz/merge.sh TARGET. Run one fuzzer at a time
# on a shared machine: each takes a whole core.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: Fuzz/fuzz.sh TARGET [SECONDS] [libFuzzer options...]}
seconds=${2:-600}
shift $(( $# >= 2 ? 2 : 1 ))
case "$target" in
    JSONReaderFuzzer) dictionary=json.dict ;;
    CSVReaderFuzzer) dictionary=csv.dict ;;
    ArgumentParserFuzzer) dictionary=arguments.dict ;;
    QueryStringFuzzer) dictionary=query.dict ;;
    *) echo "unknown target $target" >&2; exit 64 ;;
esac

work=Fuzz/.build/work/$target
artifacts=Fuzz/.build/artifacts/$target
mkdir -p "$work" "$artifacts"
# Swift's own backtracer reads the stack in a way AddressSanitizer reports as a bug of its own; libFuzzer prints
# the stack instead.
export SWIFT_BACKTRACE=enable=no
exec Fuzz/.build/fuzz/"$target" -max_total_time="$seconds" -rss_limit_mb=512 -timeout=10 -max_len=4096 \
    -dict=Fuzz/Dictionaries/"$dictionary" -artifact_prefix="$artifacts/" -print_final_stats=1 "$@" \
    "$work" Fuzz/Corpus/"$target"
