#!/usr/bin/env bash
# Streams generated players as NDJSON from the generator straight into `rosterdb import -` (no file on disk), and
# prints rosterdb's wall time, CPU time and peak RSS (GNU time, rosterdb alone) as Markdown. The generator runs on
# the same cores at the same time, so compare rosterdb's CPU time between runs; its wall time includes waiting for
# the generator.
# Usage: Benchmarks/stream.sh [--diverse] [N]   (default N 10000000; from any folder)
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
echo "- \`python3 Benchmarks/generate_players.py $N -${KIND:+ --diverse} | rosterdb --db \$TMP/stream.db import -\`"
echo
python3 Benchmarks/generate_players.py "$N" - ${KIND:+--diverse} 2>"$TMP/generator" \
    | /usr/bin/time -f '%e %U %S %M' -o "$TMP/time" "$ROSTERDB" --db "$DB" import - >/dev/null 2>"$TMP/summary" \
    || { cat "$TMP/summary" "$TMP/generator" >&2; die "the streamed import failed"; }
rows="$(sqlite3 "$DB" 'SELECT count(*) FROM players')"
[ "$rows" = "$N" ] || die "the roster holds $rows players, not $N"
read -r wall user sys rss <"$TMP/time"
echo "| players | wall s | user s | sys s | user+sys s | peak RSS MB |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
awk -v n="$N" -v w="$wall" -v u="$user" -v s="$sys" -v m="$rss" \
    'BEGIN { printf "| %d | %.2f | %.2f | %.2f | %.2f | %.1f |\n", n, w, u, s, u + s, m / 1024 }'
echo
echo "rosterdb: $(shown "$(cat "$TMP/summary")")"
echo "generator: $(cat "$TMP/generator")"
