#!/usr/bin/env bash
# Ten million players: rosterdb's import of N players from an NDJSON file against its import of BASE players (time
# should grow no faster than the count, memory not at all), beside the sqlite3 shell's bare load of the same BASE and
# N players (how this machine's SQLite and disk themselves grow with the count), the same N streamed from the
# generator with no file, the re-import of the unchanged file into the filled roster, then query.sh on that roster.
# One run of each, under GNU time, with the database's and its write-ahead log's size sampled while each step runs.
# Usage: Benchmarks/ten-million.sh [--diverse] [--base BASE] [N]   (default N 10000000, BASE 1000000; from any
# folder). Takes tens of minutes at ten million; `Benchmarks/ten-million.sh --base 20000 200000` is a quick check.
# Leaves the roster of N players as Benchmarks/data/roster[-diverse]-N.db (query.sh and memory.sh reuse it).
# Exits 1 when a target fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Benchmarks/common.sh

usage="usage: Benchmarks/ten-million.sh [--diverse] [--base BASE] [N], 1 ≤ BASE ≤ N"
N=10000000
BASE=1000000
while [ $# -gt 0 ]; do
    if take_data_option "$1"; then shift; continue; fi
    case "$1" in
        --base) [ $# -ge 2 ] || die "$usage"; BASE="$2"; shift 2 ;;
        *) N="$1"; shift ;;
    esac
done
if ! [[ "$N" =~ ^[1-9][0-9]*$ && "$BASE" =~ ^[1-9][0-9]*$ ]] || [ "$BASE" -gt "$N" ]; then die "$usage"; fi
RSS_TARGET_MB=64
# The import of N may take at most this much more than N/BASE times the import of BASE.
GROWTH_SLACK=1.1
REIMPORT_TARGET=0.25
SAMPLE_S=0.2

require_tools hyperfine sqlite3 /usr/bin/time python3 swift
build_release
ensure_format "$BASE" ndjson
ensure_format "$N" ndjson
# The bare loads read CSV: the sqlite3 shell imports it without a line of SQL per row (json_each would need the
# whole file as one value, which SQLite caps at 1 GB).
ensure_format "$BASE" csv
ensure_format "$N" csv
BASE_FILE="$(players_file "$BASE" ndjson)"
FILE="$(players_file "$N" ndjson)"
ROSTER="$TMP/roster.db"
STARTED=$SECONDS
LOAD_START="$(cut -d' ' -f1-3 /proc/loadavg)"

# Every SAMPLE_S seconds until stopped: the largest sizes seen of roster $1, of its write-ahead log and of the two
# together, in bytes, written to $2 after each sample.
sample_disk() {
    local db="$1" out="$2" r w most_r=0 most_w=0 most_t=0
    while :; do
        r="$(stat -c %s "$db" 2>/dev/null || echo 0)"
        w="$(stat -c %s "$db-wal" 2>/dev/null || echo 0)"
        [ "$r" -le "$most_r" ] || most_r="$r"
        [ "$w" -le "$most_w" ] || most_w="$w"
        [ $((r + w)) -le "$most_t" ] || most_t=$((r + w))
        echo "$most_r $most_w $most_t" >"$out.new"
        mv "$out.new" "$out"
        sleep "$SAMPLE_S"
    done
}
SAMPLER=""
stop_sampler() {
    if [ -n "$SAMPLER" ]; then
        kill "$SAMPLER" 2>/dev/null || true
        wait "$SAMPLER" 2>/dev/null || true
        SAMPLER=""
    fi
}
trap 'stop_sampler; rm -rf "$TMP"' EXIT

# The steps, in order: a name, the players, the command as printed, and after it ran $TMP/time-STEP (GNU time),
# $TMP/disk-STEP (sample_disk) and the roster's size when it ended.
names=() players=() commands=() sizes=()
STEP=-1
begin_step() {
    names+=("$1") players+=("$2") commands+=("$3")
    STEP=$((${#names[@]} - 1))
    note "$1…"
    echo "0 0 0" >"$TMP/disk-$STEP"
    sample_disk "$4" "$TMP/disk-$STEP" &
    SAMPLER=$!
}
end_step() {
    local r w t size
    stop_sampler
    size="$(stat -c %s "$1")"
    sizes+=("$size")
    # The roster as it was left counts too: a step shorter than SAMPLE_S may not have been sampled at all.
    read -r r w t <"$TMP/disk-$STEP"
    echo "$((size > r ? size : r)) $w $((size > t ? size : t))" >"$TMP/disk-$STEP"
}
# Then `sync`, as import.sh prepares its timed runs: the removed file's blocks reach the disk before the step.
fresh() { rm -f "$1" "$1-wal" "$1-shm" "$1-journal" && sync; }
field() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }
# rosterdb import --report json of file $3 into roster $2, as step $1, under GNU time.
timed_import() {
    local name="$1" db="$2" file="$3" count="$4"
    begin_step "$name" "$count" "rosterdb --db \$TMP/$(basename "$db") import --report json $(shown "$file")" "$db"
    /usr/bin/time -f "$TIME_FORMAT" -o "$TMP/time-$STEP" "$ROSTERDB" --db "$db" import --report json "$file" \
        >"$TMP/report-$STEP.json" 2>"$TMP/summary-$STEP" || { cat "$TMP/summary-$STEP" >&2; die "$name failed"; }
    end_step "$db"
}

# The sqlite3 shell's bare load of the CSV of $3 players into $2, as step $1, under GNU time: a plain table (no
# index, no CHECK constraint, no search index) filled by `.import` in one transaction, with a roster's page size
# and write-ahead log, so that it writes as an import does.
timed_bare_load() {
    local name="$1" db="$2" count="$3" csv
    csv="$(players_file "$count" csv)"
    # The shell reads a double-quoted argument with C escapes: a path holding a quote or backslash would change.
    [[ "$csv" != *[\"\\]* ]] || die "the bare load cannot name $csv (it holds a quote or a backslash)"
    cat >"$TMP/bare-$count.sql" <<SQL
PRAGMA page_size = $ROSTER_PAGE_SIZE;
PRAGMA journal_mode = WAL;
CREATE TABLE players(id INTEGER, name TEXT, position TEXT, goals INTEGER, assists INTEGER, nationality TEXT,
                     birth_date TEXT, image TEXT);
.import --csv --skip 1 "$csv" players
SQL
    begin_step "$name" "$count" "sqlite3 -bail \$TMP/$(basename "$db") < $(shown "$TMP/bare-$count.sql")" "$db"
    /usr/bin/time -f "$TIME_FORMAT" -o "$TMP/time-$STEP" sqlite3 -bail "$db" <"$TMP/bare-$count.sql" >/dev/null \
        || die "$name failed"
    echo "the bare load's SQL: $(shown "$(paste -sd' ' "$TMP/bare-$count.sql" | tr -s ' ')")" >"$TMP/summary-$STEP"
    end_step "$db"
    [ "$(sqlite3 "$db" 'SELECT count(*) FROM players')" = "$count" ] || die "$name left the wrong count of rows"
}
# The page size rosterdb gives a new roster (RosterDatabase.pageSize), read from one.
"$ROSTERDB" --db "$TMP/probe.db" init >/dev/null
ROSTER_PAGE_SIZE="$(sqlite3 "$TMP/probe.db" 'PRAGMA page_size')"

# 1. The import of BASE players and of N from their files, each into a fresh roster, each right after the sqlite3
# shell's bare load of the same players, so that both see the machine alike.
fresh "$TMP/bare.db"
timed_bare_load "sqlite3 shell: bare load of $BASE players" "$TMP/bare.db" "$BASE"
BARE_BASE_STEP=$STEP
fresh "$TMP/bare.db"
fresh "$TMP/base.db"
timed_import "import of $BASE players" "$TMP/base.db" "$BASE_FILE" "$BASE"
BASE_STEP=$STEP
fresh "$TMP/bare.db"
timed_bare_load "sqlite3 shell: bare load of $N players" "$TMP/bare.db" "$N"
BARE_STEP=$STEP
fresh "$TMP/bare.db"
fresh "$ROSTER"
timed_import "import of $N players" "$ROSTER" "$FILE" "$N"
IMPORT_STEP=$STEP
for step in "$BASE_STEP" "$IMPORT_STEP"; do
    [ "$(field "$TMP/report-$step.json" added)" = "${players[$step]}" ] \
        || die "${names[$step]} added $(field "$TMP/report-$step.json" added) players"
done
fresh "$TMP/base.db"

# 2. The same file again into the roster that now holds it: nothing may change.
timed_import "re-import of the unchanged $N" "$ROSTER" "$FILE" "$N"
REIMPORT_STEP=$STEP
REIMPORT_CHANGED=$(($(field "$TMP/report-$STEP.json" added) + $(field "$TMP/report-$STEP.json" updated)))

# 3. N streamed from the generator, no file on disk, into a fresh roster (stream.sh's pipe).
fresh "$TMP/stream.db"
begin_step "streamed import of $N players" "$N" "$(stream_command "$N" "$TMP/stream.db")" "$TMP/stream.db"
stream_import "$N" "$TMP/stream.db" "$TMP/time-$STEP"
end_step "$TMP/stream.db"
STREAM_STEP=$STEP
cp "$TMP/stream-summary" "$TMP/summary-$STEP"
fresh "$TMP/stream.db"

# 4. query.sh on the roster of N, kept in Benchmarks/data for later runs.
KEPT="$(roster_file "$N")"
fresh "$KEPT"
mv "$ROSTER" "$KEPT"
note "Running query.sh --db $(shown "$KEPT")…"
QUERY_STATUS=0
Benchmarks/query.sh --db "$KEPT" >"$TMP/query.md" || QUERY_STATUS=$?
[ "$QUERY_STATUS" -le 1 ] || { cat "$TMP/query.md"; die "query.sh failed (exit $QUERY_STATUS)"; }

echo "# Ten million players: import, stream, re-import and queries, N = $N${KIND:+ (diverse names)}"
echo
print_machine
printf -- '- Load average: %s at the start, %s at the end; %d minutes in all\n' "$LOAD_START" \
    "$(cut -d' ' -f1-3 /proc/loadavg)" $(((SECONDS - STARTED + 30) / 60))
echo
echo "Files: $(shown "$BASE_FILE") ($(mib "$(stat -c %s "$BASE_FILE")") MB) and $(shown "$FILE")"
echo "($(mib "$(stat -c %s "$FILE")") MB). \`rosterdb\` is the release build, $(shown "$ROSTERDB"); \$TMP the run's"
echo "temporary folder. Each step once, from the repository root, under \`/usr/bin/time -f '$TIME_FORMAT'\`"
echo "(rosterdb alone; peak RSS is %M KiB / 1024), the roster's size and its write-ahead log's sampled every"
echo "$SAMPLE_S s while it ran (a step that short may show no log):"
echo
for i in "${!names[@]}"; do printf -- '%d. %s: `%s`\n' $((i + 1)) "${names[$i]}" "${commands[$i]}"; done
echo
echo "| step | players | wall s | user s | sys s | user+sys s | peak RSS MB | roster MB | bytes/player \
| peak WAL MB | peak roster+WAL MB |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for i in "${!names[@]}"; do
    read -r _ wal both <"$TMP/disk-$i"
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "${names[$i]}" "${players[$i]}" "$(time_cells "$TMP/time-$i")" \
        "$(mib "${sizes[$i]}")" "$(awk -v b="${sizes[$i]}" -v n="${players[$i]}" 'BEGIN { printf "%.1f", b / n }')" \
        "$(mib "$wal")" "$(mib "$both")"
done
echo
echo "What each step printed (rosterdb's summaries) or ran (the bare loads' SQL):"
echo
for i in "${!names[@]}"; do
    printf -- '- %s: %s\n' "${names[$i]}" "$(shown "$(paste -sd' ' "$TMP/summary-$i")")"
done
[ ! -s "$TMP/generator" ] || echo "- the generator, for the streamed import: $(cat "$TMP/generator")"
echo
echo "The streamed import's wall time includes waiting for the generator, which shares the cores; its CPU time is"
echo "rosterdb's alone. SQLite's temporary files while it sorts each index (\$SQLITE_TMPDIR, else /var/tmp or /tmp)"
echo "are not sampled."
echo

wall() { time_field wall "$TMP/time-$1"; }
cpu() { time_field cpu "$TMP/time-$1"; }
rss() { time_field rss "$TMP/time-$1"; }
growth="$(awk -v n="$N" -v b="$BASE" -v s="$GROWTH_SLACK" 'BEGIN { printf "%.2f", n / b * s }')"
wall_ratio="$(ratio "$(wall "$IMPORT_STEP")" "$(wall "$BASE_STEP")")"
echo "Import of $N against $BASE players ($(ratio "$N" "$BASE") times as many): wall $wall_ratio times, CPU"
echo "(user+sys) $(ratio "$(cpu "$IMPORT_STEP")" "$(cpu "$BASE_STEP")") times; peak RSS $(rss "$BASE_STEP") MB →"
echo "$(rss "$IMPORT_STEP") MB. The sqlite3 shell's bare load of the same players, for comparison: wall"
echo "$(ratio "$(wall "$BARE_STEP")" "$(wall "$BARE_BASE_STEP")") times ($(fmt_s "$(wall "$BARE_STEP")") s against"
echo "$(fmt_s "$(wall "$BARE_BASE_STEP")") s), CPU $(ratio "$(cpu "$BARE_STEP")" "$(cpu "$BARE_BASE_STEP")") times."
echo

echo "## Queries on the roster of $N players"
echo
echo "\`Benchmarks/query.sh --db $(shown "$KEPT")\`, whose report follows (headings moved down two levels)."
echo
sed -E 's/^(#+) /\1## /' "$TMP/query.md"
echo

echo "## Targets"
echo
check "import of $N ≤ $growth × the import of $BASE (N/BASE × $GROWTH_SLACK), wall" "$wall_ratio" "$growth" \
    "$(fmt_s "$(wall "$IMPORT_STEP")") s vs $(fmt_s "$(wall "$BASE_STEP")") s, ratio $wall_ratio"
for step in "$BASE_STEP" "$IMPORT_STEP" "$REIMPORT_STEP" "$STREAM_STEP"; do
    check "peak RSS ≤ $RSS_TARGET_MB MB, ${names[$step]}" "$(rss "$step")" "$RSS_TARGET_MB" "$(rss "$step") MB"
done
check "re-import ≤ $REIMPORT_TARGET × the import" "$(wall "$REIMPORT_STEP")" \
    "$(awk -v a="$(wall "$IMPORT_STEP")" -v t="$REIMPORT_TARGET" 'BEGIN { print a * t }')" \
    "$(fmt_s "$(wall "$REIMPORT_STEP")") s vs $(fmt_s "$(wall "$IMPORT_STEP")") s, ratio \
$(ratio "$(wall "$REIMPORT_STEP")" "$(wall "$IMPORT_STEP")")"
check "re-import: 0 added, 0 updated" "$REIMPORT_CHANGED" 0 \
    "added $(field "$TMP/report-$REIMPORT_STEP.json" added), updated $(field "$TMP/report-$REIMPORT_STEP.json" updated)"
check "query.sh --db: every target" "$QUERY_STATUS" 0 \
    "$(grep -c '^- PASS' "$TMP/query.md" || true) passed, $(grep -c '^- FAIL' "$TMP/query.md" || true) failed"
[ "$FAILED" -eq 0 ] || exit 1
