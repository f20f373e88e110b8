#!/usr/bin/env bash
# Memory benchmark: peak RSS and wall time (GNU time) of `rosterdb query --all` in every format and of
# `rosterdb export` in every format, on the roster of N players and on the one of N/10, to show that memory does
# not grow with the roster.
# Usage: Benchmarks/memory.sh [--diverse] [N]   (default 1000000; from any folder). Exits 1 when a target fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Benchmarks/common.sh

N=1000000
for arg in "$@"; do take_data_option "$arg" || N="$arg"; done
if ! [[ "$N" =~ ^[1-9][0-9]*$ ]] || [ "$N" -lt 10 ]; then
    die "usage: Benchmarks/memory.sh [--diverse] [N], N a whole number ≥ 10"
fi
SMALL=$((N / 10))
RSS_TARGET_MB=64

require_tools sqlite3 /usr/bin/time python3 swift
build_release
ensure_roster "$SMALL"
ensure_roster "$N"

# Each command: its label and rosterdb's arguments; all write to standard output, which goes to /dev/null (not a
# terminal, so the table is not fitted to a width) or, for the piped table, through a pipe to wc -l, which also
# checks that every player was printed.
labels=() rargs=() piped=()
command_() { labels+=("$1"); rargs+=("$2"); piped+=("${3:-}"); }
for format in table json ndjson csv; do
    command_ "query --all --format $format" "query --all --format $format"
done
command_ "query --all --format table (piped to wc -l)" "query --all --format table" piped
for format in json ndjson csv; do
    command_ "export --format $format" "export --format $format"
done

# Runs command $1 on the roster of $2 players under GNU time (TIME_FORMAT into $3).
measure() {
    local i="$1" count="$2" timefile="$3" db lines
    db="$(roster_file "$count")"
    read -ra args <<<"${rargs[$i]}"
    if [ -n "${piped[$i]}" ]; then
        lines="$(/usr/bin/time -f "$TIME_FORMAT" -o "$timefile" "$ROSTERDB" --db "$db" "${args[@]}" | wc -l)" \
            || die "'${labels[$i]}' failed on $count players"
        # The table has a header of two lines and a footer; one line per player in between.
        [ "$lines" -gt "$count" ] || die "'${labels[$i]}' printed $lines lines for $count players"
    else
        /usr/bin/time -f "$TIME_FORMAT" -o "$timefile" "$ROSTERDB" --db "$db" "${args[@]}" >/dev/null \
            || die "'${labels[$i]}' failed on $count players"
    fi
}

echo "# Memory benchmark, N = $N${KIND:+ (diverse names)}"
echo
print_machine
printf -- '- Load average before: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "Rosters: $(shown "$(roster_file "$SMALL")") and $(shown "$(roster_file "$N")"), built by"
echo "\`rosterdb import players${KIND}-COUNT.ndjson\`. Each command, from the repository root, once per roster under"
echo "\`/usr/bin/time -f '$TIME_FORMAT'\` (peak RSS: %M KiB / 1024), standard output to /dev/null unless piped:"
echo
for i in "${!labels[@]}"; do
    printf -- '- `rosterdb --db ROSTER %s`\n' "${rargs[$i]}${piped[$i]:+ | wc -l}"
done
echo

rss_small=() rss_large=()
echo "| command | players | wall s | user s | sys s | user+sys s | peak RSS MB |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for i in "${!labels[@]}"; do
    for count in "$SMALL" "$N"; do
        note "$count players: ${labels[$i]}"
        measure "$i" "$count" "$TMP/time"
        printf '| `%s` | %s | %s |\n' "${labels[$i]}" "$count" "$(time_cells "$TMP/time")"
        if [ "$count" = "$N" ]; then
            rss_large+=("$(time_field rss "$TMP/time")")
        else
            rss_small+=("$(time_field rss "$TMP/time")")
        fi
    done
done
echo
echo "Growth of the peak RSS from $SMALL to $N players (ten times the roster):"
echo
for i in "${!labels[@]}"; do
    printf -- '- `%s`: %s MB → %s MB (%+.1f MB)\n' "${labels[$i]}" "${rss_small[$i]}" "${rss_large[$i]}" \
        "$(awk -v a="${rss_small[$i]}" -v b="${rss_large[$i]}" 'BEGIN { print b - a }')"
done
echo
echo "Targets:"
for i in "${!labels[@]}"; do
    check "peak RSS ≤ $RSS_TARGET_MB MB at $N players, ${labels[$i]}" "${rss_large[$i]}" "$RSS_TARGET_MB" \
        "${rss_large[$i]} MB"
done
[ "$FAILED" -eq 0 ] || exit 1
