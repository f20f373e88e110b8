#!/usr/bin/env bash
# Before and after: the release build of another commit against this checkout's, side by side on the same generated
# players, each binary on a roster it imported itself (the two may not share a schema): the import of the JSON into
# a fresh roster and the re-import of the same unchanged file, each pair in one hyperfine call, then query.sh's
# queries and show, each pair run in turn (Benchmarks/alternate.py: before, after, before, …), so that a machine
# that drifts moves both sides alike. Prints a Markdown report with the ratio after/before.
# Usage: Benchmarks/compare.sh [--diverse] REV [N]   (default 1,000,000 players; REV is built in a temporary git
# worktree). Needs hyperfine, git and sqlite3 (Debian: apt-get install -y hyperfine git sqlite3).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Benchmarks/common.sh

KIND=""
if [ $# -gt 0 ] && take_data_option "$1"; then shift; fi
REV="${1:-}"
N="${2:-1000000}"
[[ -n "$REV" && "$N" =~ ^[1-9][0-9]*$ ]] || die "usage: Benchmarks/compare.sh [--diverse] REV [N]"
require_tools hyperfine git python3 swift sqlite3
COMMIT="$(git rev-parse --short "$REV^{commit}")" || die "no commit $REV"

build_release
AFTER="$ROSTERDB"
build_release_of "$COMMIT"
copy_sides "$BUILT" "$AFTER"

ensure_players "$N"
JSON="$(players_file "$N" json)"
for side in before after; do
    binary=$([ "$side" = before ] && echo "$BEFORE" || echo "$AFTER")
    note "Importing the players with the $side build…"
    "$binary" --db "$TMP/$side.db" import --quiet "$(players_file "$N" ndjson)" >&2
done

RESULTS="$TMP/results.md"
: >"$RESULTS"
# One pair: a label, the arguments both binaries get after `--db ROSTER`, the rosters of each side, then hyperfine's
# own options. Appends a row of the table to $RESULTS.
pair() {
    local label="$1" arguments="$2" before_db="$3" after_db="$4" json="$TMP/pair.json"
    shift 4
    hyperfine -N --style basic --export-json "$json" "$@" \
        -n before "$(q "$BEFORE") --db $(q "$before_db") $arguments" \
        -n after "$(q "$AFTER") --db $(q "$after_db") $arguments" >&2
    python3 - "$label" "$json" >>"$RESULTS" <<'PY'
import json, sys
label, path = sys.argv[1], sys.argv[2]
before, after = (r["mean"] for r in json.load(open(path))["results"])
unit, scale = ("s", 1) if before >= 1 else ("ms", 1000)
print(f"| {label} | {before * scale:.3f} {unit} | {after * scale:.3f} {unit} | {after / before:.2f} |")
PY
}

fresh() { printf '%s ' "$TMP/fresh-$1.db" "$TMP/fresh-$1.db-wal" "$TMP/fresh-$1.db-shm"; }
pair "import $(basename "$JSON") into a fresh roster" "import --quiet $(q "$JSON")" \
    "$TMP/fresh-before.db" "$TMP/fresh-after.db" -r 3 --prepare "rm -f $(fresh before)$(fresh after)&& sync"
pair "re-import of the same file, unchanged" "import --quiet $(q "$JSON")" "$TMP/before.db" "$TMP/after.db" -r 5
for arguments in "query --position ST --sort goals:desc" "query --position CB --sort goals:desc --page 5000" \
    "query --nationality Japan --min-goals 30 --sort assists:desc" "query --name mbap" "show $(((N + 1) / 2))"; do
    note "Alternating before and after: $arguments…"
    python3 Benchmarks/alternate.py 200 "\`$arguments\`" "$(q "$BEFORE") --db $(q "$TMP/before.db") $arguments" \
        "$(q "$AFTER") --db $(q "$TMP/after.db") $arguments" >>"$RESULTS"
done

echo "# Before and after, N = $N${KIND:+ (diverse names)}"
echo
print_machine
echo
echo "Before: commit $COMMIT. After: $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' with local changes')."
echo "The imports: one hyperfine call (\`hyperfine -N\`) a pair, a fresh roster each run; means, with hyperfine's"
echo "full output on standard error. The queries and show: 200 runs of each side in turn after 3 warm-up rounds"
echo "(Benchmarks/alternate.py); medians of each side, and the median of the ratios of the pairs of runs with their"
echo "interquartile range."
echo
echo "| | before | after | after / before |"
echo "| --- | ---: | ---: | ---: |"
cat "$RESULTS"
