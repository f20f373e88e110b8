#!/usr/bin/env bash
# The browser test of `rosterdb serve`'s web page: starts the built binary on a sample roster and a free port, and a
# second server with --write on the same roster, runs browser_test.py (Selenium, headless Chromium, JavaScript off),
# stops both servers with SIGTERM and checks they exit 0.
#
#   Tests/Browser/run.sh [ROSTERDB]    (default: the debug build, built when missing)
#
# Needs Debian's chromium and chromium-driver (.ci/run installs them); selenium comes from PyPI into
# Tests/Browser/.venv the first time. Screenshots go to Tests/Browser/screenshots/ (not committed).
set -euo pipefail
cd "$(dirname "$0")/../.."
source Scripts/lib/serve-url.sh

for tool in chromium chromedriver python3; do
    if ! command -v "$tool" >/dev/null; then
        echo "browser test: $tool is missing (apt-get install chromium chromium-driver)" >&2
        exit 1
    fi
done
venv=Tests/Browser/.venv
if ! "$venv/bin/python" -c 'import selenium' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet selenium
fi
rosterdb=${1:-}
if [ -z "$rosterdb" ]; then
    swift build >&2
    rosterdb="$(swift build --show-bin-path)/rosterdb"
fi

work=$(mktemp -d)
servers=()
cleanup() { for pid in "${servers[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
"$rosterdb" --db "$work/roster.db" init --sample >/dev/null

# Starts `serve` with the options given on a free port, and sets `url` to its URL once it listens.
start() {
    local log="$work/serve-${#servers[@]}.err"
    "$rosterdb" --db "$work/roster.db" serve --port 0 "$@" >/dev/null 2>"$log" &
    servers+=($!)
    url=$(serve_url "$log") || { echo "browser test: the server did not start" >&2; exit 1; }
}
start --write
writable=$url
start

status=0
"$venv/bin/python" Tests/Browser/browser_test.py "$url" Tests/Browser/screenshots "$writable" || status=$?
for pid in "${servers[@]}"; do
    kill -TERM "$pid"
    stopped=0
    wait "$pid" || stopped=$?
    [ "$stopped" -eq 0 ] || { echo "browser test: a server exited $stopped after SIGTERM" >&2; status=1; }
done
servers=()
exit "$status"
