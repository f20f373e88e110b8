#!/usr/bin/env bash
# Streams generated players as NDJSON from the generator straight into `rosterdb import -` (no file on disk), and
# prints rosterdb's wall time, CPU time and peak RSS (GNU time, rosterdb alone) as Markdown. The generator runs on
# the same cores at the same time, so compare rosterdb's CPU time between runs; its wall time includes waiting for
# the generator.
# Usage: Benchmarks/stream.sh [--diverse] [N]   (default N 10000000; from any folder). Exits 1 when a target fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Benchmarks/common.sh

N=10000000
for arg in "$@"; do take_data_option "$arg" || N="$arg"; done
[[ "$N" =~ ^[1-9][0-9]*$ ]] || die "usage: Benchmarks/stream.sh [--diverse] [N], N a whole number ≥ 1"

require_tools sqlite3 /usr/bin/time python3 swift
build_release
DB="$TMP/stream.db"

echo "# Streamed import, N = $N${KIND:+ (diverse names)}"
echo
echo "- load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo "- \`$(stream_command "$N" "$DB")\`"
echo
stream_import "$N" "$DB" "$TMP/time"
echo "| players | wall s | user s | sys s | user+sys s | peak RSS MB |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
echo "| $N | $(time_cells "$TMP/time") |"
echo
echo "rosterdb: $(shown "$(cat "$TMP/stream-summary")")"
[ ! -s "$TMP/generator" ] || echo "generator: $(cat "$TMP/generator")"
echo
echo "Targets:"
rss="$(time_field rss "$TMP/time")"
check "rosterdb peak RSS ≤ 64 MB" "$rss" 64 "$rss MB"
[ "$FAILED" -eq 0 ] || exit 1
