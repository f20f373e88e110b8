#!/usr/bin/env bash
# Runs `rosterdb query` and `rosterdb show` from other processes while a large import writes, and checks that every
# call succeeds at once and sees the roster either as it was before the import or as it is after it.
#
# Readers run with --busy-timeout 0: a reader that needed the writer's lock (or any lock the writer takes) fails
# with exit 75 at once instead of waiting unseen. rosterdb opens the roster read-write even to read, since it may
# have to migrate it, so this also checks that opening takes no lock when there is nothing to migrate.
#
# Usage: readers-during-write.sh [--binary PATH] [--roster N] [--feed N] [--min-calls N] [--readers N] [--quiet]
#   --roster N     players in the roster before the import (default 50,000)
#   --feed N       players in the feed: the roster's players with other goals, and new ones (default 250,000)
#   --min-calls N  calls that must start while the import runs (default 200)
#   --readers N    reader processes at a time (default 2)
set -euo pipefail
SCRIPT_NAME=readers-during-write
source "$(dirname "$0")/lib/common.sh"

roster_size=50000 feed_size=250000 min_calls=200 readers=2
while [ $# -gt 0 ]; do
    case "$1" in
        --min-calls) min_calls="$2" ;;
        --readers) readers="$2" ;;
        *) parse_common_option "$@" || fail "unknown option $1" ;;
    esac
    case "$1" in --quiet) shift ;; *) shift 2 ;; esac
done
[ "$feed_size" -gt "$roster_size" ] || fail "the feed must be larger than the roster, to add players as well"
ensure_binary

make_feed 1 "$roster_size" 1 "$WORK/roster.ndjson"
make_feed 1 "$feed_size" 2 "$WORK/feed.ndjson"
rdb --db "$WORK/roster.db" import --quiet "$WORK/roster.ndjson" || fail "could not build the roster"
[ "$(query_total "$WORK/roster.db")" = "$roster_size" ] || fail "the roster does not have $roster_size players"

# Players the feed changes, spread over the roster, with their goals before and after. Into an empty roster (the
# bulk load) the probes are players the feed adds: absent before (-1), with the feed's goals after.
probes=""
if [ "$roster_size" = 0 ]; then
    for id in 1 2 $((feed_size / 7)) $((feed_size / 3)) $((feed_size / 2)) $((feed_size - 1)) "$feed_size"; do
        probes="${probes:+$probes,}$id:-1:$(py "$LIB/players.py" goals "$id" 2)"
    done
fi
for id in 1 2 $((roster_size / 7)) $((roster_size / 3)) $((roster_size / 2)) $((roster_size - 1)) "$roster_size"; do
    [ "$id" -ge 1 ] && [ "$id" -le "$roster_size" ] || continue
    old="$(py "$LIB/players.py" goals "$id" 1)" new="$(py "$LIB/players.py" goals "$id" 2)"
    [ "$old" != "$new" ] || continue
    shown="$(rdb --db "$WORK/roster.db" show "$id" --format json)"
    [ "$(json_field "$shown" goals)" = "$old" ] || fail "show $id does not print the goals the roster was built with"
    probes="${probes:+$probes,}$id:$old:$new"
done

note "importing $feed_size players onto $roster_size while $readers readers query"
timeout 900 "$ROSTERDB" --db "$WORK/roster.db" import --quiet "$WORK/feed.ndjson" 2>"$WORK/import.err" &
writer=$!
tally="$(py "$LIB/readers.py" "$ROSTERDB" "$WORK/roster.db" "$writer" "$roster_size" "$feed_size" "$probes" \
    --readers "$readers")" || { wait "$writer" || true; fail "a reader failed: $tally"; }
wait "$writer" || fail "the import failed: $(cat "$WORK/import.err")"
[ "$(query_total "$WORK/roster.db")" = "$feed_size" ] || fail "the import did not leave $feed_size players"
state="$(roster_state "$WORK/roster.db")"

calls="$(json_field "$tally" calls)"
[ "$calls" -ge "$min_calls" ] || fail "only $calls calls while the import ran (need $min_calls): use a larger --feed"
echo "readers-during-write: $calls calls during the import ($(json_field "$tally" queries) query totals," \
    "$(json_field "$tally" shows) shows, $(json_field "$tally" filtered) filtered queries), none failed with" \
    "--busy-timeout 0; $(json_field "$tally" old) saw the old roster, $(json_field "$tally" new) the new," \
    "0 anything else; slowest call $(json_field "$tally" max_seconds) s; feed $feed_size onto $roster_size," \
    "integrity ok (${state%% *} players)"
