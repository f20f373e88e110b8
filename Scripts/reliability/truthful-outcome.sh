#!/usr/bin/env bash
# Proves that the exit status of every writing command (`import`, `add`, `edit`, `remove`) tells the truth about
# whether its change was committed. Each command runs again and again on a fresh copy of a roster, with SIGINT,
# SIGTERM, SIGHUP or SIGKILL sent at moments swept over its whole run — from its start, through the reading and
# writing, the commit, to well after it: while the change list is written, while a report waits for a reader —
# and with its output failing: standard output closed, /dev/full, a pipe no one reads; `--changes` to /dev/full, to
# a file on a full file system, to a FIFO no one opens, to a FIFO whose reader stops part-way; the roster's lock
# held by another writer; and refused inputs. After each run the roster (`PRAGMA integrity_check` and a checksum of
# every row, in a fresh connection) is compared with the roster before and the one a clean run leaves:
#   exit 0, 4, 5         the roster is the one after (exit 0: the report, with --report json, says committed true
#                        and matches the clean run's; the --changes file is the clean run's list; add, edit and
#                        remove print what their clean run prints)
#   exit 1, 3, 64-66, 74, 75, 130, 143, or death by SIGINT/SIGTERM/SIGHUP before rosterdb set its handler
#                        the roster is the one before; with --report json the report is printed (unless the
#                        command line was refused, 64, or standard output is a pipe no one reads) and says
#                        committed false; an existing --changes file keeps its old content
#   killed by SIGKILL    the roster is exactly the one before or the one after; the --changes file is its old
#                        content or the complete list
# and in every case: a report that is printed says committed true exactly when the roster is the one after; no
# temporary file is left beside the --changes file (but by SIGKILL); no crash trace; no hang (each run is bounded);
# and the history agrees with the roster (lib/history_check.py): the changes recorded since the run began, replayed
# onto the roster before, give the roster after (ids and every field), numbered on without a gap, each in its write;
# a roster as after holds the clean run's one write and number of changes, a roster as before no change and no write;
# no history_writer row is left in the file.
# Prints the figures on standard error (per command and kind of fault: runs, exit statuses, rosters before and
# after, the slowest exit after a signal) and every violation; one result line on standard output.
#
# Usage: truthful-outcome.sh [--binary PATH] [--roster N] [--feed N] [--small N] [--steps N] [--quiet]
#   --roster N  players in the roster the import writes into (default 20,000); it is also swept into an empty
#               roster (the bulk load)
#   --feed N    players in the import's feed: the roster's, changed, and new ones (default 100,000: a few seconds,
#               and a change list of 24 MB written after the commit)
#   --small N   players in the roster add, edit and remove change (default 1,000)
#   --steps N   moments a signal is sent at, evenly spread over a clean run of add, edit and remove, besides those
#               tied to their commit and to a blocked write (default 16)
set -euo pipefail
SCRIPT_NAME=truthful-outcome
source "$(dirname "$0")/lib/common.sh"

roster_size=20000 feed_size=100000 small_size=1000 steps=16
while [ $# -gt 0 ]; do
    case "$1" in
        --small) small_size="$2" ;;
        --steps) steps="$2" ;;
        *) parse_common_option "$@" || fail "unknown option $1" ;;
    esac
    case "$1" in --quiet) shift ;; *) shift 2 ;; esac
done
[ "$feed_size" -gt "$roster_size" ] || fail "the feed must be larger than the roster, to add players as well"
[ "$roster_size" -ge 1000 ] || fail "the roster must hold at least 1,000 players, for a prune to be refused"
[ "$small_size" -ge 10 ] || fail "the small roster must hold at least 10 players, for edit and remove"
ensure_binary
started="$(date +%s)"

# --- The rosters and feeds --------------------------------------------------------------------------------------------
note "building a roster of $roster_size players, a feed of $feed_size and a roster of $small_size"
make_feed 1 "$roster_size" 1 "$WORK/roster.ndjson"
make_feed 1 "$feed_size" 2 "$WORK/feed.ndjson"
make_feed 1 "$small_size" 1 "$WORK/small.ndjson"
make_feed 1 100 2 "$WORK/prune.ndjson"
# The feed with one record in its middle invalid: refused whole (65) once all of it has been read.
sed "$((feed_size / 2))s/\"goals\":[0-9]*/\"goals\":\"many\"/" "$WORK/feed.ndjson" >"$WORK/invalid.ndjson"
rdb --db "$WORK/before.db" import --quiet "$WORK/roster.ndjson" || fail "could not build the roster"
rdb --db "$WORK/small.db" import --quiet "$WORK/small.ndjson" || fail "could not build the small roster"
rdb --db "$WORK/empty.db" init >/dev/null || fail "could not make an empty roster"
rm -f "$WORK/roster.ndjson" "$WORK/small.ndjson"

# A file system with no byte free, for --changes, when this machine lets root mount one.
tmpfs_note="skipped (mounting a tmpfs needs root)"
mkdir "$WORK/small-disk"
if timeout 10 mount -t tmpfs -o size=256k tmpfs "$WORK/small-disk" 2>/dev/null; then
    EXIT_HOOKS+=("umount '$WORK/small-disk'")
    tmpfs_note=""
else
    note "--changes on a full file system: $tmpfs_note"
fi

RUNS="$WORK/runs.ndjson"
: >"$RUNS"

# clean NAME DB [--input FILE] -- COMMAND...: runs the command once as it should run, on a copy of DB, and keeps
# what it left in $WORK/ref/NAME (see outcome_run.py); sets $clean to its timeline (JSON).
clean() {
    local name="$1" db="$2"
    shift 2
    clean="$(py "$LIB/outcome_run.py" clean --before "$db" --reference "$WORK/ref/$name" --work "$WORK" "$@")" \
        || fail "$name: the clean run could not be made"
}

# sweep NAME DB KIND SIGNALS MOMENTS [options] -- COMMAND...: runs the command once per signal and moment with its
# output failing as KIND says, each on a fresh copy of DB, and adds the judged runs to $RUNS.
sweep() {
    local name="$1" db="$2" kind="$3" signals="$4" moments="$5"
    shift 5
    if [ "$kind" = changes-tmpfs ] && [ -n "$tmpfs_note" ]; then return; fi
    local runs_before sweep_started="$SECONDS"
    runs_before="$(wc -l <"$RUNS")"
    py "$LIB/outcome_run.py" sweep --before "$db" --reference "$WORK/ref/$name" --work "$WORK" --label "$name" \
        --kind "$kind" --signals "$signals" --moments "$moments" --tmpfs "$WORK/small-disk" "$@" >>"$RUNS" \
        || fail "$name [$kind]: the sweep itself failed"
    note "$name [$kind]: $(($(wc -l <"$RUNS") - runs_before)) runs in $((SECONDS - sweep_started)) s"
}

field() { json_field "$clean" "$1"; }
# Seconds as a moment's offset: 4 decimals, never negative.
seconds() { py -c "print(round(max(0.0, $1), 4))"; }

# --- import -----------------------------------------------------------------------------------------------------------
import=("$ROSTERDB" --db {db} --busy-timeout 1 import --report json --changes {changes})
clean import "$WORK/before.db" --input "$WORK/feed.ndjson" -- "${import[@]}" "$WORK/feed.ndjson"
[ "$(field status)" = 0 ] || fail "the clean import failed: $clean"
read_done="$(field read_done)" changes_started="$(field changes_started)" duration="$(field elapsed)"
[ "$read_done" != None ] && [ "$changes_started" != None ] || fail "could not see the import's timeline: $clean"
note "clean import: $duration s (the feed read after $read_done s; the change list, $(field changes_size) bytes," \
    "begun after $changes_started s, in place after $(field renamed) s)"
# From the start, through the reading, the last records, commit and checkpoint, to the change list and after it.
tail_part="$(py -c "print($changes_started - $read_done)")"
moments="start,start+0.02,input:0.1,input:0.4,input:0.7,input:0.95"
for share in 0.2 0.5 0.8; do moments+=",read+$(seconds "$share * $tail_part")"; done
moments+=",changes:0.01,changes:0.5,changes:0.97,renamed"
sweep import "$WORK/before.db" plain none,INT,TERM,KILL "$moments" --input "$WORK/feed.ndjson" \
    -- "${import[@]}" "$WORK/feed.ndjson"
# After the commit, held there: the report waits for a reader, the change list for its FIFO's reader.
sweep import "$WORK/before.db" stdout-stalled INT,TERM,HUP,KILL blocked,blocked+0.1 \
    -- "${import[@]}" "$WORK/feed.ndjson"
sweep import "$WORK/before.db" changes-fifo-stalled INT,TERM,KILL blocked,blocked+0.1 --stall-at 0.5 \
    -- "${import[@]}" "$WORK/feed.ndjson"
sweep import "$WORK/before.db" changes-fifo-stalled TERM blocked --stall-at 0 -- "${import[@]}" "$WORK/feed.ndjson"
sweep import "$WORK/before.db" changes-fifo-unopened INT,TERM,HUP,KILL blocked -- "${import[@]}" "$WORK/feed.ndjson"
# Outputs that fail by themselves, and a signal before and after the commit as they fail.
late="read+$(seconds "0.5 * $tail_part")"
sweep import "$WORK/before.db" changes-full none,TERM,KILL "input:0.5,$late" --input "$WORK/feed.ndjson" \
    -- "${import[@]}" "$WORK/feed.ndjson"
sweep import "$WORK/before.db" changes-tmpfs none,TERM,KILL "input:0.5,$late" --input "$WORK/feed.ndjson" \
    -- "${import[@]}" "$WORK/feed.ndjson"
for kind in stdout-closed stdout-full; do
    sweep import "$WORK/before.db" "$kind" none,INT,KILL input:0.5,changes:0.5 --input "$WORK/feed.ndjson" \
        -- "${import[@]}" "$WORK/feed.ndjson"
done
sweep import "$WORK/before.db" locked none,INT,TERM start+0.2 -- "${import[@]}" "$WORK/feed.ndjson"

# A dry run: the roster never changes; its change list is written before the rollback.
clean "import --dry-run" "$WORK/before.db" --input "$WORK/feed.ndjson" -- "${import[@]}" --dry-run "$WORK/feed.ndjson"
sweep "import --dry-run" "$WORK/before.db" plain none,TERM,KILL input:0.5,changes:0.5,renamed \
    --input "$WORK/feed.ndjson" -- "${import[@]}" --dry-run "$WORK/feed.ndjson"

# Refused: an invalid record (65), a missing file (66), a prune over the limit (3), an unknown option (64).
clean "import (invalid record)" "$WORK/before.db" -- "${import[@]}" "$WORK/invalid.ndjson"
[ "$(field status)" = 65 ] || fail "the import of an invalid record did not exit 65: $clean"
sweep "import (invalid record)" "$WORK/before.db" plain none,TERM,KILL input:0.5,input:0.99 \
    --input "$WORK/invalid.ndjson" -- "${import[@]}" "$WORK/invalid.ndjson"
clean "import (missing file)" "$WORK/before.db" -- "${import[@]}" "$WORK/missing.ndjson"
sweep "import (missing file)" "$WORK/before.db" plain none - -- "${import[@]}" "$WORK/missing.ndjson"
clean "import --prune (refused)" "$WORK/before.db" -- "${import[@]}" --prune "$WORK/prune.ndjson"
sweep "import --prune (refused)" "$WORK/before.db" plain none - -- "${import[@]}" --prune "$WORK/prune.ndjson"
clean "import (unknown option)" "$WORK/before.db" -- "${import[@]}" --frobnicate "$WORK/feed.ndjson"
sweep "import (unknown option)" "$WORK/before.db" plain none - -- "${import[@]}" --frobnicate "$WORK/feed.ndjson"

# Into an empty roster: the bulk load, which sets the history's triggers aside and records every player as added at
# the end, built under another name and put in place once committed.
clean "import (empty roster)" "$WORK/empty.db" --input "$WORK/feed.ndjson" -- "${import[@]}" "$WORK/feed.ndjson"
[ "$(field status)" = 0 ] || fail "the clean import into an empty roster failed: $clean"
tail_part="$(py -c "print($(field changes_started) - $(field read_done))")"
moments="start+0.02,input:0.5,input:0.95"
for share in 0.2 0.5 0.8; do moments+=",read+$(seconds "$share * $tail_part")"; done
sweep "import (empty roster)" "$WORK/empty.db" plain none,TERM,KILL "$moments,changes:0.5,renamed" \
    --input "$WORK/feed.ndjson" -- "${import[@]}" "$WORK/feed.ndjson"

# --- add, edit, remove ------------------------------------------------------------------------------------------------
for name in add edit remove; do
    case "$name" in
        add) arguments=(add --name "Truth Teller" --position ST --goals 7 --club "Nowhere FC" --format json)
            refused=(add --name "Truth Teller" --position WB) ;;
        edit) arguments=(edit 5 --add-goals 1 --club "Elsewhere FC" --format json)
            refused=(edit 999999 --goals 1) ;;
        remove) arguments=(remove 7 8 9)
            refused=(remove 999999) ;;
    esac
    command=("$ROSTERDB" --db {db} --busy-timeout 1 "${arguments[@]}")
    clean "$name" "$WORK/small.db" -- "${command[@]}"
    [ "$(field status)" = 0 ] || fail "the clean $name failed: $clean"
    duration="$(field elapsed)" wal="$(field wal)"
    [ "$wal" != None ] || fail "could not see $name write the roster's log: $clean"
    # Evenly over a clean run and a fifth more (at least 30 ms), and at the commit itself.
    span="$(py -c "print(round(max(0.03, 1.2 * $duration), 4))")"
    moments="$(py -c "print(','.join(f'start+{round($span * i / ($steps - 1), 4)}' for i in range($steps)))")"
    moments+=",wal,wal+0.0005,wal+0.002"
    note "clean $name: $duration s (its log written after $wal s); signals over 0-$span s"
    sweep "$name" "$WORK/small.db" plain none,INT,TERM,KILL "$moments" -- "${command[@]}"
    # Its output waits for a reader that never reads: the signal comes after the commit.
    sweep "$name" "$WORK/small.db" stdout-stalled INT,TERM,HUP,KILL wal,blocked,blocked+0.05 -- "${command[@]}"
    for kind in stdout-closed stdout-full; do
        sweep "$name" "$WORK/small.db" "$kind" none,TERM,KILL wal,wal+0.002 -- "${command[@]}"
    done
    sweep "$name" "$WORK/small.db" locked none,INT,TERM start+0.2 -- "${command[@]}"
    clean "$name (refused)" "$WORK/small.db" -- "$ROSTERDB" --db {db} "${refused[@]}"
    moments="start+$(seconds "$duration / 4"),start+$(seconds "$duration / 2")"
    sweep "$name (refused)" "$WORK/small.db" plain none,TERM "$moments" -- "$ROSTERDB" --db {db} "${refused[@]}"
done

# --- The figures ------------------------------------------------------------------------------------------------------
totals="$(py "$LIB/outcome_table.py" "$RUNS" ${QUIET:+--quiet})" && broken=0 || broken=1
total() { json_field "$totals" "$1"; }
[ -n "$totals" ] || fail "the runs could not be summed up"
summary="$(total runs) runs of $(total commands) command lines under $(total kinds) kinds of fault ($(total pairs)"
summary+=" pairs), $(total signalled) signals sent: rosters $(total before) before, $(total after) after;"
summary+=" $(total killed) SIGKILLs left $(total killed_before) before and $(total killed_after) after; $(total exit5)"
summary+=" exits 5; slowest exit after SIGINT/SIGTERM/SIGHUP $(total slowest) s; history checked after"
summary+=" $(total history_checked) runs: $(total history_recorded) recorded the clean run's one write"
summary+=" ($(total history_changes) changes in all), the others nothing; each, replayed onto the roster before,"
summary+=" gave the roster after"
[ "$broken" = 0 ] || fail "$(total broken) runs broke the truth table (each listed above); $summary"
echo "truthful-outcome: $summary; every exit status, report, change list and history told the truth; integrity ok;" \
    "feed $feed_size onto $roster_size (clean import $(json_field "$(cat "$WORK/ref/import/run.json")" elapsed) s)," \
    "add/edit/remove on $small_size${tmpfs_note:+; full tmpfs $tmpfs_note}; $(($(date +%s) - started)) s"
