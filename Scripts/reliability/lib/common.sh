# Shared by the reliability scripts; sourced, never run. Each script sets SCRIPT_NAME first.
#
# Gives: $LIB (this folder), $WORK (a fresh temporary folder, removed at exit), $ROSTERDB (the release binary),
# fail MESSAGE, note MESSAGE, parse_common_option, py (python3 with a time limit), rdb (rosterdb with a time limit).

LIB="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$LIB/../../.." && pwd)"
ROSTERDB="${ROSTERDB:-}"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/rosterdb-${SCRIPT_NAME}.XXXXXX")"
# Commands to run at exit before $WORK goes (unmounting a file system mounted in it).
EXIT_HOOKS=()
cleanup() {
    local status=$?
    # Children still running (a reader loop, a writer) must not outlive the script or keep files open.
    local children
    children="$(jobs -pr)"
    if [ -n "$children" ]; then
        # shellcheck disable=SC2086
        kill -KILL $children 2>/dev/null || true
        wait 2>/dev/null || true
    fi
    local hook
    for hook in "${EXIT_HOOKS[@]}"; do eval "$hook" || true; done
    rm -rf "$WORK"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Prints the one-line failure and exits non-zero.
fail() {
    echo "$SCRIPT_NAME: FAILED: $*" >&2
    exit 1
}

# Progress for people, on standard error; the result line is the only line on standard output.
note() {
    if [ -z "${QUIET:-}" ]; then echo "$SCRIPT_NAME: $*" >&2; fi
}

# python3 and rosterdb, each bounded: a hang is a failure, never a stuck script.
py() { timeout 600 python3 "$@"; }
rdb() { timeout 120 "$ROSTERDB" "$@"; }

# --binary PATH: use that build of rosterdb instead of building one; --roster N and --feed N set $roster_size and
# $feed_size, which each script defaults. Returns 1 for options it does not know.
parse_common_option() {
    case "$1" in
        --binary) ROSTERDB="$2" ;;
        --quiet) QUIET=1 ;;
        --roster) roster_size="$2" ;;
        --feed) feed_size="$2" ;;
        *) return 1 ;;
    esac
}

# Reads a command line of common options only.
parse_common_options() {
    while [ $# -gt 0 ]; do
        parse_common_option "$@" || fail "unknown option $1"
        case "$1" in --quiet) shift ;; *) shift 2 ;; esac
    done
}

# Counts a check that passed, and says so unless --quiet.
checks=0
pass() { checks=$((checks + 1)); note "ok: $*"; }

# Builds the release binary unless one was given (--binary or $ROSTERDB).
ensure_binary() {
    if [ -z "$ROSTERDB" ]; then
        note "building the release binary"
        (cd "$REPO_ROOT" && timeout 1200 swift build -c release >"$WORK/build.log" 2>&1) \
            || { tail -20 "$WORK/build.log" >&2; fail "swift build -c release failed"; }
        ROSTERDB="$REPO_ROOT/.build/release/rosterdb"
    fi
    [ -x "$ROSTERDB" ] || fail "no rosterdb binary at $ROSTERDB"
    ROSTERDB="$(cd "$(dirname "$ROSTERDB")" && pwd)/$(basename "$ROSTERDB")"
}

# Writes a feed: players FIRST..FIRST+COUNT-1 with the goals of SEED, as NDJSON.
make_feed() {
    py "$LIB/players.py" "$1" "$2" "$3" "$4"
}

# Prints `COUNT SHA256` of a roster after checking its integrity in a fresh process; fails otherwise.
roster_state() {
    local line
    line="$(py "$LIB/dbstate.py" "$1")" || fail "$1: $line"
    echo "${line#ok }"
}

# Copies a roster that nothing has open: the database file and its log, if any (the index is rebuilt from them).
copy_roster() {
    rm -f "$2" "$2-wal" "$2-shm"
    cp "$1" "$2"
    if [ -e "$1-wal" ]; then cp "$1-wal" "$2-wal"; fi
}

# The total that `rosterdb query --format json` reports.
query_total() {
    local json
    json="$(rdb --db "$1" query --format json --per-page 1)" || return 1
    py -c 'import json, sys; print(json.load(sys.stdin)["total"])' <<<"$json"
}

# The value of KEY in the one-line JSON object TEXT (as Python prints it: True, None, …).
json_field() {
    py -c 'import json, sys; print(json.loads(sys.argv[1]).get(sys.argv[2]))' "$1" "$2"
}
