#!/usr/bin/env bash
# Outputs that fail and limits that bite must end with a message and a documented exit code, leave no temporary
# file and leave the roster and any existing output as they were:
# - SIGTERM, SIGINT and SIGHUP during `export --output`, once its temporary file holds a megabyte: exit 143, 130,
#   143, the temporary file removed, the old file unchanged (mode included); and SIGTERM while the export waits to
#   write to a FIFO whose reader does not read;
# - `export --output` over a file size limit (ulimit -f), and into a folder the user cannot write (as nobody);
# - `import`, `query` and `export` under each limit on open files from 3 to 10 (ulimit -n), and under address-space
#   limits from the lowest at which the binary can be loaded at all (ulimit -v): exit 0, or 74 (or 1) with one
#   line of error; never a signal, never a hang; a refused import changes nothing.
#
# Usage: output-and-limits.sh [--binary PATH] [--roster N] [--feed N] [--quiet]
#   --roster N  players in the roster that is exported (default 200,000: an export of about 30 MB, long enough
#               to be stopped half-way)
#   --feed N    players in the feed imported under limits (default 100,000)
set -euo pipefail
SCRIPT_NAME=output-and-limits
source "$(dirname "$0")/lib/common.sh"

roster_size=200000 feed_size=100000
parse_common_options "$@"
ensure_binary

# Runs limited_run.py with the given options; the report's fields go to $report.
limited() { report="$(py "$LIB/limited_run.py" "$@")"; }
field() { json_field "$report" "$1"; }

# Files in a folder with size, mode and hash, but a roster's (reading one may create its -wal and -shm): equal
# listings mean nothing was touched.
snapshot() {
    py -c '
import hashlib, os, stat, sys
folder = sys.argv[1]
for name in sorted(n for n in os.listdir(folder) if not n.startswith(("roster.db", "sample.db"))):
    path = os.path.join(folder, name)
    info = os.lstat(path)
    digest = hashlib.sha256(open(path, "rb").read()).hexdigest() if stat.S_ISREG(info.st_mode) else "-"
    print(name, oct(info.st_mode), info.st_size, digest)' "$1"
}

note "building a roster of $roster_size players"
make_feed 1 "$roster_size" 1 "$WORK/roster.ndjson"
mkdir -m 755 "$WORK/export"
roster="$WORK/export/roster.db"
rdb --db "$roster" import --quiet "$WORK/roster.ndjson" || fail "could not build the roster"
rm -f "$WORK/roster.ndjson"
roster_before="$(roster_state "$roster")"

# --- Signals during export --output -----------------------------------------------------------------------------
out="$WORK/export/out.json"
for signal_name in TERM INT HUP; do
    printf 'the previous export\n' >"$out"
    chmod 640 "$out"
    files="$(snapshot "$WORK/export")"
    limited --signal "$signal_name" --at-file "$out.tmp-*" --min-size 1048576 -- \
        "$ROSTERDB" --db "$roster" export --output "$out"
    [ "$(field signalled)" = True ] || fail "SIG$signal_name: the export ended before its temporary file held 1 MB;" \
        "use a larger --roster"
    expected=143
    [ "$signal_name" = INT ] && expected=130
    [ "$(field status)" = "$expected" ] || fail "SIG$signal_name: expected exit $expected, got $report"
    [ "$(field stderr)" = "Error: interrupted; $out was left as it was" ] \
        || fail "SIG$signal_name: unexpected message: $report"
    [ "$(snapshot "$WORK/export")" = "$files" ] || fail "SIG$signal_name: a file was left or changed:
$(snapshot "$WORK/export")"
    pass "SIG$signal_name half-way through export --output: exit $expected, temporary file removed, old file kept"
done

fifo="$WORK/export/stalled.fifo"
mkfifo "$fifo"
limited --signal TERM --stalled-fifo "$fifo" --timeout 30 -- "$ROSTERDB" --db "$roster" export --output "$fifo"
[ "$(field signalled)" = True ] && [ "$(field status)" = 143 ] && [ "$(field hung)" = False ] \
    || fail "SIGTERM while writing to a FIFO nobody reads: $report"
[ "$(field stderr)" = "Error: interrupted; $fifo is incomplete" ] \
    || fail "SIGTERM while writing to a stalled FIFO: unexpected message: $report"
rm -f "$fifo"
pass "SIGTERM while export waits to write to a FIFO nobody reads: exit 143 after $(field after_signal) s"

printf 'the previous export\n' >"$out"
files="$(snapshot "$WORK/export")"
limited --file-size 1024 -- "$ROSTERDB" --db "$roster" export --output "$out"
[ "$(field status)" = 74 ] && [ "$(field stderr)" = "Error: cannot write $out: File too large" ] \
    || fail "export over ulimit -f 1024: $report"
[ "$(snapshot "$WORK/export")" = "$files" ] || fail "export over ulimit -f: a file was left or changed"
pass "export over a 1 MiB file size limit: exit 74, File too large, nothing left"
[ "$(roster_state "$roster")" = "$roster_before" ] || fail "the roster changed during the exports"

# --- An output folder this user cannot write ---------------------------------------------------------------------
if [ "$(id -u)" = 0 ]; then
    chmod 755 "$WORK"
    mkdir -m 755 "$WORK/public" "$WORK/public/ro"
    cp "$ROSTERDB" "$WORK/public/rosterdb"
    rdb --db "$WORK/public/sample.db" init --sample >/dev/null
    chmod 644 "$WORK/public/sample.db"
    printf 'kept\n' >"$WORK/public/ro/out.json"
    chmod 666 "$WORK/public/ro/out.json"
    files="$(snapshot "$WORK/public/ro")"
    errors="$(timeout 60 setpriv --reuid=65534 --regid=65534 --clear-groups "$WORK/public/rosterdb" \
        --db "$WORK/public/sample.db" export -o "$WORK/public/ro/out.json" 2>&1 >/dev/null)" && status=0 || status=$?
    [ "$status" = 74 ] && [ "$errors" = "Error: cannot write $WORK/public/ro/out.json: Permission denied (the file is"\
" replaced through a new file beside it, which cannot be created there)" ] \
        || fail "export into a read-only folder as nobody: exit $status: $errors"
    [ "$(snapshot "$WORK/public/ro")" = "$files" ] || fail "export into a read-only folder: the folder changed"
    pass "export as nobody to a writable file in a folder it cannot write: exit 74, the reason named"
fi

# --- Limits on open files ------------------------------------------------------------------------------------------
note "limits on open files"
make_feed 1 "$feed_size" 2 "$WORK/feed.ndjson"
small="$WORK/small"
mkdir "$small"
rdb --db "$small/before.db" init --sample >/dev/null
small_before="$(roster_state "$small/before.db")"

# Checks the last report: exit 0, or one of the codes in $1 with one line `Error: …`; never a signal or a hang.
check_ended() {
    local label="$1" allowed="$2" status
    status="$(field status)"
    [ "$(field hung)" = False ] || fail "$label: hung"
    [ "$status" != None ] && [ "$status" -ge 0 ] || fail "$label: ended by a signal: $report"
    if [ "$status" != 0 ]; then
        case " $allowed " in *" $status "*) ;; *) fail "$label: exit $status: $report" ;; esac
        py -c 'import json, sys; e = json.loads(sys.argv[1])["stderr"]
sys.exit(0 if e.startswith("Error: ") and e.count("\n") == 1 and e.endswith("\n") else 1)' "$report" \
            || fail "$label: not one line of error: $report"
    fi
}

nofile_summary=""
for limit in 3 4 5 6 7 8 9 10; do
    copy_roster "$small/before.db" "$small/roster.db"
    limited --nofile "$limit" -- "$ROSTERDB" --db "$small/roster.db" import "$WORK/feed.ndjson"
    check_ended "import under ulimit -n $limit" 74
    import_status="$(field status)"
    if [ "$import_status" != 0 ]; then
        [ "$(roster_state "$small/roster.db")" = "$small_before" ] || fail "ulimit -n $limit: the roster changed"
    fi
    limited --nofile "$limit" -- "$ROSTERDB" --db "$small/before.db" query --all --format csv
    check_ended "query under ulimit -n $limit" 74
    query_status="$(field status)"
    limited --nofile "$limit" -- "$ROSTERDB" --db "$small/before.db" export -o "$small/out.json"
    check_ended "export under ulimit -n $limit" 74
    nofile_summary+=" $limit:$import_status/$query_status/$(field status)"
    ls "$small" | grep -q '\.tmp-' && fail "export under ulimit -n $limit left a temporary file"
done
pass "ulimit -n 3 to 10 (import/query/export exit):$nofile_summary"

# --- Limits on address space -------------------------------------------------------------------------------------
note "limits on address space"
address_summary="" lowest_start=""
for limit in 8000 9000 9500 10000 11000 12000 14000 16000 18000 20000 25000 30000; do
    limited --address-space "$limit" -- "$ROSTERDB" --version
    if [ "$(field status)" != 0 ]; then
        # The kernel cannot map the static binary's ~9.5 MB of code and data: nothing of rosterdb runs.
        [ -z "$lowest_start" ] || fail "ulimit -v $limit: --version fails although $lowest_start KiB sufficed"
        address_summary+=" $limit:cannot-load"
        continue
    fi
    lowest_start="${lowest_start:-$limit}"
    copy_roster "$small/before.db" "$small/roster.db"
    limited --address-space "$limit" --timeout 300 -- "$ROSTERDB" --db "$small/roster.db" import "$WORK/feed.ndjson"
    check_ended "import under ulimit -v $limit" "1 74"
    import_status="$(field status)"
    if [ "$import_status" != 0 ]; then
        [ "$(roster_state "$small/roster.db")" = "$small_before" ] || fail "ulimit -v $limit: the roster changed"
    fi
    limited --address-space "$limit" -- "$ROSTERDB" --db "$small/before.db" query --all --format csv
    check_ended "query under ulimit -v $limit" "1 74"
    query_status="$(field status)"
    limited --address-space "$limit" -- "$ROSTERDB" --db "$small/before.db" export -o "$small/out.json"
    check_ended "export under ulimit -v $limit" "1 74"
    address_summary+=" $limit:$import_status/$query_status/$(field status)"
done
[ -n "$lowest_start" ] || fail "rosterdb --version failed under every address-space limit tried"
pass "ulimit -v (KiB: import/query/export exit):$address_summary"

echo "output-and-limits: $checks checks passed: SIGTERM/SIGINT/SIGHUP during export --output exit 143/130/143" \
    "with the temporary file removed and the old file kept; a stalled FIFO stops on SIGTERM; ulimit -f and a" \
    "read-only folder exit 74; ulimit -n 3-10:$nofile_summary; ulimit -v:$address_summary (import/query/export)"
