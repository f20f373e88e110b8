#!/usr/bin/env bash
# `rosterdb serve` under bursts far past its threads and its 256 connections, under limits on descriptors, address
# space and threads, and with slow readers and slow writers at once: every request must be answered (200, or 503
# with Retry-After), and after each burst the server must give back what it took, within seconds:
# - bursts of quick requests, of streamed lists and of a mix (pages, web pages, lists read slowly, and clients that
#   send their request's head a line every 2 s and never finish it), with --threads 2 and --threads 1;
# - the mix again under `ulimit -n` and under `ulimit -v` (the server's own size and 24 MB more);
# - with no thread to start (a limit on processes, as nobody; root only): exit 74 with one line;
# after each burst the server's descriptors come back to the baseline (those on the roster to at most one for each
# stream of the burst: SQLite keeps a closed connection's descriptor for the next while others hold the roster
# locked), and its resident memory to within 8 MB of the baseline; SIGTERM at the end exits 0.
#
# Usage: server-exhaustion.sh [--binary PATH] [--roster N] [--burst N] [--streams N] [--slow N] [--quiet]
#   --roster N   players in the roster (default 20,000)
#   --burst N    quick requests in a burst (default 600; the mixes take a third of it)
#   --streams N  streamed lists in a burst (default 300)
#   --slow N     slow readers, and as many slow writers, in each mix (default 100)
set -euo pipefail
SCRIPT_NAME=server-exhaustion
source "$(dirname "$0")/lib/common.sh"

roster_size=20000 burst=600 streams=300 slow=100
while [ $# -gt 0 ]; do
    case "$1" in
        --burst) burst="$2" ;;
        --streams) streams="$2" ;;
        --slow) slow="$2" ;;
        *) parse_common_option "$@" || fail "unknown option $1" ;;
    esac
    case "$1" in --quiet) shift ;; *) shift 2 ;; esac
done
ensure_binary

note "building a roster of $roster_size players"
make_feed 1 "$roster_size" 1 "$WORK/roster.ndjson"
roster="$WORK/roster.db"
rdb --db "$roster" import --quiet "$WORK/roster.ndjson" || fail "could not build the roster"
rm -f "$WORK/roster.ndjson"

# Starts the server under the limits given before `--`, each one word of ulimit options ("-n 64"; none for no
# limit), with the serve options after it; sets $pid, $port, $errors (its standard error) and $threads.
start_server() {
    local limits=()
    while [ "$1" != -- ]; do
        limits+=("$1")
        shift
    done
    shift
    threads=2
    [ "${1:-}" = --threads ] && threads="$2"
    errors="$WORK/serve-$((++servers)).err"
    # Made before the server starts: the background shell opens it when it is scheduled, and a busy machine may
    # run the first look for the port before that.
    : >"$errors"
    (
        for limit in "${limits[@]}"; do eval "ulimit $limit"; done
        exec "$ROSTERDB" --db "$roster" serve --port 0 "$@"
    ) 2>"$errors" &
    pid=$!
    port=""
    for _ in $(seq 1 300); do
        port="$(sed -n 's|^Serving .* at http://127.0.0.1:\([0-9]*\)/$|\1|p' "$errors")"
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || fail "the server did not start: $(cat "$errors")"
    # Each kind of answer once, so that the baseline holds what a server that has answered holds.
    for path in /api/players/7 "/api/players?per_page=100" "/?sort=goals" "/api/players?format=ndjson"; do
        py -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1]).read()' \
            "http://127.0.0.1:$port$path" || fail "the server did not answer $path: $(cat "$errors")"
    done
    sleep 0.5
}

# Stops the server with SIGTERM; it must exit 0.
stop_server() {
    kill -TERM "$pid"
    local status=0
    wait "$pid" || status=$?
    [ "$status" = 0 ] || fail "the server exited $status on SIGTERM: $(tail -5 "$errors")"
    if grep -q "Fatal error" "$errors"; then fail "the server crashed: $(grep -m1 "Fatal error" "$errors")"; fi
}

# Runs one burst (server_burst.py's options) against the running server and checks its report; LABEL names it.
figures=""
total_requests=0
burst() {
    local label="$1" report status=0 summary
    shift
    report="$(py "$LIB/server_burst.py" "$port" "$pid" "$roster" --threads "$threads" "$@")" || status=$?
    [ -n "$report" ] || fail "$label: the burst reported nothing"
    # The figures: in full on standard error (unless --quiet), and in short for the result line.
    if [ -n "${QUIET:-}" ]; then
        summary="$(py "$LIB/server_burst.py" --summary "$label" "$report" 2>/dev/null)"
    else
        summary="$(py "$LIB/server_burst.py" --summary "$label" "$report")"
    fi
    [ "$status" = 0 ] || fail "$label: $(json_field "$report" problems)"
    total_requests=$((total_requests + $(json_field "$report" requests)))
    figures+="; $summary"
    pass "$label"
}

third=$((burst / 3))
mix=(--requests "/api/players/7=$third" --requests "/api/players?per_page=100&sort=goals:desc=$((third / 2))"
    --requests "/?sort=goals=$((third / 2))" --slow-readers "$slow" --slow-writers "$slow")
servers=0

note "--threads 2, no limit"
start_server -- --threads 2
burst "quick" --requests "/api/players/7=$burst"
burst "streams" --requests "/api/players?format=ndjson=$streams"
burst "streams again" --requests "/api/players?format=ndjson=$streams"
burst "mix" "${mix[@]}"
stop_server

note "--threads 1"
start_server -- --threads 1
burst "one thread" "${mix[@]}" --requests "/api/players?format=csv=$third"
stop_server

note "ulimit -n 64"
start_server "-n 64" -- --threads 2
burst "ulimit -n 64" "${mix[@]}" --requests "/api/players?format=ndjson=$third"
stop_server

# The server's own size once it has answered, under a limit (its threads then share one heap), and 24 MB more.
start_server "-v 4000000" -- --threads 2
mapped="$(sed -n 's/^VmSize:[[:space:]]*\([0-9]*\) kB$/\1/p' "/proc/$pid/status")"
stop_server
address_space=$((mapped + 24 * 1024))
note "ulimit -v $address_space"
start_server "-v $address_space" -- --threads 2
burst "ulimit -v $((address_space / 1024)) MB" "${mix[@]}" --requests "/api/players?format=ndjson=$third"
stop_server

threads_check="not run (needs root and setpriv)"
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
    chmod 755 "$WORK"
    chmod 644 "$roster" "$roster-wal" "$roster-shm" 2>/dev/null || true
    cp "$ROSTERDB" "$WORK/rosterdb"
    status=0
    message="$(timeout 30 setpriv --reuid=65534 --regid=65534 --clear-groups bash -c \
        'ulimit -u 1 && exec "$0" --db "$1" serve --port 0 --threads 4' "$WORK/rosterdb" "$roster" 2>&1)" \
        || status=$?
    [ "$status" = 74 ] && [ "$(printf '%s\n' "$message" | wc -l)" = 1 ] \
        && [[ "$message" == "Error: the HTTP server could not start: "* ]] \
        || fail "no thread to start: exit $status: $message"
    threads_check="exit 74, one line"
    pass "no thread to start: $message"
fi

echo "server-exhaustion: $checks checks passed, $total_requests requests each answered 200 or 503 with Retry-After," \
    "descriptors back to the baseline after every burst (but for those SQLite keeps on the roster for its next" \
    "connections, one per stream at the peak) and memory within 8 MB of it${figures}; no thread to start:" \
    "$threads_check"
