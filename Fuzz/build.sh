#!/usr/bin/env bash
# Builds the fuzz targets with swiftc, straight from the package's sources.
#
#   Fuzz/build.sh [fuzz|plain]
#
# fuzz  (default) libFuzzer and AddressSanitizer: Fuzz/.build/fuzz/<Target>, a libFuzzer binary.
# plain           no sanitizer, with a small driver instead of libFuzzer's main: Fuzz/.build/plain/<Target> FILE|DIR...
#                 runs the same entry point over each file, for machines where libFuzzer cannot run.
#
# The library modules are compiled the way SwiftPM lays them out (one module per layer), with testing enabled so that
# the targets reach internal types through `@testable import`. Each target links only what it needs, none of it
# SQLite's or libmicrohttpd's: the readers RosterModel and RosterFormats; the query-string target also the requests'
# vocabulary (the Requests folder of RosterService) and HTTP's messages and web text (the Messages and Web folders of
# RosterHTTP); the argument parser target the requests' vocabulary, HTTP's web text (`serve --image-base` reads an
# ImageTemplate) and the command line's declarations (the Arguments folder of RosterCLI). A module built from some of its folders only holds those folders to needing nothing else of it.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-fuzz}
case "$mode" in
    fuzz) sanitize=(-sanitize=fuzzer,address) ;;
    plain) sanitize=() ;;
    *) echo "usage: Fuzz/build.sh [fuzz|plain]" >&2; exit 64 ;;
esac

out=Fuzz/.build/$mode
mkdir -p "$out/modules" "$out/objects"

targets=(JSONReaderFuzzer CSVReaderFuzzer ArgumentParserFuzzer QueryStringFuzzer)

# -O keeps Swift's bounds and overflow checks; -g makes the crash reports readable.
# One package name for all, as SwiftPM gives them: `package` members are shared between the modules.
common=(-O -g -enable-testing -parse-as-library -package-name rosterdb -I "$out/modules")

# One library module: its sources in, its .swiftmodule and one object file out.
module() {
    local name=$1
    shift
    echo "  module $name" >&2
    swiftc "${common[@]}" "${sanitize[@]}" -module-name "$name" -wmo \
        -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
        -c -o "$out/objects/$name.o" "$@"
}

echo "Building the $mode targets in $out" >&2
# Every source of a module's folder, its subfolders included, as SwiftPM takes them.
sources_of() { for folder in "$@"; do find "Sources/$folder" -name '*.swift'; done | sort; }
module RosterModel $(sources_of Model)
module RosterFormats $(sources_of Formats)
module RosterService $(sources_of Service/Requests)
module RosterHTTP $(sources_of HTTP/Messages HTTP/Web)
module RosterCLI $(sources_of CLI/Arguments)

for target in "${targets[@]}"; do
    echo "  target $target" >&2
    sources=(Fuzz/"$target"/*.swift)
    modules=(RosterModel RosterFormats)
    case $target in
        # The reader targets share the code that drives a reader and checks its promises.
        *ReaderFuzzer) sources+=(Fuzz/Support/ReaderHarness.swift) ;;
        QueryStringFuzzer) modules+=(RosterService RosterHTTP) ;;
        ArgumentParserFuzzer) modules+=(RosterService RosterHTTP RosterCLI) ;;
    esac
    objects=("${modules[@]/#/$out/objects/}")
    objects=("${objects[@]/%/.o}")
    # Without libFuzzer, the driver supplies `main` and calls the same entry point.
    [ "$mode" = plain ] && sources+=(Fuzz/Support/ReplayDriver.swift)
    # lld, since gold warns about every AddressSanitizer helper symbol.
    swiftc "${common[@]}" "${sanitize[@]}" -module-name "$target" "${sources[@]}" "${objects[@]}" \
        -use-ld=lld -o "$out/$target"
done
echo "Built: ${targets[*]/#/$out/}" >&2
