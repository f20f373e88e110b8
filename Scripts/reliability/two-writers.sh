#!/usr/bin/env bash
# Starts two imports of different feeds against one roster at the same moment. With a busy timeout longer than an
# import, the second waits for the first and then commits after it: both feeds' players are in the roster at the
# end, none lost. With a short one, the second gives up with exit 75 and its message, and changes nothing. After
# each race the history agrees with the roster (lib/history_check.py): one write per import that committed, in the
# order of the commits (the one that ended first first: write ids, first changes and times increase together), with
# as many changes as its import alone records, numbered on from the roster before without a gap; replayed onto the
# roster before they give the roster after, ids and every field; the import that gave up recorded nothing.
#
# Usage: two-writers.sh [--binary PATH] [--roster N] [--feed N] [--short-timeout S] [--rounds N] [--quiet]
#   --roster N         players in the roster (default 20,000)
#   --feed N           players in each feed: half of its own share of the roster, changed, and new ones
#                      (default 60,000; an import must take longer than --short-timeout)
#   --short-timeout S  the busy timeout of the case where the second writer gives up (default 0.5)
#   --rounds N         rounds of each case (default 2)
set -euo pipefail
SCRIPT_NAME=two-writers
source "$(dirname "$0")/lib/common.sh"

roster_size=20000 feed_size=60000 short_timeout=0.5 rounds=2
while [ $# -gt 0 ]; do
    case "$1" in
        --short-timeout) short_timeout="$2" ;;
        --rounds) rounds="$2" ;;
        *) parse_common_option "$@" || fail "unknown option $1" ;;
    esac
    case "$1" in --quiet) shift ;; *) shift 2 ;; esac
done
half=$((roster_size / 2))
[ "$feed_size" -gt "$half" ] || fail "each feed must be larger than half the roster, to add players as well"
ensure_binary
locked="Error: database is locked by another writer; try again later"

# Feed A updates the first half of the roster and adds players after it; feed B updates the second half and adds
# players after A's. No player is in both, so either order of commits gives the same roster.
make_feed 1 "$roster_size" 1 "$WORK/roster.ndjson"
make_feed 1 "$half" 2 "$WORK/a1.ndjson"
make_feed $((roster_size + 1)) $((feed_size - half)) 2 "$WORK/a2.ndjson"
make_feed $((half + 1)) "$half" 3 "$WORK/b1.ndjson"
make_feed $((roster_size + feed_size - half + 1)) $((feed_size - half)) 3 "$WORK/b2.ndjson"
cat "$WORK/a1.ndjson" "$WORK/a2.ndjson" >"$WORK/a.ndjson"
cat "$WORK/b1.ndjson" "$WORK/b2.ndjson" >"$WORK/b.ndjson"
rdb --db "$WORK/before.db" import --quiet "$WORK/roster.ndjson" || fail "could not build the roster"

# The rosters to expect: after A alone, after B alone, after both (in either order).
expect() {
    local name="$1"
    shift
    copy_roster "$WORK/before.db" "$WORK/$name.db"
    for feed in "$@"; do
        rdb --db "$WORK/$name.db" import --quiet "$WORK/$feed.ndjson" || fail "could not import $feed into $name"
    done
    roster_state "$WORK/$name.db"
}
only_a="$(expect only-a a)"
only_b="$(expect only-b b)"
# What each import records alone: the changes its write must hold in a race.
for feed in a b; do
    result="$(py "$LIB/history_check.py" "$WORK/before.db" "$WORK/only-$feed.db" \
        --made-by "import $WORK/$feed.ndjson")" \
        || fail "import $feed alone: the history and the roster disagree: $result"
    declare "changes_$feed=$(json_field "$result" changes)"
done
both="$(expect both-ab a b)"
[ "$(expect both-ba b a)" = "$both" ] || fail "the feeds overlap: their order changes the roster"
total=$((roster_size + 2 * (feed_size - half)))
[ "${both%% *}" = "$total" ] || fail "both feeds should give $total players, not ${both%% *}"

# Runs both imports at once with busy timeout $1; sets status_a, status_b, seconds_a, seconds_b, state.
race() {
    copy_roster "$WORK/before.db" "$WORK/race.db"
    local started
    started="$(date +%s.%N)"
    rm -f "$WORK/a.status" "$WORK/b.status"
    # `|| status=$?`: the subshell inherits `set -e`, which would leave without writing the status.
    for feed in a b; do
        (status=0; timeout 600 "$ROSTERDB" --db "$WORK/race.db" --busy-timeout "$1" import --quiet \
            "$WORK/$feed.ndjson" 2>"$WORK/$feed.err" || status=$?
            echo "$status $(date +%s.%N)" >"$WORK/$feed.status") &
    done
    wait
    read -r status_a ended_a <"$WORK/a.status"
    read -r status_b ended_b <"$WORK/b.status"
    seconds_a="$(py -c "print(round($ended_a - $started, 2))")"
    seconds_b="$(py -c "print(round($ended_b - $started, 2))")"
    state="$(roster_state "$WORK/race.db")"
    [ "$(query_total "$WORK/race.db")" = "${state%% *}" ] || fail "rosterdb query and sqlite3 disagree on the count"
}

# The race's history: the writes of FEED... (the imports that committed, in the order they ended) with as many
# changes as each records alone, and in agreement with the roster; adds to $history_changes.
history_changes=0
check_history() {
    local label="$1" feed made_by=() expected=() result
    shift
    for feed in "$@"; do
        made_by+=(--made-by "import $WORK/$feed.ndjson")
        expected+=("$([ "$feed" = a ] && echo "$changes_a" || echo "$changes_b")")
    done
    result="$(py "$LIB/history_check.py" "$WORK/before.db" "$WORK/race.db" "${made_by[@]}")" \
        || fail "$label: the history and the roster disagree: $result"
    py -c 'import json, sys; sys.exit(json.loads(sys.argv[1])["per_write"] != [int(n) for n in sys.argv[2:]])' \
        "$result" "${expected[@]}" || fail "$label: the writes recorded $(json_field "$result" per_write) changes," \
        "expected ${expected[*]} (each import's own)"
    history_changes=$((history_changes + $(json_field "$result" changes)))
}
# The feed whose import ended first.
first_ended() { py -c "print('a' if $ended_a <= $ended_b else 'b')"; }

waited=0 gave_up=0 longest_wait=0
for ((round = 1; round <= rounds; round++)); do
    # A busy timeout longer than any import: the second waits, then commits after the first.
    race 600
    [ "$status_a" = 0 ] || fail "round $round, long timeout: import A exited $status_a: $(cat "$WORK/a.err")"
    [ "$status_b" = 0 ] || fail "round $round, long timeout: import B exited $status_b: $(cat "$WORK/b.err")"
    [ "$state" = "$both" ] || fail "round $round, long timeout: LOST UPDATE: $state, expected both feeds: $both"
    if [ "$(first_ended)" = a ]; then order=(a b); else order=(b a); fi
    check_history "round $round, long timeout" "${order[@]}"
    waited=$((waited + 1))
    longest_wait="$(py -c "print(max($longest_wait, $seconds_a, $seconds_b))")"
    note "round $round, busy timeout 600 s: both committed (A after $seconds_a s, B after $seconds_b s)," \
        "both feeds present"

    # A short busy timeout: one commits, the other gives up with 75 and its message, and changes nothing.
    race "$short_timeout"
    if [ "$status_a" = 0 ] && [ "$status_b" = 75 ]; then
        winner=A loser=b expected="$only_a" lost_after="$seconds_b"
    elif [ "$status_b" = 0 ] && [ "$status_a" = 75 ]; then
        winner=B loser=a expected="$only_b" lost_after="$seconds_a"
    else
        fail "round $round, busy timeout $short_timeout s: expected one 0 and one 75, got A $status_a, B $status_b" \
            "(each import must take longer than the timeout: use a larger --feed)"
    fi
    [ "$(cat "$WORK/$loser.err")" = "$locked" ] || fail "round $round: the loser said: $(cat "$WORK/$loser.err")"
    [ "$state" = "$expected" ] || fail "round $round: the roster is $state, expected $winner's feed alone ($expected)"
    check_history "round $round, busy timeout $short_timeout s" "$(tr 'AB' 'ab' <<<"$winner")"
    gave_up=$((gave_up + 1))
    note "round $round, busy timeout $short_timeout s: $winner committed, the other exited 75 after $lost_after s" \
        "and changed nothing"
done

echo "two-writers: $((waited + gave_up)) races; $waited with a long busy timeout: both committed, both feeds'" \
    "players present (${both%% *}), 0 lost updates, slowest pair $longest_wait s; $gave_up with --busy-timeout" \
    "$short_timeout: one committed, the other exited 75 with its message and changed nothing; integrity ok;" \
    "history: $history_changes changes in $((2 * waited + gave_up)) writes, gap-free, in the order of the commits," \
    "each import's own, replayed onto the roster before gave the roster after;" \
    "2 feeds of $feed_size onto $roster_size"
