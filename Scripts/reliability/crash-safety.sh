#!/usr/bin/env bash
# Kills `rosterdb import` at moments spread over a whole import — right after start, while it reads and writes,
# and during its final commit and checkpoint — and checks after each kill, from fresh processes, that the roster
# is intact and is exactly the roster before the import or the roster after it, never anything in between.
# Then stops imports with SIGTERM and SIGINT, which must roll back and exit 143/130 with a message.
#
# Usage: crash-safety.sh [--binary PATH] [--kills N] [--signals N] [--roster N] [--feed N] [--seed N] [--quiet]
#   --kills N    SIGKILLs (default 30, at least 30 for the full run)
#   --signals N  SIGTERMs and as many SIGINTs (default 3 each)
#   --roster N   players in the roster before the import (default 50,000)
#   --feed N     players in the feed: the roster's players, changed, and new ones (default 250,000)
#   --seed N     seed of the random kill moments (default: from the clock; printed, so a run can be repeated)
set -euo pipefail
SCRIPT_NAME=crash-safety
source "$(dirname "$0")/lib/common.sh"

kills=30 signals=3 roster_size=50000 feed_size=250000 seed="$(date +%s)"
while [ $# -gt 0 ]; do
    case "$1" in
        --kills) kills="$2" ;;
        --signals) signals="$2" ;;
        --seed) seed="$2" ;;
        *) parse_common_option "$@" || fail "unknown option $1" ;;
    esac
    case "$1" in --quiet) shift ;; *) shift 2 ;; esac
done
[ "$feed_size" -gt "$roster_size" ] || fail "the feed must be larger than the roster, to add players as well"
ensure_binary
RANDOM=$((seed % 32768))
note "seed $seed (repeat with --seed $seed)"

# The roster before: players 1..R. The feed: players 1..F with other goals, so it updates the R and adds F-R.
make_feed 1 "$roster_size" 1 "$WORK/roster.ndjson"
make_feed 1 "$feed_size" 2 "$WORK/feed.ndjson"
rdb --db "$WORK/before.db" import --quiet "$WORK/roster.ndjson" || fail "could not build the roster"
before="$(roster_state "$WORK/before.db")"

# The roster after, and how long an uncut import takes: until it has read the feed, and in all.
copy_roster "$WORK/before.db" "$WORK/after.db"
uncut="$(py "$LIB/signal_run.py" --input "$WORK/feed.ndjson" --at-change "$WORK/after.db" --timeout 900 -- \
    "$ROSTERDB" --db "$WORK/after.db" import "$WORK/feed.ndjson")"
[ "$(json_field "$uncut" status)" = 0 ] || fail "the uncut import failed: $uncut"
after="$(roster_state "$WORK/after.db")"
[ "${after%% *}" = "$feed_size" ] || fail "the uncut import left ${after%% *} players, expected $feed_size"
[ "$after" != "$before" ] || fail "the import changed nothing"
duration="$(json_field "$uncut" elapsed)"
read_done="$(json_field "$uncut" read_done)"
[ "$read_done" != None ] || fail "could not see the import read its feed"
tail_seconds="$(py -c "print(round(max(0.05, $duration - $read_done), 3))")"
changed="$(json_field "$uncut" changed)"
[ "$changed" != None ] || fail "could not see the import change the database file"
checkpoint_seconds="$(py -c "print(round(max(0.005, $duration - $changed), 3))")"
note "uncut import: $duration s (feed read after $read_done s, then $tail_seconds s to commit, checkpoint and" \
    "exit; the database file changed $checkpoint_seconds s before the exit)"

# Sets $moment_at to a random number in [LOW, HIGH), from bash's seeded RANDOM (in this shell, not a subshell,
# which would reseed it) so that --seed repeats a run.
random_between() {
    local draw=$((RANDOM * 32768 + RANDOM))
    moment_at="$(py -c "print(round($1 + ($2 - $1) * $draw / 1073741824.0, 4))")"
}

# Checks the roster at $WORK/t.db from fresh processes: rosterdb can read it, it is intact, and it is BEFORE or
# AFTER. Prints "before" or "after".
check_roster() {
    local label="$1" total state
    total="$(query_total "$WORK/t.db")" || fail "$label: rosterdb query failed on the roster left behind"
    state="$(roster_state "$WORK/t.db")"
    [ "$total" = "${state%% *}" ] || fail "$label: rosterdb query sees $total players, sqlite3 ${state%% *}"
    if [ "$state" = "$before" ]; then
        echo before
    elif [ "$state" = "$after" ]; then
        echo after
    else
        fail "$label: MIXED STATE: $state is neither the roster before ($before) nor after ($after)"
    fi
}

fresh_copy() {
    copy_roster "$WORK/before.db" "$WORK/t.db"
}

# Moments: a few right after start; most spread over the reading and writing, at a random share of the feed read
# plus up to 0.3 s; and a quarter in the last phase: the last records, the commit, the checkpoint, the exit. Tied
# to the work done (the feed read, the database file changing), they stay in place however busy the machine is.
early=$(( kills / 10 > 3 ? kills / 10 : 3 )) final=$(( kills / 4 > 6 ? kills / 4 : 6 ))
killed=0 finished=0 saw_before=0 saw_after=0 in_final=0 attempt=0
# A kill that comes after the import has ended does not count: another moment of the same phase is tried instead.
while [ "$killed" -lt "$kills" ]; do
    attempt=$((attempt + 1))
    [ "$attempt" -le $((2 * kills + 10)) ] || fail "only $killed of $attempt kills came before the import ended"
    i=$((killed + 1))
    fresh_copy
    if [ "$i" -le "$early" ]; then
        random_between 0 0.05
        moment=(--delay "$moment_at")
        label="${moment_at} s after start"
    elif [ "$i" -le $((early + final)) ]; then
        # Every other one from the moment the database file itself starts to change: the checkpoint that copies
        # the committed log into it. The others spread over the last phase, measured in the uncut run.
        if [ $((attempt % 2)) = 0 ]; then
            random_between 0 "$(py -c "print($checkpoint_seconds * 0.9)")"
            moment=(--at-change "$WORK/t.db" --delay "$moment_at")
            label="${moment_at} s into the checkpoint"
        else
            random_between 0 "$(py -c "print($tail_seconds * 1.1)")"
            moment=(--after-read "$moment_at" --input "$WORK/feed.ndjson")
            label="${moment_at} s after the feed was read"
        fi
    else
        random_between 0 1
        share="$moment_at"
        random_between 0 0.3
        moment=(--at-input "$share" --delay "$moment_at" --input "$WORK/feed.ndjson")
        label="${moment_at} s after reading $share of the feed"
    fi
    report="$(py "$LIB/signal_run.py" --signal KILL "${moment[@]}" --timeout 900 -- \
        "$ROSTERDB" --db "$WORK/t.db" import "$WORK/feed.ndjson")"
    status="$(json_field "$report" status)"
    # Status 0 after a SIGKILL: the import was already exiting when the signal came.
    if [ "$(json_field "$report" signalled)" = True ] && [ "$status" != 0 ]; then
        [ "$status" = -9 ] || fail "kill $i ($label): expected death by SIGKILL, got status $status"
        killed=$((killed + 1))
        if [ "$i" -gt "$early" ] && [ "$i" -le $((early + final)) ]; then in_final=$((in_final + 1)); fi
    else
        [ "$status" = 0 ] || fail "kill $i: the import ended with $status before the kill: $report"
        finished=$((finished + 1))
    fi
    outcome="$(check_roster "kill $i ($label)")"
    if [ "$status" = 0 ]; then
        [ "$outcome" = after ] || fail "kill $i: the import exited 0 but the roster is not the one after it"
    elif [ "$outcome" = before ]; then
        saw_before=$((saw_before + 1))
    else
        saw_after=$((saw_after + 1))
    fi
    note "kill $i/$kills (try $attempt), $label: status $status, roster $outcome"
done

# SIGTERM and SIGINT while the import reads and writes: a rollback, a message, the documented exit code, soon.
message="Error: interrupted; the roster was left as it was"
terms=0 ints=0 slowest=0
for name in TERM INT; do
    expected=$([ "$name" = TERM ] && echo 143 || echo 130)
    for ((i = 1; i <= signals; i++)); do
        fresh_copy
        # Spread over the reading, from the first megabyte to 90 % of the feed.
        random_between "$(py -c "print(0.9 * ($i - 1) / $signals)")" "$(py -c "print(0.9 * $i / $signals)")"
        at="$moment_at"
        report="$(py "$LIB/signal_run.py" --signal "$name" --at-input "$at" --input "$WORK/feed.ndjson" \
            --timeout 900 -- "$ROSTERDB" --db "$WORK/t.db" import "$WORK/feed.ndjson")"
        status="$(json_field "$report" status)" waited="$(json_field "$report" after_signal)"
        label="SIG$name at $at of the feed"
        [ "$(json_field "$report" signalled)" = True ] || fail "$label: the import had already ended"
        [ "$status" = "$expected" ] || fail "$label: expected exit $expected, got $status: $report"
        [ "$(json_field "$report" stderr)" = "$message" ] || fail "$label: wrong message: $report"
        py -c "import sys; sys.exit(0 if $waited <= 5 else 1)" || fail "$label: took $waited s to exit"
        slowest="$(py -c "print(max($slowest, $waited))")"
        [ "$(check_roster "$label")" = before ] || fail "$label: the roster changed"
        if [ "$name" = TERM ]; then terms=$((terms + 1)); else ints=$((ints + 1)); fi
        note "$label: exit $status after $waited s, roster before"
    done
done

echo "crash-safety: $((killed + terms + ints)) stops ($killed SIGKILL, $terms SIGTERM, $ints SIGINT), 0 mixed" \
    "states, integrity ok; the kills left $saw_before rosters before and $saw_after after ($in_final kills in the" \
    "commit/checkpoint phase; $finished tries came after the import had ended and were repeated); SIGTERM/SIGINT" \
    "exited 143/130 with the message within $slowest s, roster before; feed $feed_size onto $roster_size, uncut" \
    "$duration s, seed $seed"
