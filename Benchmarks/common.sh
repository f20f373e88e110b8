# shellcheck shell=bash
# Shared by the benchmark scripts (sourced, not run): tool checks, the release build, the generated data, the
# rosters built from it, GNU time's figures and a temporary folder. Callers have already done `set -euo pipefail`
# and cd'd to the repository root.

DATA="$PWD/Benchmarks/data"
TMP="$(mktemp -d)"
# Everything a run creates besides Benchmarks/data and Benchmarks/.venv lives here and goes away at exit.
trap 'rm -rf "$TMP"' EXIT

note() { printf '%s\n' "$*" >&2; }
die() { note "error: $*"; exit 2; }

# A command as printed in reports: paths relative to the repository root, the run's temporary folder as $TMP.
shown() { local text="${1//"$TMP"/\$TMP}"; printf '%s' "${text//"$PWD"\//}"; }

# Quotes one word for both sh -c and hyperfine -N (which splits POSIX-style): '…' with ' written as '\''.
q() { printf "'%s'" "${1//\'/\'\\\'\'}"; }

require_tools() {
    local tool missing=()
    for tool in "$@"; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
    if [ ${#missing[@]} -gt 0 ]; then
        # All are Debian packages of the same name (GNU time provides /usr/bin/time).
        die "missing ${missing[*]}; install with: apt-get install -y ${missing[*]/\/usr\/bin\/time/time}"
    fi
}

# The release build, as users get it (static binary). Sets ROSTERDB to its absolute path.
build_release() {
    # A ~/.sqliterc would change what the sqlite3 CLI prints and does; say so rather than hide it.
    [ ! -e "$HOME/.sqliterc" ] || note "NOTE: $HOME/.sqliterc exists and is read by every sqlite3 run below."
    note "Building release (swift build -c release)…"
    swift build -c release >&2
    ROSTERDB="$(swift build -c release --show-bin-path)/rosterdb"
    [ -x "$ROSTERDB" ] || die "no binary at $ROSTERDB"
}

# The release build of commit $1 in a temporary git worktree, removed on exit. Sets BUILT to its binary's path.
build_release_of() {
    note "Building $1 in a temporary worktree (swift build -c release)…"
    git worktree add --detach --quiet "$TMP/before" "$1"
    trap 'git worktree remove --force "$TMP/before" 2>/dev/null || true; rm -rf "$TMP"' EXIT
    (cd "$TMP/before" && swift build -c release >&2)
    # shellcheck disable=SC2034  # read by the script that sources this file
    BUILT="$(cd "$TMP/before" && swift build -c release --show-bin-path)/rosterdb"
}

# Both sides run from fresh copies in $TMP: the same binary starts measurably faster from a copy than from the file
# the linker wrote, and two builds are linked at different moments. Sets BEFORE and AFTER to the copies.
copy_sides() {
    cp "$1" "$TMP/rosterdb-before" && cp "$2" "$TMP/rosterdb-after"
    # shellcheck disable=SC2034  # read by the script that sources this file
    BEFORE="$TMP/rosterdb-before" AFTER="$TMP/rosterdb-after"
}

# Which names the generated players carry: "" for the generator's default few thousand, "-diverse" for its
# --diverse mode (hundreds of thousands of distinct name words, as real registries have). Set by take_data_option.
KIND=""

# Handles an option about the generated data; returns 1 for any other argument.
take_data_option() {
    case "$1" in
        --diverse) KIND="-diverse" ;;
        *) return 1 ;;
    esac
}

# The path of the generated players: players_file COUNT EXTENSION.
players_file() { printf '%s/players%s-%s.%s' "$DATA" "$KIND" "$1" "$2"; }

# Benchmarks/data/players[-diverse]-COUNT.{json,ndjson,csv}, generated once: the generator is deterministic, so
# files left by an earlier run are the same bytes.
ensure_players() {
    local count="$1" ext
    for ext in json ndjson csv; do
        [ -f "$(players_file "$count" "$ext")" ] || break
        [ "$ext" != csv ] || return 0
    done
    note "Generating $count players${KIND:+ (--diverse)} into Benchmarks/data/…"
    python3 Benchmarks/generate_players.py "$count" "$DATA" ${KIND:+--diverse}
}

# Benchmarks/data/players[-diverse]-COUNT.EXT alone, EXT ndjson or csv, generated once (streamed by the generator
# into a temporary file, then moved into place; the same bytes as ensure_players writes): at ten million players
# the other formats would add gigabytes that nothing reads. Usage: ensure_format COUNT EXT.
ensure_format() {
    local count="$1" ext="$2" file format=()
    file="$(players_file "$count" "$ext")"
    [ ! -f "$file" ] || return 0
    [ "$ext" != csv ] || format=(--csv)
    mkdir -p "$DATA"
    note "Generating $count players${KIND:+ (--diverse)} as $ext into Benchmarks/data/…"
    python3 Benchmarks/generate_players.py "$count" - ${KIND:+--diverse} "${format[@]}" >"$TMP/players.$ext"
    mv "$TMP/players.$ext" "$file"
}

# The path of the roster of COUNT generated players that ensure_roster builds.
roster_file() { printf '%s/roster%s-%s.db' "$DATA" "$KIND" "$1"; }

# Benchmarks/data/roster[-diverse]-COUNT.db, built by `rosterdb import players[-diverse]-COUNT.ndjson` once and
# reused: a complete one has all COUNT players (an import is all-or-nothing) and is moved into place only when done.
# (The JSON, NDJSON and CSV files hold the same players with the same ids, so the roster is the same from any.)
# Migrations of a roster built by an older rosterdb are applied here, not while measuring. Needs build_release.
ensure_roster() {
    local count="$1" db
    db="$(roster_file "$count")"
    if [ ! -f "$db" ] || [ "$(sqlite3 "$db" 'SELECT count(*) FROM players' 2>/dev/null)" != "$count" ]; then
        ensure_format "$count" ndjson
        note "Building $(shown "$db") with rosterdb import…"
        rm -f "$db" "$db-wal" "$db-shm" "$TMP/roster.db" "$TMP/roster.db-wal" "$TMP/roster.db-shm"
        "$ROSTERDB" --db "$TMP/roster.db" import "$(players_file "$count" ndjson)" >&2
        [ ! -e "$TMP/roster.db-wal" ] || sqlite3 "$TMP/roster.db" 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null
        mv "$TMP/roster.db" "$db"
    fi
    "$ROSTERDB" --db "$db" init >&2
}

# The size on disk of roster $1 (the file, and its write-ahead log when one is left), per player, and per table and
# index (SQLite's dbstat), as Markdown.
print_roster_size() {
    local db="$1" players bytes wal
    players="$(sqlite3 "$db" 'SELECT count(*) FROM players')"
    bytes="$(stat -c %s "$db")"
    wal="$(stat -c %s "$db-wal" 2>/dev/null || echo 0)"
    printf -- '- %s: %s bytes (%s MB) for %s players: **%s bytes/player**' "$(shown "$db")" "$bytes" \
        "$(mib "$bytes")" "$players" "$(awk -v b="$bytes" -v n="$players" 'BEGIN { printf "%.1f", b / n }')"
    [ "$wal" = 0 ] && echo || printf '; write-ahead log %s bytes\n' "$wal"
    printf -- '- free pages: %s of %s (%s bytes each)\n' "$(sqlite3 "$db" 'PRAGMA freelist_count')" \
        "$(sqlite3 "$db" 'PRAGMA page_count')" "$(sqlite3 "$db" 'PRAGMA page_size')"
    echo
    if sqlite3 "$db" 'SELECT 1 FROM dbstat LIMIT 1' >/dev/null 2>&1; then
        echo "| table or index | MB | bytes/player | share |"
        echo "| --- | ---: | ---: | ---: |"
        sqlite3 -separator ' ' "$db" 'SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC, 1' \
            | awk -v n="$players" -v total="$bytes" '{ printf "| %s | %.1f | %.1f | %.1f%% |\n", $1, $2 / 1048576,
                                                           $2 / n, 100 * $2 / total }'
    else
        echo "(This sqlite3 CLI has no dbstat table, so the size per table and index is not shown.)"
    fi
}

# Writes to $2 the sqlite3 shell's bare load of the JSON array $1: a plain table (no index, no CHECK constraint, no
# search index) filled by one INSERT … SELECT over json_each(readfile()) in one transaction. It is what SQLite
# itself needs to parse the file and write its rows, the floor that rosterdb's import is measured against. The
# path is written as given.
write_bare_load_sql() {
    local literal="'${1//\'/\'\'}'"
    cat >"$2" <<SQL
CREATE TABLE players(name TEXT, position TEXT, goals INTEGER, assists INTEGER, nationality TEXT, birth_date TEXT,
                     image TEXT);
BEGIN;
INSERT INTO players
SELECT json_extract(value, '\$.name'), json_extract(value, '\$.position'), json_extract(value, '\$.goals'),
       json_extract(value, '\$.assists'), json_extract(value, '\$.nationality'), json_extract(value, '\$.birth_date'),
       json_extract(value, '\$.image')
FROM json_each(readfile($literal));
COMMIT;
SQL
}

# Median wall time in seconds of each command in a hyperfine --export-json file, one per line, in order.
medians() {
    python3 -c 'import json, sys; [print(r["median"]) for r in json.load(open(sys.argv[1]))["results"]]' "$1"
}

# Peak resident set size in MiB (GNU time's %M is in KiB) of the command given as arguments; its output is dropped.
peak_rss_mib() {
    /usr/bin/time -f %M -o "$TMP/rss" "$@" >/dev/null 2>&1 || die "failed under /usr/bin/time: $*"
    awk '{ printf "%.1f", $1 / 1024 }' "$TMP/rss"
}

# GNU time's format (/usr/bin/time -f) for time_cells: wall, user and system seconds, peak RSS in KiB.
TIME_FORMAT='%e %U %S %M'
# The Markdown cells "wall s | user s | sys s | user+sys s | peak RSS MB" of a file GNU time wrote in TIME_FORMAT.
time_cells() { awk '{ printf "%.2f | %.2f | %.2f | %.2f | %.1f", $1, $2, $3, $2 + $3, $4 / 1024 }' "$1"; }
# One figure of such a file: wall, cpu (user + sys) in seconds, or rss in MiB.
time_field() {
    awk -v f="$1" '{ if (f == "wall") print $1; else if (f == "cpu") print $2 + $3; else printf "%.1f", $4 / 1024 }' \
        "$2"
}

# Pipes the generator's NDJSON of COUNT players into `rosterdb --db DB import -`, no file on disk, with rosterdb
# alone under GNU time (TIME_FORMAT into TIMEFILE); its summary goes to $TMP/stream-summary, the generator's to
# $TMP/generator. Dies unless the roster then holds COUNT players. stream_command prints the command line.
stream_import() {
    local count="$1" db="$2" timefile="$3" rows
    python3 Benchmarks/generate_players.py "$count" - ${KIND:+--diverse} 2>"$TMP/generator" \
        | /usr/bin/time -f "$TIME_FORMAT" -o "$timefile" "$ROSTERDB" --db "$db" import - >/dev/null \
            2>"$TMP/stream-summary" \
        || { cat "$TMP/stream-summary" "$TMP/generator" >&2; die "the streamed import failed"; }
    rows="$(sqlite3 "$db" 'SELECT count(*) FROM players')"
    [ "$rows" = "$count" ] || die "the streamed roster holds $rows players, not $count"
}
stream_command() {
    printf 'python3 Benchmarks/generate_players.py %s -%s | rosterdb --db %s import -' "$1" "${KIND:+ --diverse}" \
        "$(shown "$2")"
}

# Ratio a/b with two decimals; fmt_ms prints seconds as milliseconds, mib bytes as MiB.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
fmt_s() { awk -v s="$1" 'BEGIN { printf "%.3f", s }'; }
fmt_ms() { awk -v s="$1" 'BEGIN { printf "%.2f", s * 1000 }'; }
mib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }
# Prints PASS or FAIL for "a <= b"; FAILED counts the failures for the exit status.
FAILED=0
check() {
    local label="$1" a="$2" b="$3" detail="$4"
    if awk -v a="$a" -v b="$b" 'BEGIN { exit !(a <= b) }'; then
        printf -- '- PASS: %s (%s)\n' "$label" "$detail"
    else
        printf -- '- FAIL: %s (%s)\n' "$label" "$detail"
        FAILED=$((FAILED + 1))
    fi
}

print_machine() {
    local cpu os sqlite_cli sqlite_rosterdb
    cpu="$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
    os="$(. /etc/os-release && printf '%s' "$PRETTY_NAME"), Linux $(uname -r)"
    sqlite_cli="$(sqlite3 --version | cut -d' ' -f1-4)"
    # The SQLite that rosterdb links statically; its source id is in the binary.
    sqlite_rosterdb="$(grep -aoE '20[0-9]{2}-[0-9]{2}-[0-9]{2} [0-9:]{8} [0-9a-f]{36,}' "$ROSTERDB" | head -1 || true)"
    printf -- '- CPU: %s, %s cores (nproc), %s RAM\n' "$cpu" "$(nproc)" "$(free -h | awk '/^Mem:/ { print $2 }')"
    printf -- '- OS: %s\n' "$os"
    printf -- '- SQLite: sqlite3 CLI %s; linked into rosterdb: %s\n' "$sqlite_cli" "${sqlite_rosterdb:-unknown}"
    printf -- '- Swift: %s\n' "$(swift --version 2>/dev/null | head -1)"
    printf -- '- hyperfine: %s\n' "$(hyperfine --version)"
}
