#!/usr/bin/env bash
# A user who cannot write the roster (nobody) must read one committed state of it while its owner (root) writes,
# whatever writes it and however the files beside it stand: `export` of every player, in a loop, while another
# program commits over one connection, or reconnects for each commit (as the sqlite3 shell does, deleting -wal and
# -shm when it disconnects), or commits in rollback-journal mode, or while `rosterdb import` runs; in a folder the
# reader cannot write and in one it can. Every export must exit 0 with the rows of one state, the readers must
# see several states, nothing may be left beside the roster that belongs to the reader, and no private copy may
# stay behind in the temporary folder.
#
# Usage: read-only-readers.sh [--binary PATH] [--roster N] [--calls N] [--quiet]
#   --roster N  players in the roster (default 5,000)
#   --calls N   exports per writer and folder (default 40)
# WRITERS and FOLDERS, if set, narrow the runs (e.g. WRITERS=rollback FOLDERS=755).
set -euo pipefail
SCRIPT_NAME=read-only-readers
source "$(dirname "$0")/lib/common.sh"

roster_size=5000 calls=40
while [ $# -gt 0 ]; do
    case "$1" in
        --calls) calls="$2" ;;
        *) parse_common_option "$@" || fail "unknown option $1" ;;
    esac
    case "$1" in --quiet) shift ;; *) shift 2 ;; esac
done
ensure_binary
if [ "$(id -u)" != 0 ]; then
    echo "read-only-readers: skipped: it writes as root while nobody reads, and this is not root"
    exit 0
fi

# nobody must reach the binary, the roster and the feeds: all of it in a folder open to everyone.
chmod 755 "$WORK"
mkdir -m 755 "$WORK/public"
cp "$ROSTERDB" "$WORK/public/rosterdb"
make_feed 1 "$roster_size" 1 "$WORK/public/seed1.ndjson"
make_feed 1 "$roster_size" 2 "$WORK/public/seed2.ndjson"
rdb --db "$WORK/roster.db" import --quiet "$WORK/public/seed1.ndjson" || fail "could not build the roster"
export TMPDIR="$WORK/public/tmp"
mkdir -m 1777 "$TMPDIR"

results=()
for folder_mode in ${FOLDERS:-755 1777}; do
    for writer in ${WRITERS:-connection reconnect rollback import}; do
        folder="$WORK/public/$writer-$folder_mode"
        mkdir -m "$folder_mode" "$folder"
        copy_roster "$WORK/roster.db" "$folder/roster.db"
        chmod 644 "$folder/roster.db"
        label="$writer, folder $folder_mode"
        tally="$(py "$LIB/readonly_readers.py" "$WORK/public/rosterdb" "$folder/roster.db" "$writer" "$calls" \
            --feeds "$WORK/public/seed1.ndjson,$WORK/public/seed2.ndjson")" || fail "$label: $tally"
        # Files of the reader's beside the roster would be read-only for its owner.
        strays="$(find "$folder" "$TMPDIR" -mindepth 1 -user nobody)"
        [ -z "$strays" ] || fail "$label: the reader left $strays"
        roster_state "$folder/roster.db" >/dev/null
        note "ok: $label: $tally"
        results+=("$writer/$folder_mode $(json_field "$tally" calls) calls $(json_field "$tally" states) states")
    done
done

echo "read-only-readers: ${#results[@]} runs, every export one committed state, nothing left by the reader:" \
    "$(IFS=';'; echo "${results[*]}")"
