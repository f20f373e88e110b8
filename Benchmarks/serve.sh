#!/usr/bin/env bash
# Serving benchmark: wrk against `rosterdb serve` and Datasette on the same roster of N players, one run of each
# endpoint, 50 connections, one after the other on the same machine. Prints a Markdown report (requests/s, p50 and
# p99 latency per endpoint, the server's peak memory, the load average) on standard output.
# Usage: Benchmarks/serve.sh [N] [SECONDS]   (default 1000000 players, 10 s per endpoint and server; from any
# folder). Needs wrk, sqlite3, curl and python3 (Debian: apt-get install -y wrk sqlite3 curl); Datasette comes from
# PyPI into Benchmarks/.venv (skipped, with a note, when it cannot be installed). Exits 1 when a target fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Benchmarks/common.sh

N="${1:-1000000}"
SECONDS_EACH="${2:-10}"
[[ "$N" =~ ^[1-9][0-9]*$ && "$SECONDS_EACH" =~ ^[1-9][0-9]*$ ]] || die "usage: Benchmarks/serve.sh [N] [SECONDS]"
CONNECTIONS=50
WRK=(wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_EACH}s" --timeout 30s --latency)

require_tools wrk sqlite3 curl python3 swift
build_release
ensure_players "$N"

# The roster, as query.sh builds it: by rosterdb from the generated JSON, once, moved into place when complete.
DB="$DATA/roster-$N.db"
if [ ! -f "$DB" ] || [ "$(sqlite3 "$DB" 'SELECT count(*) FROM players' 2>/dev/null)" != "$N" ]; then
    note "Building $DB with rosterdb import…"
    rm -f "$DB" "$DB-wal" "$DB-shm"
    "$ROSTERDB" --db "$TMP/roster.db" import "$DATA/players-$N.json" >&2
    [ ! -e "$TMP/roster.db-wal" ] || sqlite3 "$TMP/roster.db" 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null
    mv "$TMP/roster.db" "$DB"
fi
# Migrations of a roster built by an older rosterdb are applied now, not while measuring.
"$ROSTERDB" --db "$DB" init >&2

DATASETTE="$PWD/Benchmarks/.venv/bin/datasette"
if [ ! -x "$DATASETTE" ]; then
    note "Installing Datasette into Benchmarks/.venv…"
    { python3 -m venv Benchmarks/.venv && Benchmarks/.venv/bin/pip install --quiet datasette; } >&2 \
        || note "NOTE: Datasette could not be installed; only rosterdb is measured."
fi

SERVER_PID=
stop_server() {
    if [ -n "$SERVER_PID" ]; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
        SERVER_PID=
    fi
}
trap 'stop_server; rm -rf "$TMP"' EXIT

# Waits until URL answers 200; dies after 60 s.
wait_for() {
    for _ in $(seq 1 600); do
        [ "$(curl -s -o /dev/null -w '%{http_code}' "$1" || true)" = 200 ] && return
        sleep 0.1
    done
    die "nothing answers at $1"
}

# One wrk run: prints "requests/s p50_ms p99_ms non2xx" for the URL.
measure() {
    "${WRK[@]}" "$1" >"$TMP/wrk.txt" 2>&1 || die "wrk failed on $1: $(cat "$TMP/wrk.txt")"
    python3 - "$TMP/wrk.txt" <<'PY'
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
print(f"{rate:.1f} {ms('50'):.2f} {ms('99'):.2f} {bad.group(1) if bad else 0}"
      + (f" ({errors.group(0)})" if errors else ""))
PY
}

peak_mib() { awk '/^VmHWM/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

# The deep page: row 39,981 on, by ST players' goals. rosterdb by number and by token (walked to with 40 pages of
# 1,000 and the last one's next link); Datasette by its own _next, which for this order is the row's goals and id.
DEEP_OFFSET=39980

echo "# Serving benchmark, N = $N"
echo
print_machine
printf -- '- wrk: %s\n' "$(wrk -v 2>&1 | head -n 1)"
[ -x "$DATASETTE" ] && printf -- '- Datasette: %s\n' "$("$DATASETTE" --version)"
printf -- '- Load average before: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "Database: Benchmarks/data/roster-$N.db. Each endpoint: \`${WRK[*]} URL\`, one run."
echo

# --- rosterdb ------------------------------------------------------------------------------------------------
"$ROSTERDB" --db "$DB" serve --port 0 2>"$TMP/serve.err" &
SERVER_PID=$!
for _ in $(seq 1 300); do grep -q 'at http://' "$TMP/serve.err" && break; sleep 0.1; done
BASE=$(grep -o 'http://[0-9.:]*' "$TMP/serve.err" | head -n 1)
[ -n "$BASE" ] || die "rosterdb serve did not start: $(cat "$TMP/serve.err")"
wait_for "$BASE/api/health"
next="$BASE/api/players?position=ST&sort=goals:desc&per_page=1000&after="
for _ in $(seq 1 $((DEEP_OFFSET / 1000))); do
    next="$BASE$(curl -s "$next" | python3 -c 'import json, sys; print(json.load(sys.stdin)["next"])')"
done
TOKEN="${next##*after=}"

labels=() rurls=() durls=()
endpoint() { labels+=("$1"); rurls+=("$2"); durls+=("$3"); }
endpoint "list: position=ST by goals, page 1" "/api/players?position=ST&sort=goals:desc&per_page=20" \
    "/roster/players.json?position=ST&_sort_desc=goals&_size=20"
endpoint "deep page: page 2,000 of that list (offset)" \
    "/api/players?position=ST&sort=goals:desc&per_page=20&page=2000" ""
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
    "$DATASETTE" serve -i "$TMP/roster.db" --port 0 --host 127.0.0.1 >"$TMP/datasette.out" 2>&1 &
    SERVER_PID=$!
    DPORT=
    for _ in $(seq 1 600); do
        DPORT=$(grep -o 'http://127.0.0.1:[0-9]*' "$TMP/datasette.out" | head -n 1 | cut -d: -f3 || true)
        [ -n "$DPORT" ] && break
        sleep 0.1
    done
    [ -n "$DPORT" ] || die "Datasette did not start: $(cat "$TMP/datasette.out")"
    DBASE="http://127.0.0.1:$DPORT"
    wait_for "$DBASE/-/versions.json"
    # Datasette orders ties on the primary key, ascending; its _next for this order is "goals,id" of the last row.
    last=$(sqlite3 -separator , "$DB" "SELECT goals, id FROM players WHERE position = 'ST' ORDER BY goals DESC, id LIMIT 1 OFFSET $((DEEP_OFFSET - 1))")
    # Word-prefix search through the same FTS5 index when Datasette finds it, else a substring scan.
    search="/roster/players.json?_search=mbap*&_searchmode=raw"
    if [ "$(curl -s "$DBASE$search" | python3 -c 'import json,sys; print(len(json.load(sys.stdin).get("rows", [])))' 2>/dev/null || echo 0)" = 0 ]; then
        search="/roster/players.json?name__contains=Mbap"
    fi
    for i in "${!labels[@]}"; do
        url="${durls[$i]}"
        case "$url" in
            NEXT) url="/roster/players.json?position=ST&_sort_desc=goals&_size=20&_next=$last" ;;
            SEARCH) url="$search" ;;
        esac
        durls[$i]="$url"
        if [ -z "$url" ]; then results_d+=("-"); continue; fi
        note "Datasette: ${labels[$i]}"
        results_d+=("$(measure "$DBASE$url")")
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
echo "| endpoint | rosterdb req/s | p50 ms | p99 ms | Datasette req/s | p50 ms | p99 ms | ratio |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
health_rate=$(cut -d' ' -f1 <<<"${results_r[${#labels[@]}-1]}")
for i in "${!labels[@]}"; do
    read -r rr rp50 rp99 rbad _ <<<"${results_r[$i]}"
    if [ "${results_d[$i]:--}" = "-" ]; then
        dr=- dp50=- dp99=- ratio=-
    else
        read -r dr dp50 dp99 _ <<<"${results_d[$i]}"
        ratio=$(awk -v a="$rr" -v b="$dr" 'BEGIN { printf (b > 0 ? "%.0f×" : "-"), a / b }')
    fi
    printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "${labels[$i]}" "$rr" "$rp50" "$rp99" "$dr" "$dp50" "$dp99" \
        "$ratio"
    [ "${rbad:-0}" = 0 ] || note "WARNING: rosterdb answered $rbad non-2xx responses on ${labels[$i]}"
done
echo
printf -- '- Peak RSS (VmHWM) of the server after all its runs: rosterdb %s MiB%s\n' "$PEAK_R" \
    "${PEAK_D:+, Datasette $PEAK_D MiB}"
printf -- '- Load average after: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "Targets:"
read -r list_rate _ list_p99 _ <<<"${results_r[0]}"
check "list page p99 < 10 ms" "$list_p99" 9.999 "$list_p99 ms"
check "list page ≥ 25% of /api/health" "$(awk -v h="$health_rate" 'BEGIN { print h / 4 }')" "$list_rate" \
    "$list_rate vs $health_rate req/s"
if [ ${#results_d[@]} -gt 0 ]; then
    for i in "${!labels[@]}"; do
        [ "${results_d[$i]}" != "-" ] || continue
        [ "$i" -eq $((${#labels[@]} - 1)) ] && continue  # health is the transport's ceiling, not a target
        read -r rr _ <<<"${results_r[$i]}"
        read -r dr _ <<<"${results_d[$i]}"
        need=$([ "$i" -eq 0 ] && echo 100 || echo 10)
        check "${labels[$i]}: ≥ ${need}× Datasette" "$(awk -v d="$dr" -v n="$need" 'BEGIN { print d * n }')" "$rr" \
            "$(awk -v a="$rr" -v b="$dr" 'BEGIN { printf "%.0f×", a / b }')"
    done
fi
[ "$FAILED" -eq 0 ] || exit 1
