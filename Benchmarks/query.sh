#!/usr/bin/env bash
# Query benchmark: the process wall time of rosterdb's query and show commands against the sqlite3 CLI running the
# same SQL on the same file, one hyperfine call per pair, after checking that both return the same rows.
# Usage: Benchmarks/query.sh [--diverse] [N]   (default 1000000; from any folder). Exits 1 when a target fails, 2
# when the two sides of a pair disagree. --diverse uses players with diverse names (generate_players.py --diverse).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Benchmarks/common.sh

N=1000000
for arg in "$@"; do take_data_option "$arg" || N="$arg"; done
[[ "$N" =~ ^[1-9][0-9]*$ ]] || die "usage: Benchmarks/query.sh [--diverse] [N], N a whole number ≥ 1"
# Commands of a few milliseconds: no shell in between (-N), warm caches, and many runs (hyperfine keeps going past
# 30 until about 3 s have passed).
HYPERFINE=(hyperfine -N --style basic --warmup 5 --min-runs 30)

require_tools hyperfine sqlite3 python3 swift
build_release
ensure_players "$N"

# The roster, built by rosterdb from the generated JSON once and reused: a complete one has all N players (an import
# is all-or-nothing) and is moved into place only when done.
DB="$DATA/roster$KIND-$N.db"
if [ ! -f "$DB" ] || [ "$(sqlite3 "$DB" 'SELECT count(*) FROM players' 2>/dev/null)" != "$N" ]; then
    note "Building $DB with rosterdb import…"
    rm -f "$DB" "$DB-wal" "$DB-shm"
    "$ROSTERDB" --db "$TMP/roster.db" import "$(players_file "$N" json)" >&2
    [ ! -e "$TMP/roster.db-wal" ] || sqlite3 "$TMP/roster.db" 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null
    mv "$TMP/roster.db" "$DB"
fi

COLUMNS="id, name, position, goals, assists, nationality, birth_date, image"
SHOW_ID=$(((N + 1) / 2))
[ "$(sqlite3 "$DB" "SELECT count(*) FROM players WHERE id = $SHOW_ID")" = 1 ] || die "no player $SHOW_ID in $DB"

# Each pair: a label, rosterdb's arguments, the count SQL (empty for show) and the rows SQL, written as the SQL
# rosterdb runs (ties end on id, in the direction of the last key; position ST is a role, not a line).
labels=() rargs=() counts=() rows=()
pair() { labels+=("$1"); rargs+=("$2"); counts+=("$3"); rows+=("$4"); }
pair "query --position ST --sort goals:desc" "query --position ST --sort goals:desc" \
    "SELECT count(*) FROM players WHERE position IN ('ST')" \
    "SELECT $COLUMNS FROM players WHERE position IN ('ST') ORDER BY goals DESC, id DESC LIMIT 20 OFFSET 0"
pair "… --page 2000" "query --position ST --sort goals:desc --page 2000" \
    "SELECT count(*) FROM players WHERE position IN ('ST')" \
    "SELECT $COLUMNS FROM players WHERE position IN ('ST') ORDER BY goals DESC, id DESC LIMIT 20 OFFSET 39980"
pair "query --nationality Japan --min-goals 30 --sort assists:desc" \
    "query --nationality Japan --min-goals 30 --sort assists:desc" \
    "SELECT count(*) FROM players WHERE nationality = 'Japan' COLLATE NOCASE AND goals >= 30" \
    "SELECT $COLUMNS FROM players WHERE nationality = 'Japan' COLLATE NOCASE AND goals >= 30 ORDER BY assists DESC, id DESC LIMIT 20 OFFSET 0"
# Needs an FTS5 query string: the folded word, quoted, as a prefix — what rosterdb binds for --name mbap.
search="id IN (SELECT rowid FROM players_search WHERE players_search MATCH '\"mbap\"*')"
pair "query --name mbap" "query --name mbap" \
    "SELECT count(*) FROM players WHERE $search" \
    "SELECT $COLUMNS FROM players WHERE $search ORDER BY sort_name, id LIMIT 20"
pair "show $SHOW_ID" "show $SHOW_ID" "" "SELECT $COLUMNS FROM players WHERE id = $SHOW_ID"

rcommand() { printf '%s --db %s %s' "$(q "$ROSTERDB")" "$(q "$DB")" "$1"; }
scommand() { printf 'sqlite3 %s %s' "$(q "$DB")" "$(q "${1:+$1; }$2")"; }

echo "# Query benchmark, N = $N${KIND:+ (diverse names)}"
echo
print_machine
echo
echo "Database: $(shown "$DB"), built by \`rosterdb import $(basename "$(players_file "$N" json)")\`."
echo

# 1. Equivalence: rosterdb's rows (ndjson, or show's json) and total (query --format json) against the sqlite3
#    CLI's, field by field. A pair that disagrees stops the run before anything is timed.
echo "## Equivalence"
echo
for i in "${!labels[@]}"; do
    read -ra args <<<"${rargs[$i]}"
    if [ "${args[0]}" = show ]; then
        "$ROSTERDB" --db "$DB" "${args[@]}" --format json >"$TMP/r-rows"
        : >"$TMP/r-total"
    else
        "$ROSTERDB" --db "$DB" "${args[@]}" --format ndjson >"$TMP/r-rows"
        "$ROSTERDB" --db "$DB" "${args[@]}" --format json >"$TMP/r-total"
    fi
    sqlite3 -json "$DB" "${rows[$i]}" >"$TMP/s-rows"
    if [ -n "${counts[$i]}" ]; then sqlite3 "$DB" "${counts[$i]}" >"$TMP/s-total"; else : >"$TMP/s-total"; fi
    if ! python3 - "${labels[$i]}" "$TMP" <<'PY'; then
import json, sys
label, tmp = sys.argv[1], sys.argv[2]
read = lambda name: open(f"{tmp}/{name}", encoding="utf-8").read()
# rosterdb adds the age, which the SQL does not compute; every other field must be identical.
ours = [{k: v for k, v in json.loads(line).items() if k != "age"} for line in read("r-rows").splitlines() if line]
text = read("s-rows").strip()
theirs = json.loads(text) if text else []
problems = []
if ours != theirs:
    first = next((n for n, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))
    problems.append(f"rows differ ({len(ours)} vs {len(theirs)}; first difference at row {first + 1})")
total = None
if read("s-total").strip():
    total, their_total = json.loads(read("r-total"))["total"], int(read("s-total"))
    if total != their_total:
        problems.append(f"totals differ ({total} vs {their_total})")
if problems:
    print(f"- DIFFERENT: {label}: " + "; ".join(problems))
    sys.exit(1)
ids = [row["id"] for row in ours]
shown = ", ".join(map(str, ids[:5])) + (", …" if len(ids) > 5 else "")
rows = f"{len(ids)} row{'' if len(ids) == 1 else 's'}"
if ids:
    rows += f" (ids {shown})"
elif total:
    rows += " (the page is past the last one at this N)"
print(f"- same: {label}: {rows}" + (f", total {total}" if total is not None else ""))
PY
        die "rosterdb and the sqlite3 CLI disagree on '${labels[$i]}'; not timing anything"
    fi
done
echo

# 2. Timing, one hyperfine call per pair so that both sides share the same moment of a noisy machine.
echo "## Commands timed"
echo
echo "From the repository root; each pair in one call of: \`${HYPERFINE[*]} ROSTERDB_COMMAND SQLITE3_COMMAND\`"
echo
r_ms=() s_ms=()
time_pair() {
    local label="$1" rcmd="$2" scmd="$3"
    printf -- '- %s\n  - `%s`\n  - `%s`\n' "$label" "$(shown "$rcmd")" "$(shown "$scmd")"
    "${HYPERFINE[@]}" --export-json "$TMP/pair.json" -n "rosterdb $label" -n "sqlite3 CLI" "$rcmd" "$scmd" >&2
    mapfile -t m < <(medians "$TMP/pair.json")
    r_ms+=("$(fmt_ms "${m[0]}")") s_ms+=("$(fmt_ms "${m[1]}")")
}
for i in "${!labels[@]}"; do
    time_pair "${labels[$i]}" "$(rcommand "${rargs[$i]}")" "$(scommand "${counts[$i]}" "${rows[$i]}")"
done
# Process start-up alone, for scale: every command above pays it.
time_pair "--version (start-up)" "$(q "$ROSTERDB") --version" "sqlite3 --version"
echo

echo "## Results"
echo
echo "| command | rosterdb ms | sqlite3 ms | ratio |"
echo "| --- | ---: | ---: | ---: |"
for i in "${!r_ms[@]}"; do
    label="${labels[$i]:---version (process start-up alone)}"
    printf '| `%s` | %s | %s | %s |\n' "$label" "${r_ms[$i]}" "${s_ms[$i]}" "$(ratio "${r_ms[$i]}" "${s_ms[$i]}")"
done
echo
echo "Median process wall time (hyperfine -N, warmup 5, at least 30 runs); ratio = rosterdb / sqlite3."
echo
echo "Targets:"
for i in "${!labels[@]}"; do
    r="$(ratio "${r_ms[$i]}" "${s_ms[$i]}")"
    check "${labels[$i]}: ratio ≤ 1.5" "$r" 1.5 "$r"
done
check "page 2000 ≤ 2 × page 1" "${r_ms[1]}" "$(awk -v a="${r_ms[0]}" 'BEGIN { print 2 * a }')" \
    "${r_ms[1]} ms vs ${r_ms[0]} ms, ratio $(ratio "${r_ms[1]}" "${r_ms[0]}")"
[ "$FAILED" -eq 0 ] || exit 1
