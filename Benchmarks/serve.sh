#!/usr/bin/env bash
# Serving benchmark: wrk against `rosterdb serve` and Datasette on the same roster of N players, one run of each
# endpoint, 50 connections, one after the other on the same machine; then gzip on and off for a 1,000-row page, and
# the writes: `serve --write` (single rows, increments, 1,000-row imports) against Datasette's JSON write API and
# against the command line's `add` and `edit`. Prints a Markdown report (requests/s, p50 and p99 latency per
# endpoint, the server's peak memory, the load average) on standard output.
# Usage: Benchmarks/serve.sh [--skip-reads] [N] [SECONDS] [DATASETTE_SECONDS]   (default 1000000 players, 10 s per
# endpoint for rosterdb and 60 s for Datasette's reads, whose slow pages finish no request in 10 s at 50
# connections; SECONDS for every write run of both; from any folder). --skip-reads leaves out the read endpoints
# and measures gzip and the writes alone.
# Needs wrk, hyperfine, sqlite3, curl and python3 (Debian: apt-get install -y wrk hyperfine sqlite3 curl); Datasette
# (1.0 alpha, for its write API) comes from PyPI into Benchmarks/.venv (skipped, with a note, when it cannot be
# installed). Exits 1 when a target fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Benchmarks/common.sh
source Scripts/lib/serve-url.sh

SKIP_READS=
if [ "${1:-}" = --skip-reads ]; then SKIP_READS=1; shift; fi
N="${1:-1000000}"
SECONDS_EACH="${2:-10}"
[[ "$N" =~ ^[1-9][0-9]*$ && "$SECONDS_EACH" =~ ^[1-9][0-9]*$ ]] \
    || die "usage: Benchmarks/serve.sh [--skip-reads] [N] [SECONDS] [DATASETTE_SECONDS]"
CONNECTIONS=50
WRK=(wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_EACH}s" --timeout 30s --latency)
DATASETTE_SECONDS="${3:-60}"

require_tools wrk hyperfine sqlite3 curl python3 swift
build_release
# The roster, as query.sh builds it (common.sh).
ensure_roster "$N"
DB="$(roster_file "$N")"

DATASETTE="$PWD/Benchmarks/.venv/bin/datasette"
if [ ! -x "$DATASETTE" ]; then
    note "Installing Datasette into Benchmarks/.venv…"
    { python3 -m venv Benchmarks/.venv && Benchmarks/.venv/bin/pip install --quiet --pre datasette; } >&2 \
        || note "NOTE: Datasette could not be installed; only rosterdb is measured."
fi

# The server measured, and for the writes a second one (Datasette) running beside it so that both sides' runs
# can take turns.
SERVER_PID=''
OTHER_PID=''
stop_pid() {
    if [ -n "$1" ]; then
        kill -TERM "$1" 2>/dev/null || true
        wait "$1" 2>/dev/null || true
    fi
}
stop_server() { stop_pid "$SERVER_PID"; SERVER_PID=; }
trap 'stop_server; stop_pid "$OTHER_PID"; rm -rf "$TMP"' EXIT

# Waits until URL answers 200; dies after 60 s.
wait_for() {
    for _ in $(seq 1 600); do
        [ "$(curl -s -o /dev/null -w '%{http_code}' "$1" || true)" = 200 ] && return
        sleep 0.1
    done
    die "nothing answers at $1"
}

# One wrk run, after one request alone whose time is printed first (the cold answer: rosterdb computes a count
# or a grouping once per change of the roster, and the steady state is what wrk measures). Prints
# "first_ms requests/s p50_ms p99_ms non2xx" for the URL; DURATION overrides the run's length.
measure() {
    local first
    first=$(curl -s -o /dev/null -w '%{time_total}' --max-time 120 "$1" || echo nan)
    first=$(awk -v s="$first" 'BEGIN { printf "%.1f", s * 1000 }')
    printf '%s ' "$first"
    "${WRK[@]/#-d*/-d${DURATION:-$SECONDS_EACH}s}" "$1" >"$TMP/wrk.txt" 2>&1 \
        || die "wrk failed on $1: $(cat "$TMP/wrk.txt")"
    wrk_figures "$TMP/wrk.txt"
}

# "requests/s p50_ms p99_ms non2xx requests" from wrk's output in file $1 (wrk --latency), then any socket errors.
wrk_figures() {
    python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def ms(label):
    m = re.search(rf"^\s*{label}%\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    if not m:
        return float("nan")
    value, unit = float(m.group(1)), m.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
rate = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
errors = re.search(r"Socket errors:.*", text)
count = re.search(r"(\d+) requests in", text).group(1)
print(f"{rate:.1f} {ms('50'):.2f} {ms('99'):.2f} {bad.group(1) if bad else 0} {count}"
      + (f" ({errors.group(0)})" if errors else ""))
PY
}

# Starts `rosterdb --db DB serve --port 0 [OPTION…]` as SERVER_PID and sets BASE to its address.
start_rosterdb() {
    local db="$1"
    shift
    "$ROSTERDB" --db "$db" serve --port 0 "$@" 2>"$TMP/serve.err" &
    SERVER_PID=$!
    BASE=$(serve_url "$TMP/serve.err") || die "rosterdb serve did not start"
    BASE=${BASE%/}
    wait_for "$BASE/api/health"
}

# A port free now (Datasette reports the port it was given, so 0 would not tell which).
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

peak_mib() { awk '/^VmHWM/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

# The deep page: page 2,000 of 20 (row 39,981 on) of ST players by goals, or halfway for a small N. rosterdb by
# number and by token (walked to in pages of up to 1,000); Datasette by its own _next, which for this order is the
# last row's goals and id.
ST_COUNT=$(sqlite3 "$DB" "SELECT count(*) FROM players WHERE position = 'ST'")
DEEP_PAGE=$((ST_COUNT / 40 < 2000 ? (ST_COUNT / 40 > 2 ? ST_COUNT / 40 : 2) : 2000))
DEEP_OFFSET=$(((DEEP_PAGE - 1) * 20))

echo "# Serving benchmark, N = $N"
echo
print_machine
printf -- '- wrk: %s\n' "$(wrk -v 2>&1 | head -n 1)"
[ -x "$DATASETTE" ] && printf -- '- Datasette: %s\n' "$("$DATASETTE" --version)"
printf -- '- Load average before: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
echo
# The read endpoints, each against Datasette's equivalent.
measure_reads() {
    echo "Database: Benchmarks/data/roster-$N.db. Each endpoint: one request alone (its time is \"first\"), then"
    echo "\`${WRK[*]} URL\`, one run; for Datasette \`-d${DATASETTE_SECONDS}s\`. rosterdb serves with its defaults"
    echo "(one thread per core); Datasette with its own (\`datasette serve -i\`)."
    echo

    # --- rosterdb ------------------------------------------------------------------------------------------------
    start_rosterdb "$DB"
    TOKEN=
    left=$DEEP_OFFSET
    while [ "$left" -gt 0 ]; do
        size=$((left < 1000 ? left : 1000))
        next=$(curl -s "$BASE/api/players?position=ST&sort=goals:desc&per_page=$size&after=$TOKEN" \
            | python3 -c 'import json, sys; print(json.load(sys.stdin)["next"])')
        TOKEN="${next##*after=}"
        left=$((left - size))
    done

    labels=() rurls=() durls=()
    endpoint() { labels+=("$1"); rurls+=("$2"); durls+=("$3"); }
    endpoint "list: position=ST by goals, page 1" "/api/players?position=ST&sort=goals:desc&per_page=20" \
        "/roster/players.json?position=ST&_sort_desc=goals&_size=20"
    endpoint "deep page: page $DEEP_PAGE of that list (offset)" \
        "/api/players?position=ST&sort=goals:desc&per_page=20&page=$DEEP_PAGE" ""
    endpoint "deep page: the same rows by page token" \
        "/api/players?position=ST&sort=goals:desc&per_page=20&after=$TOKEN" "NEXT"
    endpoint "detail by id" "/api/players/$(((N + 1) / 2))" "/roster/players/$(((N + 1) / 2)).json"
    endpoint "name search: mbap" "/api/players?name=mbap" "SEARCH"
    endpoint "position counts" "/api/stats?by=position" "/roster/players.json?_facet=position&_size=0"
    endpoint "health (fixed tiny answer)" "/api/health" "/-/versions.json"

    results_r=()
    for i in "${!labels[@]}"; do
        note "rosterdb: ${labels[$i]}"
        results_r+=("$(measure "$BASE${rurls[$i]}")")
    done
    PEAK_R=$(peak_mib "$SERVER_PID")
    stop_server

    # --- Datasette -----------------------------------------------------------------------------------------------
    results_d=()
    if [ -x "$DATASETTE" ]; then
        cp "$DB" "$TMP/roster.db"  # Datasette names the database after the file: /roster/...
        # Datasette does not find the name index (an external-content FTS5 table) by itself; told where it is, its
        # _search uses the same index rosterdb's name search does.
        echo '{"databases": {"roster": {"tables": {"players": {"fts_table": "players_search", "fts_pk": "id"}}}}}' \
            >"$TMP/metadata.json"
        DPORT=$(free_port)
        "$DATASETTE" serve -i "$TMP/roster.db" -m "$TMP/metadata.json" --port "$DPORT" --host 127.0.0.1 \
            >"$TMP/datasette.out" 2>&1 &
        SERVER_PID=$!
        DBASE="http://127.0.0.1:$DPORT"
        wait_for "$DBASE/-/versions.json"
        # Datasette orders ties on the primary key, ascending; its _next for this order is "goals,id" of the last row.
        last=$(sqlite3 -separator , "$DB" "SELECT goals, id FROM players WHERE position = 'ST' \
            ORDER BY goals DESC, id LIMIT 1 OFFSET $((DEEP_OFFSET - 1))")
        # Word-prefix search through the same FTS5 index: the folded names, `mbap` as a prefix.
        search="/roster/players.json?_search=mbap*&_searchmode=raw"
        for i in "${!labels[@]}"; do
            url="${durls[$i]}"
            case "$url" in
                NEXT) url="/roster/players.json?position=ST&_sort_desc=goals&_size=20&_next=$last" ;;
                SEARCH) url="$search" ;;
            esac
            durls[i]="$url"
            if [ -z "$url" ]; then results_d+=("-"); continue; fi
            note "Datasette: ${labels[$i]}"
            results_d+=("$(DURATION=$DATASETTE_SECONDS measure "$DBASE$url")")
        done
        PEAK_D=$(peak_mib "$SERVER_PID")
        stop_server
    fi

    echo "## URLs"
    echo
    for i in "${!labels[@]}"; do
        printf -- '- %s: `%s`%s\n' "${labels[$i]}" "${rurls[$i]/$TOKEN/TOKEN}" \
            "${durls[$i]:+ · Datasette \`${durls[$i]}\`}"
    done
    echo
    echo "## Results"
    echo
    printf '%s%s\n' "| endpoint | rosterdb first ms | req/s | p50 ms | p99 ms | Datasette first ms | req/s | p50 ms" \
        " | p99 ms | ratio |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    health_rate=$(cut -d' ' -f2 <<<"${results_r[${#labels[@]}-1]}")
    for i in "${!labels[@]}"; do
        read -r rf rr rp50 rp99 rbad _ <<<"${results_r[$i]}"
        if [ "${results_d[$i]:--}" = "-" ]; then
            df=- dr=- dp50=- dp99=- ratio=-
        else
            read -r df dr dp50 dp99 dbad _ <<<"${results_d[$i]}"
            ratio=$(awk -v a="$rr" -v b="$dr" 'BEGIN { printf (b > 0 ? "%.0f×" : "-"), a / b }')
            [ "${dbad:-0}" = 0 ] || note "NOTE: Datasette answered $dbad non-2xx responses on ${labels[$i]}"
        fi
        printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "${labels[$i]}" "$rf" "$rr" "$rp50" "$rp99" \
            "$df" "$dr" "$dp50" "$dp99" "$ratio"
        [ "${rbad:-0}" = 0 ] || note "WARNING: rosterdb answered $rbad non-2xx responses on ${labels[$i]}"
    done
    echo
    printf -- '- Peak RSS (VmHWM) of the server after all its runs: rosterdb %s MiB%s\n' "$PEAK_R" \
        "${PEAK_D:+, Datasette $PEAK_D MiB}"
    printf -- '- Load average after: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
    echo
    echo "Targets:"
    read -r _ list_rate _ list_p99 _ <<<"${results_r[0]}"
    check "list page p99 < 10 ms" "$list_p99" 9.999 "$list_p99 ms"
    check "list page ≥ 25% of /api/health" "$(awk -v h="$health_rate" 'BEGIN { print h / 4 }')" "$list_rate" \
        "$list_rate vs $health_rate req/s"
    if [ ${#results_d[@]} -gt 0 ]; then
        for i in "${!labels[@]}"; do
            [ "${results_d[$i]}" != "-" ] || continue
            [ "$i" -eq $((${#labels[@]} - 1)) ] && continue  # health is the transport's ceiling, not a target
            read -r _ rr _ <<<"${results_r[$i]}"
            read -r _ dr _ <<<"${results_d[$i]}"
            if awk -v d="$dr" 'BEGIN { exit !(d == 0) }'; then
                printf -- '- FAIL: %s: no Datasette request finished in the run, so there is no ratio\n' "${labels[$i]}"
                FAILED=$((FAILED + 1))
                continue
            fi
            need=$([ "$i" -eq 0 ] && echo 100 || echo 10)
            check "${labels[$i]}: ≥ ${need}× Datasette" \
                "$(awk -v d="$dr" -v n="$need" 'BEGIN { print d * n }')" "$rr" \
                "$(awk -v a="$rr" -v b="$dr" 'BEGIN { printf "%.0f×", a / b }')"
        done
    fi
}

[ -n "$SKIP_READS" ] || measure_reads

# --- gzip on and off -----------------------------------------------------------------------------------------
# A 1,000-row JSON page (the most per_page allows; the name order, read from its index): its bytes and requests/s
# with and without Accept-Encoding: gzip.
PAGE="/api/players?per_page=1000"
GZIP_HEADER="Accept-Encoding: gzip"
start_rosterdb "$DB"
note "rosterdb: 1,000-row page, plain and gzipped"
plain_bytes=$(curl -s -o /dev/null -w '%{size_download}' "$BASE$PAGE")
gzip_bytes=$(curl -s -H "$GZIP_HEADER" -o /dev/null -w '%{size_download}' "$BASE$PAGE")
[ "$(curl -s --compressed "$BASE$PAGE" | cksum)" = "$(curl -s "$BASE$PAGE" | cksum)" ] \
    || die "the gzipped page does not inflate to the plain one"
"${WRK[@]}" "$BASE$PAGE" >"$TMP/wrk.txt" 2>&1 || die "wrk failed: $(cat "$TMP/wrk.txt")"
plain_run=$(wrk_figures "$TMP/wrk.txt")
"${WRK[@]}" -H "$GZIP_HEADER" "$BASE$PAGE" >"$TMP/wrk.txt" 2>&1 || die "wrk failed: $(cat "$TMP/wrk.txt")"
gzip_run=$(wrk_figures "$TMP/wrk.txt")
stop_server

echo "## gzip on and off"
echo
echo "\`$PAGE\` on Benchmarks/data/roster-$N.db; bytes as sent (curl's \`size_download\`, with and without"
echo "\`-H '$GZIP_HEADER'\`), then \`${WRK[*]} [-H '$GZIP_HEADER'] URL\`."
echo
echo "| answer | bytes | req/s | p50 ms | p99 ms |"
echo "| --- | ---: | ---: | ---: | ---: |"
read -r pr pp50 pp99 pbad _ <<<"$plain_run"
read -r gr gp50 gp99 gbad _ <<<"$gzip_run"
printf '| plain | %s | %s | %s | %s |\n' "$plain_bytes" "$pr" "$pp50" "$pp99"
printf '| gzip | %s | %s | %s | %s |\n' "$gzip_bytes" "$gr" "$gp50" "$gp99"
printf '| gzip / plain | %s | %s | | |\n' "$(ratio "$gzip_bytes" "$plain_bytes")" "$(ratio "$gr" "$pr")"
echo
if [ "$pbad" != 0 ] || [ "$gbad" != 0 ]; then
    note "WARNING: non-2xx answers to the page ($pbad plain, $gbad gzipped)"
fi

# --- writes --------------------------------------------------------------------------------------------------
# Both servers write into copies of the roster, each with its own, and the same wrk client with the same
# connections drives both: a Lua script makes each request's body, every player with a name of its own (run, wrk
# thread and counter), so that none is a duplicate and every row of a bulk request is a new player.
WRITE_CONNECTIONS=8
BULK_ROWS=1000
WRK_WRITE=(wrk -t2 -c"$WRITE_CONNECTIONS" -d"${SECONDS_EACH}s" --timeout 60s --latency -s "$TMP/write.lua")
cat >"$TMP/write.lua" <<'LUA'
-- BODY_KIND: rosterdb-one (a player object), rosterdb-bulk (ROWS players as NDJSON), datasette-one ({"row": …}),
-- datasette-bulk ({"rows": […]}) or patch ({"add_goals": 1}); TAG names the run; TOKEN, when set, is sent as a
-- bearer token.
local threads = 0
function setup(thread)
    threads = threads + 1
    thread:set("tid", threads)
end
local kind, tag, rows = os.getenv("BODY_KIND"), os.getenv("TAG"), tonumber(os.getenv("ROWS"))
local positions = { "GK", "CB", "LB", "RB", "DM", "CM", "AM", "LW", "RW", "ST" }
local n = 0
wrk.method = kind == "patch" and "PATCH" or "POST"
wrk.headers["Content-Type"] = kind == "rosterdb-bulk" and "application/x-ndjson" or "application/json"
local token = os.getenv("TOKEN")
if token ~= nil and token ~= "" then wrk.headers["Authorization"] = "Bearer " .. token end
local function player(i)
    return string.format('{"name":"Bench %s %d %d","position":"%s","goals":%d,"assists":%d}',
        tag, tid, i, positions[i % 10 + 1], i % 40, i % 17)
end
request = function()
    if kind == "patch" then return wrk.format(nil, nil, nil, '{"add_goals":1}') end
    n = n + 1
    if kind == "rosterdb-one" then return wrk.format(nil, nil, nil, player(n)) end
    if kind == "datasette-one" then return wrk.format(nil, nil, nil, '{"row":' .. player(n) .. '}') end
    local parts = {}
    for i = 1, rows do parts[i] = player(n * rows + i) end
    if kind == "rosterdb-bulk" then return wrk.format(nil, nil, nil, table.concat(parts, "\n") .. "\n") end
    return wrk.format(nil, nil, nil, '{"rows":[' .. table.concat(parts, ",") .. ']}')
end
LUA

# One write run: write_run KIND TAG URL [TOKEN]. Prints wrk_figures's line followed by wrk's CPU time in seconds
# (user + system, GNU time), which says whether the client could have been the bottleneck.
write_run() {
    BODY_KIND="$1" TAG="$2" ROWS="$BULK_ROWS" TOKEN="${4:-}" /usr/bin/time -f '%U %S' -o "$TMP/wrk-cpu" \
        "${WRK_WRITE[@]}" "$3" >"$TMP/wrk.txt" 2>&1 || die "wrk failed on $3: $(cat "$TMP/wrk.txt")"
    printf '%s %s\n' "$(wrk_figures "$TMP/wrk.txt")" "$(awk '{ print $1 + $2 }' "$TMP/wrk-cpu")"
}

MID=$(((N + 1) / 2))
cp "$DB" "$TMP/writes.db"
start_rosterdb "$TMP/writes.db" --write
WRITE_BASE=$BASE
WRITE_DS=
if [ -x "$DATASETTE" ] && "$DATASETTE" create-token --help >/dev/null 2>&1; then
    mkdir -p "$TMP/datasette"
    cp "$DB" "$TMP/datasette/roster.db"
    SECRET=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
    DS_TOKEN=$("$DATASETTE" create-token root --secret "$SECRET")
    WPORT=$(free_port)
    # --root makes the token's actor root, allowed every action; max_insert_rows (default 100) lets one request
    # carry the bulk's rows.
    "$DATASETTE" serve "$TMP/datasette/roster.db" --secret "$SECRET" --root --port "$WPORT" --host 127.0.0.1 \
        --setting max_insert_rows "$BULK_ROWS" >"$TMP/datasette-writes.out" 2>&1 &
    OTHER_PID=$!
    WRITE_DS="http://127.0.0.1:$WPORT"
    wait_for "$WRITE_DS/-/versions.json"
else
    note "NOTE: no Datasette with a write API (1.0 alpha) in Benchmarks/.venv; its write rows are left out."
fi

# In turn: rosterdb's single rows, Datasette's, rosterdb's bulk, Datasette's, then rosterdb's increments.
note "rosterdb: POST /api/players, one player a request"
r_one=$(write_run rosterdb-one r1 "$WRITE_BASE/api/players")
if [ -n "$WRITE_DS" ]; then
    note "Datasette: POST /-/insert, one row a request"
    d_one=$(write_run datasette-one d1 "$WRITE_DS/roster/players/-/insert" "$DS_TOKEN")
fi
note "rosterdb: POST /api/import, $BULK_ROWS players a request"
r_bulk=$(write_run rosterdb-bulk r2 "$WRITE_BASE/api/import?format=ndjson")
if [ -n "$WRITE_DS" ]; then
    note "Datasette: POST /-/insert, $BULK_ROWS rows a request"
    d_bulk=$(write_run datasette-bulk d2 "$WRITE_DS/roster/players/-/insert" "$DS_TOKEN")
fi
note "rosterdb: PATCH /api/players/$MID {\"add_goals\":1}"
goals_before=$(sqlite3 "$TMP/writes.db" "SELECT goals FROM players WHERE id = $MID")
r_patch=$(write_run patch r3 "$WRITE_BASE/api/players/$MID")
PEAK_W=$(peak_mib "$SERVER_PID")
stop_server
[ -z "$WRITE_DS" ] || { PEAK_DW=$(peak_mib "$OTHER_PID"); stop_pid "$OTHER_PID"; OTHER_PID=; }

# Every request wrk counted must have written its rows; a request still in flight when wrk stopped may have
# written too, so up to one per connection more.
check_rows() {
    local label="$1" db="$2" pattern="$3" requests="$4" rows="$5" written
    written=$(sqlite3 "$db" "SELECT count(*) FROM players WHERE name LIKE '$pattern'")
    if [ "$written" -lt $((requests * rows)) ] || [ "$written" -gt $(((requests + WRITE_CONNECTIONS) * rows)) ]; then
        note "WARNING: $label: $written rows written for $requests requests of $rows"
        WRITE_PROBLEMS=$((WRITE_PROBLEMS + 1))
    fi
}
WRITE_PROBLEMS=0
read -r _ _ _ bad count _ <<<"$r_one"; check_rows "rosterdb single" "$TMP/writes.db" 'Bench r1 %' "$count" 1
[ "$bad" = 0 ] || { note "WARNING: rosterdb single rows: $bad non-2xx"; WRITE_PROBLEMS=$((WRITE_PROBLEMS + 1)); }
read -r _ _ _ bad count _ <<<"$r_bulk"; check_rows "rosterdb bulk" "$TMP/writes.db" 'Bench r2 %' "$count" "$BULK_ROWS"
[ "$bad" = 0 ] || { note "WARNING: rosterdb bulk: $bad non-2xx"; WRITE_PROBLEMS=$((WRITE_PROBLEMS + 1)); }
read -r _ _ _ bad count _ <<<"$r_patch"
goals_after=$(sqlite3 "$TMP/writes.db" "SELECT goals FROM players WHERE id = $MID")
if [ $((goals_after - goals_before)) -lt "$count" ] || [ "$bad" != 0 ]; then
    note "WARNING: increments: $count answered, $bad non-2xx, goals $goals_before → $goals_after"
    WRITE_PROBLEMS=$((WRITE_PROBLEMS + 1))
fi
if [ -n "$WRITE_DS" ]; then
    read -r _ _ _ bad count _ <<<"$d_one"
    check_rows "Datasette single" "$TMP/datasette/roster.db" 'Bench d1 %' "$count" 1
    [ "$bad" = 0 ] || { note "WARNING: Datasette single rows: $bad non-2xx"; WRITE_PROBLEMS=$((WRITE_PROBLEMS + 1)); }
    read -r _ _ _ bad count _ <<<"$d_bulk"
    check_rows "Datasette bulk" "$TMP/datasette/roster.db" 'Bench d2 %' "$count" "$BULK_ROWS"
    [ "$bad" = 0 ] || { note "WARNING: Datasette bulk: $bad non-2xx"; WRITE_PROBLEMS=$((WRITE_PROBLEMS + 1)); }
fi

# The command line: a process per write, on a copy of its own.
cp "$DB" "$TMP/cli.db"
note "rosterdb add and edit, a process each"
CLI_ADD="$(q "$ROSTERDB") --db $(q "$TMP/cli.db") add --name 'CLI Bench' --position ST --allow-duplicate --quiet"
CLI_EDIT="$(q "$ROSTERDB") --db $(q "$TMP/cli.db") edit $MID --add-goals 1 --quiet"
hyperfine -N --warmup 3 --runs 50 --export-json "$TMP/cli.json" "$CLI_ADD" "$CLI_EDIT" >&2
mapfile -t cli_means < <(
    python3 -c 'import json, sys; [print(r["mean"]) for r in json.load(open(sys.argv[1]))["results"]]' "$TMP/cli.json"
)

per_s() { awk -v s="$1" 'BEGIN { printf "%.1f", 1 / s }'; }
rows_s() { awk -v r="$1" -v n="$2" 'BEGIN { printf "%.1f", r * n }'; }
cpu_share() { awk -v c="$1" -v s="$SECONDS_EACH" 'BEGIN { printf "%.0f%%", 100 * c / s }'; }

echo "## Writes"
echo
echo "Each server on a copy of Benchmarks/data/roster-$N.db (rosterdb \`serve --write\` with its defaults; Datasette"
echo "\`serve roster.db --secret S --root --setting max_insert_rows $BULK_ROWS\`, a mutable database, with a token"
echo "from \`datasette create-token root\`), both running, their runs in turn. Every run:"
echo "\`${WRK_WRITE[*]/$TMP/\$TMP} URL\`, the body of each request made by the Lua script (a new player each,"
echo "named after the run, the wrk thread and a counter). \"wrk CPU\" is the client's user + system time over the run's"
echo "wall time (of 2 cores, shared with the server): well under 100%, the client was not what limited a run. The"
echo "rows each run wrote were counted in the roster afterwards."
echo
printf '%s%s\n' "| write | rosterdb req/s | rows/s | p50 ms | p99 ms | wrk CPU | Datasette req/s | rows/s | p50 ms" \
    " | p99 ms | wrk CPU | rows/s ratio |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
write_row() {
    local label="$1" rows="$2" r="$3" d="${4:-}" rr rp50 rp99 rcpu dr dp50 dp99 dcpu
    read -r rr rp50 rp99 _ _ rcpu <<<"$r"
    if [ -n "$d" ]; then
        read -r dr dp50 dp99 _ _ dcpu <<<"$d"
        printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$rr" \
            "$(rows_s "$rr" "$rows")" "$rp50" "$rp99" "$(cpu_share "$rcpu")" "$dr" "$(rows_s "$dr" "$rows")" "$dp50" \
            "$dp99" "$(cpu_share "$dcpu")" \
            "$(awk -v a="$rr" -v b="$dr" 'BEGIN { printf (b > 0 ? "%.1f×" : "-"), a / b }')"
    else
        printf '| %s | %s | %s | %s | %s | %s | – | – | – | – | – | – |\n' "$label" "$rr" \
            "$(rows_s "$rr" "$rows")" "$rp50" "$rp99" "$(cpu_share "$rcpu")"
    fi
}
write_row "one player a request: \`POST /api/players\` · \`POST /roster/players/-/insert {\"row\": …}\`" 1 \
    "$r_one" "${d_one:-}"
write_row "$BULK_ROWS players a request: \`POST /api/import\` (NDJSON) · \`/-/insert {\"rows\": […]}\`" \
    "$BULK_ROWS" "$r_bulk" "${d_bulk:-}"
write_row "increment one player: \`PATCH /api/players/$MID {\"add_goals\":1}\`" 1 "$r_patch"
echo
printf -- '- Peak RSS (VmHWM) of the writing servers: rosterdb %s MiB%s\n' "$PEAK_W" \
    "${PEAK_DW:+, Datasette $PEAK_DW MiB}"
printf -- '- Rows written, counted in each roster against the requests wrk counted: %s\n' \
    "$([ "$WRITE_PROBLEMS" = 0 ] && echo "all there, every answer 2xx" || echo "$WRITE_PROBLEMS problems (see stderr)")"
echo
echo "### The command line against \`serve --write\`"
echo
echo "A process per write (\`hyperfine -N --warmup 3 --runs 50\`, mean), on another copy of the roster:"
echo
echo "| write | command | per s | \`serve --write\` per s (above) | serve / command |"
echo "| --- | --- | ---: | ---: | ---: |"
read -r one_rate _ <<<"$r_one"
read -r patch_rate _ <<<"$r_patch"
printf '| add a player | `%s` | %s | %s | %s× |\n' "$(shown "$CLI_ADD")" "$(per_s "${cli_means[0]}")" \
    "$one_rate" "$(awk -v a="$one_rate" -v s="${cli_means[0]}" 'BEGIN { printf "%.1f", a * s }')"
printf '| add 1 goal | `%s` | %s | %s | %s× |\n' "$(shown "$CLI_EDIT")" "$(per_s "${cli_means[1]}")" \
    "$patch_rate" "$(awk -v a="$patch_rate" -v s="${cli_means[1]}" 'BEGIN { printf "%.1f", a * s }')"
echo
printf -- '- Load average after: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "Targets (writes):"
if [ "$WRITE_PROBLEMS" != 0 ]; then
    printf -- '- FAIL: every write answered 2xx and found in the roster\n'
    FAILED=$((FAILED + 1))
fi
if [ -n "$WRITE_DS" ]; then
    read -r rr _ <<<"$r_one"
    read -r dr _ <<<"$d_one"
    check "single rows: ≥ 10× Datasette's inserts/s" "$(awk -v d="$dr" 'BEGIN { print d * 10 }')" "$rr" \
        "$(awk -v a="$rr" -v b="$dr" 'BEGIN { printf "%.1f×", a / b }')"
    read -r rr _ <<<"$r_bulk"
    read -r dr _ <<<"$d_bulk"
    check "$BULK_ROWS rows a request: ≥ 5× Datasette's rows/s" "$(awk -v d="$dr" 'BEGIN { print d * 5 }')" "$rr" \
        "$(awk -v a="$rr" -v b="$dr" 'BEGIN { printf "%.1f×", a / b }')"
fi

[ "$FAILED" -eq 0 ] || exit 1
