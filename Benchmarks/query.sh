#!/usr/bin/env bash
# Query benchmark: the process wall time of rosterdb's query, show and stats commands against the sqlite3 CLI
# running the same SQL on the same file, one hyperfine call per pair, after checking that both return the same rows.
# Usage: Benchmarks/query.sh [--diverse] [N]   (default 1000000; from any folder), or
#        Benchmarks/query.sh --db PATH          (an existing roster, e.g. the one ten-million.sh leaves).
# Exits 1 when a target fails, 2 when the two sides of a pair disagree. --diverse uses players with diverse names
# (generate_players.py --diverse).
set -euo pipefail
ORIGIN="$PWD"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Benchmarks/common.sh

usage="usage: Benchmarks/query.sh [--diverse] [N] | --db PATH"
N=1000000
GIVEN=""
while [ $# -gt 0 ]; do
    if take_data_option "$1"; then shift; continue; fi
    case "$1" in
        --db) [ $# -ge 2 ] || die "$usage"; GIVEN="$2"; shift 2 ;;
        *) N="$1"; shift ;;
    esac
done
[[ "$N" =~ ^[1-9][0-9]*$ ]] || die "$usage (N a whole number ≥ 1)"
# Commands of a few milliseconds: no shell in between (-N), warm caches, and many runs (hyperfine keeps going past
# 30 until about 3 s have passed). A pair whose rosterdb command took longer than SLOW_S in the equivalence check
# (stats over ten million players take seconds) gets a few runs instead.
HYPERFINE=(hyperfine -N --style basic --warmup 5 --min-runs 30)
HYPERFINE_SLOW=(hyperfine -N --style basic --warmup 1 --runs 5)
SLOW_S=0.5
# Players per page, rosterdb's default; and the deep page's number when the list is long enough (a million rows in).
PER_PAGE=20
DEEP_PAGE_WANTED=50000

require_tools hyperfine sqlite3 python3 swift
build_release
if [ -n "$GIVEN" ]; then
    [[ "$GIVEN" = /* ]] || GIVEN="$ORIGIN/$GIVEN"
    [ -f "$GIVEN" ] || die "no roster at $GIVEN"
    DB="$GIVEN"
    # Migrations of a roster built by an older rosterdb are applied now, not while measuring.
    "$ROSTERDB" --db "$DB" init >&2
    N="$(sqlite3 "$DB" 'SELECT count(*) FROM players')"
    [ "$N" -gt 0 ] || die "$DB holds no players"
    ORIGIN_NOTE="given with \`--db\`"
else
    ensure_roster "$N"
    DB="$(roster_file "$N")"
    ORIGIN_NOTE="built by \`rosterdb import $(basename "$(players_file "$N" ndjson)")\`"
fi

# PlayerField's columns, in its order: what rosterdb reads for each player.
COLUMNS="id, ref, name, position, goals, assists, nationality, club, birth_date, image"
# The player in the middle of the id order (the N/2-th when ids run from 1 to N).
SHOW_ID="$(sqlite3 "$DB" "SELECT id FROM players ORDER BY id LIMIT 1 OFFSET $(((N - 1) / 2))")"
# The deep page: page 50,000 of the most common position by goals (a million rows in), or its middle page when the
# list is shorter (CB is about 15% of the generated players: 75,000 pages at ten million, 7,500 at a million).
DEEP_TOTAL="$(sqlite3 "$DB" "SELECT count(*) FROM players WHERE position IN ('CB')")"
DEEP_PAGES=$(((DEEP_TOTAL + PER_PAGE - 1) / PER_PAGE))
DEEP_PAGE=$((DEEP_PAGES >= DEEP_PAGE_WANTED ? DEEP_PAGE_WANTED : (DEEP_PAGES + 1) / 2))
[ "$DEEP_PAGE" -ge 1 ] || DEEP_PAGE=1
# The day ages are computed on: rosterdb's default, today in local time.
AS_OF="$(date +%F)"

# Each pair: a label, rosterdb's arguments, the first SQL (the count of a query, the total of stats, empty for show)
# and the rows SQL, written as the SQL rosterdb runs (ties end on the folded name, then the id, both ascending, in an
# order without the name; in the name order on the id, in the direction of the last key; position ST
# is a role, not a line; nationalities are matched on their folded key).
labels=() rargs=() counts=() rows=()
pair() { labels+=("$1"); rargs+=("$2"); counts+=("$3"); rows+=("$4"); }
# A query sorted by goals, descending: its count and the rows of a page.
by_goals() {
    local where="$1" page="$2"
    pair "$3" "$4" "SELECT count(*) FROM players WHERE $where" \
        "SELECT $COLUMNS FROM players WHERE $where ORDER BY goals DESC, sort_name ASC, id ASC LIMIT $PER_PAGE OFFSET $(((page - 1) * PER_PAGE))"
}
by_goals "position IN ('ST')" 1 "query --position ST --sort goals:desc" "query --position ST --sort goals:desc"
PAGE_1=${#labels[@]}
by_goals "position IN ('CB')" 1 "query --position CB --sort goals:desc" "query --position CB --sort goals:desc"
DEEP=${#labels[@]}
by_goals "position IN ('CB')" "$DEEP_PAGE" "… --page $DEEP_PAGE (of $DEEP_PAGES)" \
    "query --position CB --sort goals:desc --page $DEEP_PAGE"
# The default order (name), as deep: page 50,000 (a million rows in) or the middle page of a shorter roster.
NAME_PAGES=$(((N + PER_PAGE - 1) / PER_PAGE))
NAME_PAGE=$((NAME_PAGES >= DEEP_PAGE_WANTED ? DEEP_PAGE_WANTED : (NAME_PAGES + 1) / 2))
pair "query --page $NAME_PAGE (name order, of $NAME_PAGES)" "query --page $NAME_PAGE" "SELECT count(*) FROM players" \
    "SELECT $COLUMNS FROM players ORDER BY sort_name ASC, birth_date ASC, id ASC LIMIT $PER_PAGE OFFSET $(((NAME_PAGE - 1) * PER_PAGE))"
pair "query --nationality Japan --min-goals 30 --sort assists:desc" \
    "query --nationality Japan --min-goals 30 --sort assists:desc" \
    "SELECT count(*) FROM players WHERE nationality_key IN ('japan') AND goals >= 30" \
    "SELECT $COLUMNS FROM players WHERE nationality_key IN ('japan') AND goals >= 30 ORDER BY assists DESC, sort_name ASC, id ASC LIMIT $PER_PAGE OFFSET 0"
# Needs an FTS5 query string: the folded word, quoted, as a prefix — what rosterdb binds for --name mbap.
search="id IN (SELECT rowid FROM players_search WHERE players_search MATCH '(\"mbap\"*)')"
pair "query --name mbap" "query --name mbap" \
    "SELECT count(*) FROM players WHERE $search" \
    "SELECT $COLUMNS FROM players WHERE $search ORDER BY sort_name ASC, birth_date ASC, id ASC LIMIT $PER_PAGE OFFSET 0"
pair "show $SHOW_ID" "show $SHOW_ID" "" "SELECT $COLUMNS FROM players WHERE id = $SHOW_ID"
# stats makes one pass over the rows that match and tallies them (PlayerRepository.tally); the sqlite3 shell gets the
# same figures from two statements, the total and a GROUP BY, with the age on the as-of day computed in SQL as
# CalendarDate.age(on:) computes it.
age="CASE WHEN birth_date IS NULL OR birth_date > '$AS_OF' THEN NULL ELSE CAST(substr('$AS_OF', 1, 4) AS INTEGER) \
- CAST(substr(birth_date, 1, 4) AS INTEGER) - (substr('$AS_OF', 6, 5) < substr(birth_date, 6, 5)) END"
sums="count(*) AS players, coalesce(sum(goals), 0) AS goals, coalesce(sum(assists), 0) AS assists, \
avg($age) AS average_age"
stats() {
    local arguments="$1" where="$2" key="$3" label="$4"
    pair "$arguments" "$arguments" "SELECT NULL AS \"group\", $sums FROM players$where" \
        "SELECT $label AS \"group\", $sums FROM players$where GROUP BY $key"
}
stats "stats --by position" "" position position
stats "stats --by nationality --position ST" " WHERE position IN ('ST')" nationality_key "min(nationality)"

rcommand() { printf '%s --db %s %s' "$(q "$ROSTERDB")" "$(q "$DB")" "$1"; }
scommand() { printf 'sqlite3 %s %s' "$(q "$DB")" "$(q "${1:+$1; }$2")"; }

echo "# Query benchmark, N = $N${KIND:+ (diverse names)}"
echo
print_machine
printf -- '- Load average before: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "Database: $(shown "$DB"), $ORIGIN_NOTE."
echo
print_roster_size "$DB"
echo

# 1. Equivalence: rosterdb's rows (ndjson, or show's and stats' json) and total (query --format json) against the
#    sqlite3 CLI's, field by field. A pair that disagrees stops the run before anything is timed.
echo "## Equivalence"
echo
slow=()
for i in "${!labels[@]}"; do
    read -ra args <<<"${rargs[$i]}"
    kind="${args[0]}"
    : >"$TMP/r-total"
    started="$EPOCHREALTIME"
    case "$kind" in
        query)
            "$ROSTERDB" --db "$DB" "${args[@]}" --format ndjson >"$TMP/r-rows"
            "$ROSTERDB" --db "$DB" "${args[@]}" --format json >"$TMP/r-total" ;;
        *) "$ROSTERDB" --db "$DB" "${args[@]}" --format json >"$TMP/r-rows" ;;
    esac
    slow+=("$(awk -v a="$started" -v b="$EPOCHREALTIME" -v s="$SLOW_S" 'BEGIN { print (b - a > s) }')")
    sqlite3 -json "$DB" "${rows[$i]}" >"$TMP/s-rows"
    if [ -n "${counts[$i]}" ]; then sqlite3 -json "$DB" "${counts[$i]}" >"$TMP/s-total"; else : >"$TMP/s-total"; fi
    if ! python3 - "$kind" "${labels[$i]}" "$TMP" <<'PY'; then
import json, sys
kind, label, tmp = sys.argv[1], sys.argv[2], sys.argv[3]
read = lambda name: open(f"{tmp}/{name}", encoding="utf-8").read()
def sqlite_json(name):
    text = read(name).strip()
    return json.loads(text) if text else []
problems = []
if kind == "stats":
    # Counts and sums must be equal; rosterdb prints the average age with one decimal.
    ours = json.loads(read("r-rows"))
    def same(a, b):
        if any(a[k] != b[k] for k in ("players", "goals", "assists")):
            return False
        x, y = a["average_age"], b["average_age"]
        return (x is None) == (y is None) and (x is None or abs(x - y) <= 0.05 + 1e-9)
    total = sqlite_json("s-total")[0]
    if not same(ours["total"], total):
        problems.append(f"totals differ ({ours['total']} vs {total})")
    groups = {g["group"]: g for g in ours["groups"]}
    theirs = {g["group"]: g for g in sqlite_json("s-rows")}
    if groups.keys() != theirs.keys():
        problems.append(f"groups differ ({len(groups)} vs {len(theirs)})")
    else:
        problems += [f"group {k!r} differs ({groups[k]} vs {theirs[k]})" for k in groups if not same(groups[k], theirs[k])][:3]
    summary = f"{len(groups)} groups, {ours['total']['players']} players, {ours['total']['goals']} goals"
else:
    # rosterdb adds the age, which the SQL does not compute; every other field must be identical.
    if kind == "show":
        ours = [{k: v for k, v in json.loads(read("r-rows")).items() if k != "age"}]
    else:
        ours = [{k: v for k, v in json.loads(line).items() if k != "age"} for line in read("r-rows").splitlines() if line]
    theirs = sqlite_json("s-rows")
    if ours != theirs:
        first = next((n for n, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))
        problems.append(f"rows differ ({len(ours)} vs {len(theirs)}; first difference at row {first + 1})")
    total = None
    if read("r-total").strip():
        total, their_total = json.loads(read("r-total"))["total"], sqlite_json("s-total")[0]["count(*)"]
        if total != their_total:
            problems.append(f"totals differ ({total} vs {their_total})")
    ids = [row["id"] for row in ours]
    shown = ", ".join(map(str, ids[:5])) + (", …" if len(ids) > 5 else "")
    summary = f"{len(ids)} row{'' if len(ids) == 1 else 's'}"
    if ids:
        summary += f" (ids {shown})"
    elif total:
        summary += " (the page is past the last one at this N)"
    if total is not None:
        summary += f", total {total}"
if problems:
    print(f"- DIFFERENT: {label}: " + "; ".join(problems))
    sys.exit(1)
print(f"- same: {label}: {summary}")
PY
        die "rosterdb and the sqlite3 CLI disagree on '${labels[$i]}'; not timing anything"
    fi
done
echo
echo "(Ages on $AS_OF, rosterdb's default as-of day. The deep page is page $DEEP_PAGE of the $DEEP_PAGES pages of"
echo "$PER_PAGE CB players by goals: page $DEEP_PAGE_WANTED when there are that many, else the middle one.)"
echo

# 2. Timing, one hyperfine call per pair so that both sides share the same moment of a noisy machine.
echo "## Commands timed"
echo
echo "From the repository root; each pair in one call of: \`${HYPERFINE[*]} ROSTERDB_COMMAND SQLITE3_COMMAND\`"
echo "(marked *slow*: one whose rosterdb command took more than $SLOW_S s in the equivalence check, in one call of"
echo "\`${HYPERFINE_SLOW[*]} …\`)"
echo
r_ms=() s_ms=()
time_pair() {
    local label="$1" rcmd="$2" scmd="$3" is_slow="$4"
    local -a hyperfine=("${HYPERFINE[@]}")
    local mark=""
    [ "$is_slow" = 0 ] || { hyperfine=("${HYPERFINE_SLOW[@]}"); mark=" (*slow*)"; }
    printf -- '- %s%s\n  - `%s`\n  - `%s`\n' "$label" "$mark" "$(shown "$rcmd")" "$(shown "$scmd")"
    "${hyperfine[@]}" --export-json "$TMP/pair.json" -n "rosterdb $label" -n "sqlite3 CLI" "$rcmd" "$scmd" >&2
    mapfile -t m < <(medians "$TMP/pair.json")
    r_ms+=("$(fmt_ms "${m[0]}")") s_ms+=("$(fmt_ms "${m[1]}")")
}
for i in "${!labels[@]}"; do
    time_pair "${labels[$i]}" "$(rcommand "${rargs[$i]}")" "$(scommand "${counts[$i]}" "${rows[$i]}")" "${slow[$i]}"
done
# Process start-up alone, for scale: every command above pays it.
time_pair "--version (start-up)" "$(q "$ROSTERDB") --version" "sqlite3 --version" 0
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
echo "Median process wall time (hyperfine -N, warmup 5, at least 30 runs; *slow* pairs warmup 1, 5 runs);"
echo "ratio = rosterdb / sqlite3."
echo
echo "Targets:"
for i in "${!labels[@]}"; do
    r="$(ratio "${r_ms[$i]}" "${s_ms[$i]}")"
    check "${labels[$i]}: ratio ≤ 1.5" "$r" 1.5 "$r"
done
check "page $DEEP_PAGE ≤ 2 × page 1 (CB by goals)" "${r_ms[$DEEP]}" \
    "$(awk -v a="${r_ms[$PAGE_1]}" 'BEGIN { print 2 * a }')" \
    "${r_ms[$DEEP]} ms vs ${r_ms[$PAGE_1]} ms, ratio $(ratio "${r_ms[$DEEP]}" "${r_ms[$PAGE_1]}")"
[ "$FAILED" -eq 0 ] || exit 1
