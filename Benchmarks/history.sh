#!/usr/bin/env bash
# What the history costs: the release build of the last commit without it (5edeb36) against this checkout's, on the
# same diverse players, each binary on rosters it wrote itself, every pair timed in turn (Benchmarks/alternate.py:
# before, after, before, …) so that a machine that drifts moves both sides alike:
#   - the first import of N players into a fresh roster, and the re-import of the same unchanged file (which must
#     write no history);
#   - a night: the whole roster again with 5% of its players moved to another club and given more goals
#     (Benchmarks/history_nights.py), imported into a copy of the first import's roster;
#   - then, on this checkout's roster after three such nights (each night's write dated a day later with sqlite3, the
#     first import on 2026-11-01, the nights on 2026-11-02 to 04): `query`, `show` and `stats --at 2026-11-01` (the
#     roster before the three nights) against the same commands on today's roster, after checking that each gives
#     what the same command gives on the first import's roster; the feed `changes --since` a week (every add and
#     every night) to /dev/null under GNU time; and the bytes the history takes per change, adds and updates apart.
# Prints a Markdown report with the ratios and the issue's targets.
# Usage: Benchmarks/history.sh [--before BINARY] [N]   (default 1,000,000 players; --before takes a release build of
# 5edeb36 already made instead of building it in a temporary git worktree). Needs hyperfine, git, sqlite3 and GNU
# time (Debian: apt-get install -y hyperfine git sqlite3 time).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Benchmarks/common.sh

# The last commit without history that builds: its child 55d0a5b already calls the history's `write(madeBy:)`.
REV=5edeb36
KIND="-diverse"
BEFORE=""
if [ $# -ge 2 ] && [ "$1" = --before ]; then BEFORE="$(realpath "$2")"; shift 2; fi
N="${1:-1000000}"
[[ "$N" =~ ^[1-9][0-9]*$ ]] || die "usage: Benchmarks/history.sh [--before BINARY] [N]"
require_tools hyperfine git python3 swift sqlite3 /usr/bin/time

build_release
AFTER="$ROSTERDB"
if [ -z "$BEFORE" ]; then
    build_release_of "$REV"
    BEFORE="$BUILT"
fi
copy_sides "$BEFORE" "$AFTER"

ensure_format "$N" ndjson
PLAYERS="$(players_file "$N" ndjson)"
NIGHT="$DATA/history-nights$KIND-$N"
if [ ! -f "$NIGHT-3.ndjson" ]; then
    note "Writing three nights of $N players into Benchmarks/data/…"
    python3 Benchmarks/history_nights.py "$PLAYERS" "$NIGHT"
fi
CHANGED=$(((N * 5 + 50) / 100))

RESULTS="$TMP/results.md" CHECKS="$TMP/checks.md"
: >"$RESULTS"
: >"$CHECKS"
# One row: the alternate.py row with the target's cells appended (what: "≤ 1.15", or "" for none).
row() {
    local target="$1" line
    shift
    line="$(python3 Benchmarks/alternate.py "$@")"
    printf '%s %s |\n' "$line" "$target" >>"$RESULTS"
    note "$line"
    # The median ratio, for the PASS/FAIL line.
    awk -F'|' '{ split($5, r, " "); print r[1] }' <<<"$line"
}
sql() { sqlite3 "$1" "$2"; }
counts() { sql "$1" 'SELECT (SELECT count(*) FROM player_history) || " changes, " || (SELECT count(*) FROM history_writes) || " writes"'; }
checkpoint() { sql "$1" 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null; }
fresh() { printf 'rm -f %s %s-wal %s-shm && sync' "$1" "$1" "$1"; }
# A copy of roster $1 as $2, written out before the run: else the run's own fsyncs would write the copy's pages.
copied() {
    printf 'rm -f %s %s-wal %s-shm && cp %s %s && sync' "$(q "$2")" "$(q "$2")" "$(q "$2")" "$(q "$1")" "$(q "$2")"
}
# Dates the roster's newest write: date_last_write DB DAY.
date_last_write() {
    sql "$1" "UPDATE history_writes SET at = '$2T02:00:00.000Z' WHERE id = (SELECT max(id) FROM history_writes)"
}

# The first import and the re-import.
note "The first import, in turn…"
RATIO_IMPORT=$(row "≤ 1.15" --seconds --warm-up 1 --prepare-a "$(fresh "$TMP/fresh-before.db")" \
    --prepare-b "$(fresh "$TMP/fresh-after.db")" 5 "first import of $(basename "$PLAYERS") into a fresh roster" \
    "$(q "$BEFORE") --db $(q "$TMP/fresh-before.db") import --quiet $(q "$PLAYERS")" \
    "$(q "$AFTER") --db $(q "$TMP/fresh-after.db") import --quiet $(q "$PLAYERS")")
AFTER_IMPORT="$(counts "$TMP/fresh-after.db")"
echo "- After the first import: $AFTER_IMPORT (expected $N changes, 1 write)." >>"$CHECKS"
note "The re-import, in turn…"
RATIO_REIMPORT=$(row "≤ 1.05" --seconds --warm-up 1 5 "re-import of the same file, unchanged" \
    "$(q "$BEFORE") --db $(q "$TMP/fresh-before.db") import --quiet $(q "$PLAYERS")" \
    "$(q "$AFTER") --db $(q "$TMP/fresh-after.db") import --quiet $(q "$PLAYERS")")
AFTER_REIMPORT="$(counts "$TMP/fresh-after.db")"
echo "- After 6 re-imports of the unchanged file: $AFTER_REIMPORT." >>"$CHECKS"

# The first import's rosters, dated: the history began on 2026-11-01 at 01:00, the import wrote at 02:00.
for side in before after; do
    checkpoint "$TMP/fresh-$side.db"
    mv "$TMP/fresh-$side.db" "$TMP/base-$side.db"
    rm -f "$TMP/fresh-$side.db-wal" "$TMP/fresh-$side.db-shm"
done
sql "$TMP/base-after.db" "UPDATE history_start SET at = '2026-11-01T01:00:00.000Z'"
date_last_write "$TMP/base-after.db" 2026-11-01
checkpoint "$TMP/base-after.db"

# A night, into a copy of the first import's roster each run.
note "Night 1, in turn…"
RATIO_NIGHT=$(row "≤ 1.2" --seconds --warm-up 1 \
    --prepare-a "$(copied "$TMP/base-before.db" "$TMP/night-before.db")" \
    --prepare-b "$(copied "$TMP/base-after.db" "$TMP/night-after.db")" \
    5 "a night: $(basename "$NIGHT-1.ndjson") ($CHANGED players change club and goals)" \
    "$(q "$BEFORE") --db $(q "$TMP/night-before.db") import --quiet $(q "$NIGHT-1.ndjson")" \
    "$(q "$AFTER") --db $(q "$TMP/night-after.db") import --quiet $(q "$NIGHT-1.ndjson")")
echo "- After the night: $(counts "$TMP/night-after.db") (expected $((N + CHANGED)) changes, 2 writes);" \
    "$(sql "$TMP/night-after.db" "SELECT count(*) FROM player_history WHERE kind = 'updated'") updated." >>"$CHECKS"

# Three nights on each side (the before side for the file sizes), the after side's dated a day apart.
HIST="$TMP/history.db"
mv "$TMP/night-after.db" "$HIST" && rm -f "$TMP/night-after.db-wal" "$TMP/night-after.db-shm"
date_last_write "$HIST" 2026-11-02
for night in 2 3; do
    note "Night $night…"
    "$AFTER" --db "$HIST" import --quiet "$NIGHT-$night.ndjson" >&2
    date_last_write "$HIST" "2026-11-0$((night + 1))"
    "$BEFORE" --db "$TMP/night-before.db" import --quiet "$NIGHT-$night.ndjson" >&2
done
checkpoint "$HIST" && checkpoint "$TMP/night-before.db"
echo "- After three nights: $(counts "$HIST"); the writes: $(sql "$HIST" \
    "SELECT group_concat(id || ' at ' || at || ' (' || coalesce(made_by, 'another program') || ')', '; ') FROM history_writes")." \
    >>"$CHECKS"

# query, show and stats --at the day before the nights, against today's.
DAY=2026-11-01
CLUB="$(sql "$HIST" 'SELECT club FROM players WHERE club IS NOT NULL GROUP BY club ORDER BY count(*) DESC, club LIMIT 1')"
# A player that changed every night, if any: show --at must undo three changes.
SHOWN="$(sql "$HIST" "SELECT player_id FROM player_history WHERE kind = 'updated' GROUP BY player_id
                      ORDER BY count(*) DESC, player_id LIMIT 1")"
COMMANDS=("query" "query --position ST --sort goals:desc" "query --club $(q "$CLUB")" "query --name mbap"
    "show $SHOWN" "stats --by position")
for arguments in "${COMMANDS[@]}"; do
    output=ndjson
    case "$arguments" in show* | stats*) output=json ;; esac
    # The past, read from the history, is the first import's roster; ages on that day on both sides.
    words=()
    eval "words=($arguments)"
    "$AFTER" --db "$HIST" "${words[@]}" --at "$DAY" --format "$output" >"$TMP/then" 2>&1 \
        || die "$arguments --at $DAY failed: $(head -3 "$TMP/then")"
    "$AFTER" --db "$TMP/base-after.db" "${words[@]}" --as-of "$DAY" --format "$output" >"$TMP/base" 2>&1 \
        || die "$arguments --as-of $DAY failed: $(head -3 "$TMP/base")"
    cmp -s "$TMP/then" "$TMP/base" || die "$arguments --at $DAY differs from the first import's roster"
    if [ "$arguments" = "query --club $(q "$CLUB")" ]; then
        echo "- \`$arguments --at $DAY\` lists $(wc -l <"$TMP/then") players (no club then), today" \
            "$(sql "$HIST" "SELECT count(*) FROM players WHERE club = '${CLUB//\'/\'\'}'") in all." >>"$CHECKS"
    fi
done
echo "- Each \`--at $DAY\` command gave, byte for byte, what the same command with \`--as-of $DAY\` gives on the" \
    "first import's roster." >>"$CHECKS"
{
    echo
    echo "| \`--at $DAY\` against today, on the roster after three nights | today | at $DAY | at / today | target |"
    echo "| --- | ---: | ---: | ---: | --- |"
} >>"$RESULTS"
AT_RATIOS=()
for arguments in "${COMMANDS[@]}"; do
    note "Alternating today and --at $DAY: $arguments…"
    AT_RATIOS+=("$(row "≤ 3" --warm-up 1 5 "\`$arguments\`" "$(q "$AFTER") --db $(q "$HIST") $arguments" \
        "$(q "$AFTER") --db $(q "$HIST") $arguments --at $DAY")")
done

# One run of each side of a command under GNU time: where the time of --at goes (CPU, or waiting).
AT_TODAY="$(mktemp "$TMP/at.XXXX")" AT_THEN="$(mktemp "$TMP/at.XXXX")"
/usr/bin/time -f "$TIME_FORMAT" -o "$AT_TODAY" "$AFTER" --db "$HIST" show "$SHOWN" >/dev/null
/usr/bin/time -f "$TIME_FORMAT" -o "$AT_THEN" "$AFTER" --db "$HIST" show "$SHOWN" --at "$DAY" >/dev/null

# The feed: every change since a week before 2026-11-05, and the nights' alone, to /dev/null under GNU time.
FEED_ALL="$(mktemp "$TMP/feed.XXXX")" FEED_NIGHTS="$(mktemp "$TMP/feed.XXXX")"
/usr/bin/time -f "$TIME_FORMAT" -o "$FEED_ALL" "$AFTER" --db "$HIST" changes --since 2026-10-29 >/dev/null
/usr/bin/time -f "$TIME_FORMAT" -o "$FEED_NIGHTS" "$AFTER" --db "$HIST" changes --since 2026-11-02 >/dev/null
LINES_ALL="$("$AFTER" --db "$HIST" changes --since 2026-10-29 | wc -l)"
LINES_NIGHTS="$("$AFTER" --db "$HIST" changes --since 2026-11-02 | wc -l)"

# The bytes: each roster copied by VACUUM INTO (no free pages), its size and the history's tables and index.
size_of() { sql "$1" 'SELECT page_count * page_size FROM pragma_page_count, pragma_page_size'; }
history_bytes() {
    sql "$1" "SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name IN ('player_history', 'player_history_by_player',
              'history_writes', 'history_writes_by_time', 'history_writer', 'history_start', 'player_versions',
              'player_versions_unfolded')" 2>/dev/null || echo ""
}
for db in base-before base-after night-before history; do
    rm -f "$TMP/vacuumed-$db.db"
    sql "$TMP/$db.db" "VACUUM INTO '$TMP/vacuumed-$db.db'"
done
SIZE_BASE_BEFORE="$(size_of "$TMP/vacuumed-base-before.db")" SIZE_BASE_AFTER="$(size_of "$TMP/vacuumed-base-after.db")"
SIZE_NIGHTS_BEFORE="$(size_of "$TMP/vacuumed-night-before.db")" SIZE_NIGHTS_AFTER="$(size_of "$TMP/vacuumed-history.db")"
HISTORY_BASE="$(history_bytes "$TMP/vacuumed-base-after.db")" HISTORY_NIGHTS="$(history_bytes "$TMP/vacuumed-history.db")"
UPDATES=$((3 * CHANGED))
per() { awk -v b="$1" -v n="$2" 'BEGIN { printf "%.1f", b / n }'; }

# The report.
echo "# History: what it costs, N = $N (diverse names)"
echo
print_machine
echo "- Load: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5 and 15 minutes) at the end of the run"
echo
echo "Before: commit $REV (the last without history). After: $(git rev-parse --short HEAD)$(git diff --quiet HEAD ||
    echo ' with local changes'). Every pair is timed in turn (Benchmarks/alternate.py: a warm-up round, then 5 rounds"
echo "of A, B), with the median of each side and the median of the pairs' ratios with their interquartile range;"
echo "an import's roster is prepared before each run (removed, or copied from the first import's) and \`sync\`ed,"
echo "untimed. The nights: \`Benchmarks/history_nights.py\` (the whole roster again, $CHANGED players a night with"
echo "another club and 1 to 3 more goals). The commands:"
echo
echo '```sh'
echo "rosterdb --db fresh.db import --quiet $(shown "$PLAYERS")          # first import, then the re-import"
echo "rosterdb --db night.db import --quiet $(shown "$NIGHT-1.ndjson")   # into a copy of the first import's roster"
echo "sqlite3 history.db \"UPDATE history_writes SET at = '2026-11-0NT02:00:00.000Z' WHERE id = (SELECT max(id) FROM history_writes)\""
echo "rosterdb --db history.db COMMAND [--at $DAY]   # after three nights"
echo "rosterdb --db history.db changes --since 2026-10-29 >/dev/null"
echo '```'
echo
echo "| before against after | before | after | after / before | target |"
echo "| --- | ---: | ---: | ---: | --- |"
cat "$RESULTS"
echo
echo "## Checks"
echo
cat "$CHECKS"
echo
echo "## Where the time of \`--at\` goes"
echo
echo "One run of \`show $SHOWN\` under GNU time, today and \`--at $DAY\`:"
echo
echo "| command | wall s | user s | sys s | user+sys s | peak RSS MB |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
echo "| \`show $SHOWN\` | $(time_cells "$AT_TODAY") |"
echo "| \`show $SHOWN --at $DAY\` | $(time_cells "$AT_THEN") |"
echo
echo "## The feed"
echo
echo "| command | lines | wall s | user s | sys s | user+sys s | peak RSS MB |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
echo "| \`changes --since 2026-10-29 >/dev/null\` (every add and the three nights) | $LINES_ALL | $(time_cells "$FEED_ALL") |"
echo "| \`changes --since 2026-11-02 >/dev/null\` (the three nights) | $LINES_NIGHTS | $(time_cells "$FEED_NIGHTS") |"
echo
echo "## Bytes"
echo
echo "Each roster copied by \`VACUUM INTO\`, page_count × page_size; the history's tables and indexes from \`dbstat\`."
echo
echo "| roster | before, bytes | after, bytes | after − before | history's tables, bytes | changes | bytes per change |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
echo "| the first import ($N adds) | $SIZE_BASE_BEFORE | $SIZE_BASE_AFTER | $((SIZE_BASE_AFTER - SIZE_BASE_BEFORE)) |" \
    "${HISTORY_BASE:-–} | $N | $(per $((SIZE_BASE_AFTER - SIZE_BASE_BEFORE)) "$N") (dbstat: ${HISTORY_BASE:+$(per "$HISTORY_BASE" "$N")}) |"
if [ -n "$HISTORY_NIGHTS" ] && [ -n "$HISTORY_BASE" ]; then
    UPDATE_BYTES=$((HISTORY_NIGHTS - HISTORY_BASE))
else
    UPDATE_BYTES=""
fi
GROWTH=$(((SIZE_NIGHTS_AFTER - SIZE_NIGHTS_BEFORE) - (SIZE_BASE_AFTER - SIZE_BASE_BEFORE)))
echo "| after three nights (+$UPDATES updates) | $SIZE_NIGHTS_BEFORE | $SIZE_NIGHTS_AFTER |" \
    "$((SIZE_NIGHTS_AFTER - SIZE_NIGHTS_BEFORE)) | ${HISTORY_NIGHTS:-–} | $UPDATES |" \
    "$(per "$GROWTH" "$UPDATES") (dbstat: ${UPDATE_BYTES:+$(per "$UPDATE_BYTES" "$UPDATES")}) |"
echo
echo "The updates' bytes per change are the growth of after − before from the first import to the three nights (and"
echo "of the history's tables in dbstat) over the $UPDATES updates."
echo
echo "## Targets"
echo
check "first import with history ≤ 1.15 × without" "$RATIO_IMPORT" 1.15 "$RATIO_IMPORT"
check "unchanged re-import ≤ 1.05 × without" "$RATIO_REIMPORT" 1.05 "$RATIO_REIMPORT"
WRITTEN=$([ "$AFTER_IMPORT" = "$AFTER_REIMPORT" ] && echo 0 || echo 1)
check "the re-import writes no history ($AFTER_REIMPORT after it, $AFTER_IMPORT before)" "$WRITTEN" 0 "$WRITTEN"
check "a night (5% changed) ≤ 1.2 × without" "$RATIO_NIGHT" 1.2 "$RATIO_NIGHT"
for index in "${!COMMANDS[@]}"; do
    check "\`${COMMANDS[$index]} --at $DAY\` ≤ 3 × today" "${AT_RATIOS[$index]}" 3 "${AT_RATIOS[$index]}"
done
exit $((FAILED > 0))
