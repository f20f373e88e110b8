#!/usr/bin/env bash
# The anchor for rosterdb's import: the sqlite3 shell loading the same JSON into a plain table (no index, no CHECK
# constraint, no search index) with one INSERT … SELECT over json_each(readfile()), in one transaction. Prints the
# SQL, then wall time, CPU time and peak RSS of each run (GNU time) and their medians, as Markdown.
# Usage: Benchmarks/bare-load.sh [--diverse] [--runs R] [N]   (default N 1000000, R 3; from any folder)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Benchmarks/common.sh

N=1000000
RUNS=3
while [ $# -gt 0 ]; do
    if take_data_option "$1"; then shift; continue; fi
    case "$1" in
        --runs) RUNS="${2:-}"; shift 2 ;;
        *) N="$1"; shift ;;
    esac
done
usage="usage: Benchmarks/bare-load.sh [--diverse] [--runs R] [N]"
[[ "$N" =~ ^[1-9][0-9]*$ ]] || die "$usage (N a whole number ≥ 1)"
[[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || die "$usage (R a whole number ≥ 1)"

require_tools sqlite3 /usr/bin/time python3
ensure_players "$N"
JSON="$(players_file "$N" json)"
# The path relative to the repository root, as the report shows it; sqlite3 runs from the root.
write_bare_load_sql "${JSON#"$PWD"/}" "$TMP/bare-load.sql"

echo "# Bare load, N = $N${KIND:+ (diverse names)}"
echo
echo "- $(sqlite3 --version | cut -d' ' -f1-2), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo "- $(shown "$JSON"): $(stat -c %s "$JSON") bytes"
echo "- each run: \`rm -f \$TMP/bare.db*; sync\`, then \`sqlite3 -bail \$TMP/bare.db < bare-load.sql\` under \`/usr/bin/time\`"
echo
echo '```sql'
cat "$TMP/bare-load.sql"
echo '```'
echo
echo "| run | wall s | user s | sys s | user+sys s | peak RSS MB |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
for run in $(seq "$RUNS"); do
    rm -f "$TMP/bare.db" "$TMP/bare.db-journal" "$TMP/bare.db-wal" "$TMP/bare.db-shm"
    # As import.sh prepares every timed run: the last run's file is gone from the disk before this one starts.
    sync
    /usr/bin/time -f '%e %U %S %M' -o "$TMP/time" sqlite3 -bail "$TMP/bare.db" <"$TMP/bare-load.sql" \
        || die "the bare load failed"
    rows="$(sqlite3 "$TMP/bare.db" 'SELECT count(*) FROM players')"
    [ "$rows" = "$N" ] || die "the bare load left $rows rows, not $N"
    read -r wall user sys rss <"$TMP/time"
    echo "$wall $user $sys $rss" >>"$TMP/runs"
    awk -v r="$run" -v w="$wall" -v u="$user" -v s="$sys" -v m="$rss" \
        'BEGIN { printf "| %d | %.2f | %.2f | %.2f | %.2f | %.1f |\n", r, w, u, s, u + s, m / 1024 }'
done
# The median of each column on its own (for an even count, the mean of the middle two).
median() {
    sort -n | awk -v f="$1" '{ v[NR] = $1 } END { printf f, NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
printf '| median | %s | %s | %s | %s | %s |\n' \
    "$(awk '{ print $1 }' "$TMP/runs" | median %.2f)" "$(awk '{ print $2 }' "$TMP/runs" | median %.2f)" \
    "$(awk '{ print $3 }' "$TMP/runs" | median %.2f)" "$(awk '{ print $2 + $3 }' "$TMP/runs" | median %.2f)" \
    "$(awk '{ print $4 / 1024 }' "$TMP/runs" | median %.1f)"
