#!/usr/bin/env bash
# Serving benchmark: wrk against `rosterdb serve` and Datasette on the same roster of N players, one run of each
# endpoint, 50 connections, one after the other on the same machine. Prints a Markdown report (requests/s, p50 and
# p99 latency per endpoint, the server's peak memory, the load average) on standard output.
# Usage: Benchmarks/serve.sh [N] [SECONDS] [DATASETTE_SECONDS]   (default 1000000 players, 10 s per endpoint for
# rosterdb and 60 s for Datasette, whose slow pages finish no request in 10 s at 50 connections; from any folder).
# Needs wrk, sqlite3, curl and python3 (Debian: apt-get install -y wrk sqlite3 curl); Datasette comes from
# PyPI into Benchmarks/.venv (skipped, with a note, when it cannot be installed). Exits 1 when a target fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Benchmarks/common.sh

N="${1:-1000000}"
SECONDS_EACH="${2:-10}"
[[ "$N" =~ ^[1-9][0-9]*$ && "$SECONDS_EACH" =~ ^[1-9][0-9]*$ ]] || die "usage: Benchmarks/serve.sh [N] [SECONDS]"
CONNECTIONS=50
WRK=(wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_EACH}s" --timeout 30s --latency)
DATASETTE_SECONDS="${3:-60}"

require_tools wrk sqlite3 curl python3 swift
build_release
# The roster, as query.sh builds it (common.sh).
ensure_roster "$N"
DB="$(roster_file "$N")"

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
echo "Database: Benchmarks/data/roster-$N.db. Each endpoint: one request alone (its time is \"first\"), then"
echo "\`${WRK[*]} URL\`, one run; for Datasette \`-d${DATASETTE_SECONDS}s\`. rosterdb serves with its defaults"
echo "(one thread per core); Datasette with its own (\`datasette serve -i\`)."
echo

# --- rosterdb ------------------------------------------------------------------------------------------------
"$ROSTERDB" --db "$DB" serve --port 0 2>"$TMP/serve.err" &
SERVER_PID=$!
for _ in $(seq 1 300); do grep -q 'at http://' "$TMP/serve.err" && break; sleep 0.1; done
BASE=$(grep -o 'http://[0-9.:]*' "$TMP/serve.err" | head -n 1)
[ -n "$BASE" ] || die "rosterdb serve did not start: $(cat "$TMP/serve.err")"
wait_for "$BASE/api/health"
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
    # A port free now (Datasette reports the port it was given, so 0 would not tell which).
    DPORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
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
echo "| endpoint | rosterdb first ms | req/s | p50 ms | p99 ms | Datasette first ms | req/s | p50 ms | p99 ms | ratio |"
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
        check "${labels[$i]}: ≥ ${need}× Datasette" "$(awk -v d="$dr" -v n="$need" 'BEGIN { print d * n }')" "$rr" \
            "$(awk -v a="$rr" -v b="$dr" 'BEGIN { printf "%.0f×", a / b }')"
    done
fi
[ "$FAILED" -eq 0 ] || exit 1
