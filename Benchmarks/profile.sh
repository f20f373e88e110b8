#!/usr/bin/env bash
# A provider's file through a profile against the same players already in rosterdb's columns: the import of
# generated diverse players written as the Fantasy Premier League writes players_raw.csv (a name template, positions
# by value map, clubs by a lookup into teams.csv, a row filter that skips one row in forty, `None` for unknown values)
# with feeds/fpl-players.profile, against the import of what that profile makes of them, written out beforehand
# (Benchmarks/provider_layout.py), each into a fresh roster, in one hyperfine run. Prints a Markdown report with the
# ratio profile/pre-mapped.
# Usage: Benchmarks/profile.sh [N]   (default 1,000,000 generated players, of which N/40 are managers the profile
# skips). Needs hyperfine and python3.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Benchmarks/common.sh

KIND="-diverse"
N="${1:-1000000}"
[[ "$N" =~ ^[1-9][0-9]*$ ]] || die "usage: Benchmarks/profile.sh [N]"
RUNS=3
require_tools hyperfine python3 swift
build_release
ensure_format "$N" csv
note "Writing the players in the provider's layout…"
python3 Benchmarks/provider_layout.py "$(players_file "$N" csv)" "$TMP/feed"
cp feeds/fpl-players.profile "$TMP/feed/"

cd "$TMP/feed"
profiled="$ROSTERDB --db profiled.db import --quiet players_raw.csv --profile fpl-players.profile"
premapped="$ROSTERDB --db premapped.db import --quiet premapped.csv"
hyperfine --runs "$RUNS" --export-markdown "$TMP/report.md" \
    --prepare 'rm -f profiled.db*' --prepare 'rm -f premapped.db*' \
    -n "profile (players_raw.csv)" "$profiled" -n "pre-mapped (premapped.csv)" "$premapped" >&2
# The two rosters must hold the same players, or the comparison says nothing.
[ "$("$ROSTERDB" --db profiled.db export --format csv | sort | sha256sum)" = \
    "$("$ROSTERDB" --db premapped.db export --format csv | sort | sha256sum)" ] ||
    die "the profile and the pre-mapped file gave different rosters"

echo "### A provider's file through a profile, N = $N generated diverse players ($(git -C "$OLDPWD" rev-parse --short HEAD))"
echo
echo "Commands (in the folder of the generated files, rosterdb the release build): \`${profiled//"$ROSTERDB"/rosterdb}\`"
echo "against \`${premapped//"$ROSTERDB"/rosterdb}\`;"
echo "$((N - N / 40)) players imported by each, $((N / 40)) managers skipped by the profile's row filter."
echo
cat "$TMP/report.md"
