#!/usr/bin/env bash
# Writes that cannot happen must fail with a clear message and the right exit code, and leave the roster exactly as
# it was: an import over a file size limit (`ulimit -f`) and onto a full disk (a small tmpfs, when this machine
# lets root mount one), an import into a roster file the user cannot write, and --db pointing at a directory, at a
# path in a missing directory, and at files that are not rosters. A roster the user cannot write must still be
# readable: `query` and `show` work on it, with or without its -wal and -shm files, and see commits still in the
# log of a writer that has it open.
#
# Usage: disk-full-and-read-only.sh [--binary PATH] [--roster N] [--feed N] [--quiet]
#   --roster N  players in the roster (default 20,000)
#   --feed N    players in the feed that cannot be written (default 60,000)
set -euo pipefail
SCRIPT_NAME=disk-full-and-read-only
source "$(dirname "$0")/lib/common.sh"

roster_size=20000 feed_size=60000
parse_common_options "$@"
ensure_binary

make_feed 1 "$roster_size" 1 "$WORK/roster.ndjson"
make_feed 1 "$feed_size" 2 "$WORK/feed.ndjson"
rdb --db "$WORK/before.db" import --quiet "$WORK/roster.ndjson" || fail "could not build the roster"
before="$(roster_state "$WORK/before.db")"
probe=$((roster_size / 2))
probe_goals="$(py "$LIB/players.py" goals "$probe" 1)"

# Runs a command (with a time limit; functions set their own) and keeps its exit status and standard error in
# $status and $errors.
run() {
    status=0
    if declare -F "$1" >/dev/null; then
        errors="$("$@" 2>&1 >/dev/null)" || status=$?
    else
        errors="$(timeout 120 "$@" 2>&1 >/dev/null)" || status=$?
    fi
}

# Fails unless the last run exited $1 with exactly the message $2.
expect_failure() {
    [ "$status" = "$1" ] && [ "$errors" = "$2" ] \
        || fail "$3: expected exit $1 and \"$2\", got exit $status and \"$errors\""
}

# A listing of a folder with sizes and a hash of each file: equal listings mean nothing was touched.
snapshot() {
    py -c '
import hashlib, os, sys
folder = sys.argv[1]
for name in sorted(os.listdir(folder)):
    path = os.path.join(folder, name)
    if os.path.isfile(path):
        print(name, os.path.getsize(path), hashlib.sha256(open(path, "rb").read()).hexdigest())
    else:
        print(name, "folder")' "$1"
}

# --- A file size limit: neither the log nor the database may grow past it -------------------------------------
size_kb=$(( $(stat -c %s "$WORK/before.db") / 1024 ))
for limit in $((size_kb / 2)) $((size_kb + 64)) $((size_kb * 2)); do
    copy_roster "$WORK/before.db" "$WORK/limited.db"
    # SIGXFSZ ignored, in the shell that runs rosterdb, so that write(2) fails with EFBIG instead of killing it.
    run bash -c 'trap "" XFSZ; ulimit -f "$1"; shift; exec "$@"' - "$limit" \
        "$ROSTERDB" --db "$WORK/limited.db" import "$WORK/feed.ndjson"
    expect_failure 74 "Error: cannot write the roster database: disk I/O error (the file size limit was reached)" \
        "import under ulimit -f $limit"
    [ "$(roster_state "$WORK/limited.db")" = "$before" ] || fail "ulimit -f $limit: the roster changed"
    [ "$(query_total "$WORK/limited.db")" = "$roster_size" ] || fail "ulimit -f $limit: query fails afterwards"
    pass "ulimit -f $limit KiB: exit 74, file size limit named, roster unchanged"
done

# --- A full disk: a tmpfs just larger than the roster -----------------------------------------------------------
disk_full=skipped
mkdir "$WORK/small-disk"
if timeout 10 mount -t tmpfs -o size=$((size_kb + 1024))k tmpfs "$WORK/small-disk" 2>/dev/null; then
    EXIT_HOOKS+=("umount '$WORK/small-disk'")
    copy_roster "$WORK/before.db" "$WORK/small-disk/roster.db"
    run "$ROSTERDB" --db "$WORK/small-disk/roster.db" import "$WORK/feed.ndjson"
    [ "$status" = 74 ] || fail "import onto a full disk: expected exit 74, got $status: $errors"
    case "$errors" in
        "Error: cannot write the roster database: "*"(the disk is full)") ;;
        *) fail "import onto a full disk: unclear message: $errors" ;;
    esac
    [ "$(roster_state "$WORK/small-disk/roster.db")" = "$before" ] || fail "full disk: the roster changed"
    disk_full="exit 74 ($errors)"
    pass "full disk: $disk_full, roster unchanged"
fi

# --- A roster this user cannot write -----------------------------------------------------------------------------
# Root may write any file, so the reader is nobody, running a copy of rosterdb it can reach.
as_nobody() {
    if [ "$(id -u)" = 0 ]; then
        timeout 120 setpriv --reuid=65534 --regid=65534 --clear-groups "$WORK/public/rosterdb" "$@"
    else
        timeout 120 "$WORK/public/rosterdb" "$@"
    fi
}
chmod 755 "$WORK"
mkdir -m 755 "$WORK/public" "$WORK/public/ro"
cp "$ROSTERDB" "$WORK/public/rosterdb"
chmod 644 "$WORK/feed.ndjson"
readonly_db="$WORK/public/ro/roster.db"
refused="Error: cannot write $readonly_db: the file is read-only for this user (Permission denied);"
refused+=" it was left untouched"

# Checks that nobody can query and show the roster but not import into it, and that nothing was touched.
check_read_only() {
    local label="$1" expected_goals="$2" files
    files="$(snapshot "$WORK/public/ro")"
    run as_nobody --db "$readonly_db" query --format json --per-page 1
    [ "$status" = 0 ] || fail "$label: query exited $status: $errors"
    [ "$(as_nobody --db "$readonly_db" query --format json --per-page 1 \
        | py -c 'import json, sys; print(json.load(sys.stdin)["total"])')" = "$roster_size" ] \
        || fail "$label: query does not see $roster_size players"
    run as_nobody --db "$readonly_db" show "$probe"
    [ "$status" = 0 ] || fail "$label: show exited $status: $errors"
    [ "$(json_field "$(as_nobody --db "$readonly_db" show "$probe" --format json)" goals)" = "$expected_goals" ] \
        || fail "$label: show $probe does not print $expected_goals goals"
    run as_nobody --db "$readonly_db" import "$WORK/feed.ndjson"
    expect_failure 74 "$refused" "$label: import"
    [ "$(snapshot "$WORK/public/ro")" = "$files" ] || fail "$label: files in the roster's folder changed"
    pass "$label: query and show work, import exits 74, nothing touched"
}

copy_roster "$WORK/before.db" "$readonly_db"
rdb --db "$readonly_db" query --per-page 1 >/dev/null  # as rosterdb leaves it: with its -wal and -shm files
chmod 444 "$readonly_db"
check_read_only "read-only file with its log files" "$probe_goals"
rm -f "$readonly_db-wal" "$readonly_db-shm"
check_read_only "read-only file without log files" "$probe_goals"
chmod 644 "$readonly_db"
check_read_only "root's file (0644), read-only for nobody" "$probe_goals"

# A writer has the roster open, with a commit still in the log: nobody must see it.
timeout 120 python3 - "$readonly_db" "$probe" "$WORK/holder.ready" "$WORK/holder.done" <<'PYTHON' &
import os, sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("PRAGMA wal_autocheckpoint = 0")
connection.execute("UPDATE players SET goals = 4242 WHERE id = ?", (int(sys.argv[2]),))
open(sys.argv[3], "w").close()
while not os.path.exists(sys.argv[4]):
    time.sleep(0.05)
connection.close()
PYTHON
holder=$!
timeout 30 bash -c 'until [ -e "$1" ]; do sleep 0.05; done' - "$WORK/holder.ready" || fail "the holder did not start"
[ "$(stat -c %s "$readonly_db-wal")" -gt 0 ] || fail "the holder's commit is not in the log"
check_read_only "read-only for nobody, a writer's commit still in the log" 4242
touch "$WORK/holder.done"
wait "$holder"

# --- --db that is not a roster -----------------------------------------------------------------------------------
mkdir "$WORK/odd"
mkdir "$WORK/odd/folder.db"
printf 'name,position\nLionel Messi,RW\n' >"$WORK/odd/text.db"
py -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute("CREATE TABLE invoices (id INTEGER)")' \
    "$WORK/odd/other.db"
odd="$(snapshot "$WORK/odd")"
for command in query import; do
    arguments=(query --per-page 1)
    [ "$command" = import ] && arguments=(import "$WORK/feed.ndjson")

    run "$ROSTERDB" --db "$WORK/odd/folder.db" "${arguments[@]}"
    expect_failure 1 "Error: $WORK/odd/folder.db is a directory, not a roster database" "$command into a directory"

    run "$ROSTERDB" --db "$WORK/odd/missing/roster.db" "${arguments[@]}"
    if [ "$command" = import ]; then
        expect_failure 74 "Error: cannot create $WORK/odd/missing/roster.db: its folder does not exist" \
            "import into a missing folder"
    else
        expect_failure 1 "Error: no roster database at $WORK/odd/missing/roster.db — create one with 'rosterdb init'"\
" or 'rosterdb import FILE'" "query in a missing folder"
    fi

    run "$ROSTERDB" --db "$WORK/odd/text.db" "${arguments[@]}"
    expect_failure 1 "Error: $WORK/odd/text.db is not an SQLite database; it was left untouched" "$command into text"

    run "$ROSTERDB" --db "$WORK/odd/other.db" "${arguments[@]}"
    expect_failure 1 "Error: $WORK/odd/other.db is an SQLite database but not a rosterdb roster (it has no"\
" schema_migrations table); it was left untouched" "$command into another program's database"

    [ "$(snapshot "$WORK/odd")" = "$odd" ] || fail "$command: something in the folder changed"
    pass "$command: a directory (1), a missing folder ($([ "$command" = import ] && echo 74 || echo 1)), text (1)," \
        "another program's database (1); nothing touched"
done

echo "disk-full-and-read-only: $checks checks passed: ulimit -f (3 limits) exit 74 with the limit named and the" \
    "roster unchanged; full disk: $disk_full; read-only roster as nobody (4 ways): query and show work, import" \
    "exits 74, nothing touched; --db at a directory, a missing folder, text, another database: clear errors," \
    "nothing touched; integrity ok"
