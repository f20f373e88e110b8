#!/usr/bin/env bash
# Import benchmark: rosterdb against the sqlite3 CLI and sqlite-utils loading the same generated players into the
# same schema, all in one hyperfine run (median wall time), plus peak RSS from /usr/bin/time.
# Usage: Benchmarks/import.sh [--diverse] [N]   (default 1000000; from any folder). Exits 1 when a target fails.
# --diverse uses players whose names hold hundreds of thousands of distinct words (generate_players.py --diverse).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Benchmarks/common.sh

N=1000000
for arg in "$@"; do take_data_option "$arg" || N="$arg"; done
if ! [[ "$N" =~ ^[1-9][0-9]*$ ]] || [ "$N" -lt 10 ]; then
    die "usage: Benchmarks/import.sh [--diverse] [N], N a whole number ≥ 10"
fi
SMALL=$((N / 10))
RUNS=3  # Imports of a million take seconds to minutes each; three runs keep the whole run to minutes.

require_tools hyperfine sqlite3 /usr/bin/time python3 swift
build_release
ensure_players "$N"
ensure_players "$SMALL"
JSON="$(players_file "$N" json)"

# sqlite-utils from PyPI in its own virtualenv; without it the run goes on and says so.
SQLITE_UTILS="$PWD/Benchmarks/.venv/bin/sqlite-utils"
if [ ! -x "$SQLITE_UTILS" ]; then
    note "Installing sqlite-utils into Benchmarks/.venv…"
    if ! { python3 -m venv Benchmarks/.venv && Benchmarks/.venv/bin/pip install --quiet sqlite-utils; } >&2; then
        note "NOTE: sqlite-utils could not be installed; its row and its check are skipped."
    fi
fi
[ -x "$SQLITE_UTILS" ] || SQLITE_UTILS=""

# The sqlite3 CLI's import: one INSERT … SELECT over json_each(readfile()), so one statement and one transaction.
# rosterdb's sort_name is its case- and accent-folded sort key; lower(name) is the closest SQL expression (it folds
# ASCII case only), so the CLI does a little less work than rosterdb there.
sql_literal() { printf "'%s'" "${1//\'/\'\'}"; }
cat >"$TMP/import.sql" <<SQL
INSERT INTO players (id, name, position, goals, assists, nationality, birth_date, image, sort_name)
SELECT json_extract(value, '\$.id'), json_extract(value, '\$.name'), json_extract(value, '\$.position'),
       json_extract(value, '\$.goals'), json_extract(value, '\$.assists'), json_extract(value, '\$.nationality'),
       json_extract(value, '\$.birth_date'), json_extract(value, '\$.image'), lower(json_extract(value, '\$.name'))
FROM json_each(readfile($(sql_literal "${JSON#"$PWD"/}")));
SQL
# The floor: the same JSON into a plain table with no index, CHECK constraint or search index (common.sh).
write_bare_load_sql "${JSON#"$PWD"/}" "$TMP/bare-load.sql"

R="$(q "$ROSTERDB")"
db() { printf '%s/%s.db' "$TMP" "$1"; }
# A fresh database for every timed run: no file, or (for the other tools) rosterdb's full schema from `init`,
# so every tool writes through the same indexes, CHECK constraints and triggers. Then `sync`, for every tool alike:
# the blocks of the file just removed (and the writes of the run before) reach the disk before the timed run
# starts, not during its own flush to disk at commit.
fresh() { local f; f="$(q "$(db "$1")")"; printf 'rm -f %s %s-wal %s-shm %s-journal && sync' "$f" "$f" "$f" "$f"; }
fresh_schema() { printf '%s && %s --db %s init >/dev/null && sync' "$(fresh "$1")" "$R" "$(q "$(db "$1")")"; }

names=() prepares=() commands=()
add() { names+=("$1"); prepares+=("$2"); commands+=("$3"); }
add "rosterdb import JSON" "$(fresh r-json)" "$R --db $(q "$(db r-json)") import $(q "$JSON")"
add "rosterdb import NDJSON" "$(fresh r-ndjson)" "$R --db $(q "$(db r-ndjson)") import $(q "$(players_file "$N" ndjson)")"
add "rosterdb import CSV" "$(fresh r-csv)" "$R --db $(q "$(db r-csv)") import $(q "$(players_file "$N" csv)")"
# The same unchanged file into the roster that already holds it: nothing to prepare but the `sync`, nothing may
# change.
add "rosterdb re-import JSON (unchanged)" "sync" "$R --db $(q "$(db reimport)") import $(q "$JSON")"
add "sqlite3 CLI (json_each)" "$(fresh_schema sqlite3)" "sqlite3 -bail $(q "$(db sqlite3)") < $(q "$TMP/import.sql")"
add "sqlite3 CLI bare load (plain table)" "$(fresh bare)" "sqlite3 -bail $(q "$(db bare)") < $(q "$TMP/bare-load.sql")"
if [ -n "$SQLITE_UTILS" ]; then
    # Works on rosterdb's table as it is: it inserts the file's eight fields (in its default batches of 100 rows,
    # one transaction each) and leaves sort_name NULL, which rosterdb fills on its next write.
    add "sqlite-utils insert" "$(fresh_schema sqlite-utils)" \
        "$(q "$SQLITE_UTILS") insert $(q "$(db sqlite-utils)") players $(q "$JSON")"
fi

# The roster that the re-import runs against, filled by a first import; its summary must say nothing changed.
content_hash() { sqlite3 "$1" 'SELECT * FROM players ORDER BY id' | sha256sum | cut -d' ' -f1; }
reimport_summary() {
    "$ROSTERDB" --db "$(db reimport)" import "$JSON" 2>"$TMP/summary" >/dev/null
    shown "$(cat "$TMP/summary")"; echo
    grep -q ' — 0 added, 0 updated, ' "$TMP/summary" || die "the re-import changed the roster"
}
note "Filling the roster for the re-import…"
"$ROSTERDB" --db "$(db reimport)" import "$JSON" >/dev/null 2>&1
hash_before="$(content_hash "$(db reimport)")"

echo "# Import benchmark, N = $N${KIND:+ (diverse names)}"
echo
print_machine
echo
echo "Commands timed, from the repository root (\$TMP is the run's temporary folder), each run preceded by its"
echo "prepare command, all in one call of \`hyperfine --runs $RUNS --command-name … --prepare … COMMANDS…\`:"
echo
for i in "${!names[@]}"; do
    printf -- '- %s\n  - prepare: `%s`\n  - run: `%s`\n' "${names[$i]}" "$(shown "${prepares[$i]}")" "$(shown "${commands[$i]}")"
done
echo
echo "import.sql (sort_name gets lower(name), the closest SQL expression to rosterdb's case- and accent-folded sort key):"
echo
echo '```sql'
cat "$TMP/import.sql"
echo '```'
echo
echo "bare-load.sql, the floor: the same JSON into a plain table without index, CHECK constraint or search index:"
echo
echo '```sql'
cat "$TMP/bare-load.sql"
echo '```'
echo
echo "Re-import before timing:"
reimport_summary | sed 's/^/    /'
echo

args=()
for i in "${!names[@]}"; do args+=(--command-name "${names[$i]}" --prepare "${prepares[$i]}"); done
hyperfine --style basic --runs "$RUNS" --export-json "$TMP/import.json" "${args[@]}" "${commands[@]}" >&2
mapfile -t wall < <(medians "$TMP/import.json")

# Every timed run must have done the work: the last run of each left a full roster.
for name in r-json r-ndjson r-csv reimport sqlite3 bare ${SQLITE_UTILS:+sqlite-utils}; do
    rows="$(sqlite3 "$(db "$name")" 'SELECT count(*) FROM players')"
    [ "$rows" = "$N" ] || die "$name holds $rows players, not $N"
done
echo "Re-import after timing:"
reimport_summary | sed 's/^/    /'
[ "$(content_hash "$(db reimport)")" = "$hash_before" ] || die "the re-imports changed the players table"
echo "    (players table identical, by SHA-256 of every row, before and after the $RUNS timed re-imports)"
echo

# Peak RSS: one more run of each, alone, from the same prepared state as the timed runs.
note "Measuring peak RSS…"
rss=()
for i in "${!names[@]}"; do
    sh -c "${prepares[$i]}"
    /usr/bin/time -f %M -o "$TMP/rss" sh -c "exec ${commands[$i]}" >/dev/null 2>&1 || die "${names[$i]} failed"
    rss+=("$(awk '{ printf "%.1f", $1 / 1024 }' "$TMP/rss")")
done
sh -c "$(fresh small)"
rss_small="$(peak_rss_mib "$ROSTERDB" --db "$(db small)" import "$(players_file "$SMALL" json)")"

s3=4    # Index of the sqlite3 CLI row,
bare=5  # of the bare load's,
su=6    # and of sqlite-utils'.
echo "| tool | median wall s | ratio to sqlite3 CLI | ratio to bare load | peak RSS MB |"
echo "| --- | ---: | ---: | ---: | ---: |"
for i in "${!names[@]}"; do
    printf '| %s | %s | %s | %s | %s |\n' "${names[$i]}" "$(fmt_s "${wall[$i]}")" "$(ratio "${wall[$i]}" "${wall[$s3]}")" \
        "$(ratio "${wall[$i]}" "${wall[$bare]}")" "${rss[$i]}"
done
echo
echo "Median of $RUNS runs each, one hyperfine run; peak RSS from one further run each (GNU time %M, KiB / 1024)."
echo "Re-import: $(fmt_s "${wall[3]}") s against $(fmt_s "${wall[0]}") s for the first import of the same file."
[ -n "$SQLITE_UTILS" ] || echo "NOTE: sqlite-utils could not be installed, so it was not measured."
echo
echo "Peak RSS against file size (rosterdb import JSON into a fresh roster):"
echo
echo "| players | file MB | peak RSS MB |"
echo "| ---: | ---: | ---: |"
for pair in "$SMALL:$rss_small" "$N:${rss[0]}"; do
    count="${pair%%:*}"
    printf '| %s | %s | %s |\n' "$count" "$(awk -v b="$(stat -c %s "$(players_file "$count" json)")" 'BEGIN { printf "%.1f", b / 1048576 }')" "${pair#*:}"
done
echo

# The ratio the 1.5 target is about, timed again in turn (bare load, import, bare load, …): hyperfine runs all of
# one command's runs before the next one's, minutes apart, and a 2-core machine drifts by 10–20% in that time.
PAIRS=5
note "Timing the bare load and the JSON import in turn ($PAIRS pairs after one warm-up pair)…"
bare_command="sqlite3 -bail $(q "$(db bare)") $(q ".read $TMP/bare-load.sql")"
import_command="$R --db $(q "$(db r-json)") import $(q "$JSON")"
paired="$(python3 Benchmarks/alternate.py --seconds --warm-up 1 --prepare-a "$(fresh bare)" \
    --prepare-b "$(fresh r-json)" "$PAIRS" "rosterdb import JSON against the bare load" "$bare_command" \
    "$import_command")"
paired_ratio="$(printf '%s' "$paired" | awk -F'|' '{ split($5, words, " "); print words[1] }')"
echo "The JSON import and the bare load in turn, $PAIRS pairs after one warm-up pair, each run from a fresh"
echo "database (\`Benchmarks/alternate.py --seconds --warm-up 1 --prepare-a … --prepare-b … $PAIRS …\`; bare load:"
echo "\`$(shown "$bare_command")\`): medians of each side, and the median of the ratios of the pairs with their"
echo "interquartile range."
echo
echo "| | bare load | rosterdb import JSON | import / bare load |"
echo "| --- | ---: | ---: | ---: |"
echo "$paired"
echo

echo "Targets:"
check "rosterdb import wall ≤ 0.5 × sqlite3 CLI" "${wall[0]}" "$(awk -v s="${wall[$s3]}" 'BEGIN { print s * 0.5 }')" \
    "$(fmt_s "${wall[0]}") s vs $(fmt_s "${wall[$s3]}") s, ratio $(ratio "${wall[0]}" "${wall[$s3]}")"
check "rosterdb import wall ≤ 1.5 × the bare load, timed in turn" "$paired_ratio" 1.5 "ratio $paired_ratio; one \
hyperfine call: $(fmt_s "${wall[0]}") s vs $(fmt_s "${wall[$bare]}") s, $(ratio "${wall[0]}" "${wall[$bare]}")"
if [ -n "$SQLITE_UTILS" ]; then
    check "rosterdb import wall ≤ 0.1 × sqlite-utils" "${wall[0]}" "$(awk -v s="${wall[$su]}" 'BEGIN { print s * 0.1 }')" \
        "$(fmt_s "${wall[0]}") s vs $(fmt_s "${wall[$su]}") s, ratio $(ratio "${wall[0]}" "${wall[$su]}")"
else
    echo "- SKIP: rosterdb import wall ≤ 0.1 × sqlite-utils (sqlite-utils not installed)"
fi
for i in 0 1 2 3; do
    check "rosterdb peak RSS ≤ 64 MB, ${names[$i]#rosterdb }" "${rss[$i]}" 64 "${rss[$i]} MB"
done
check "re-import ≤ first import" "${wall[3]}" "${wall[0]}" "$(fmt_s "${wall[3]}") s vs $(fmt_s "${wall[0]}") s"
[ "$FAILED" -eq 0 ] || exit 1
