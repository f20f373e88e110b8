#!/usr/bin/env bash
# Checks the API's OpenAPI document as the server serves it: starts the built binary on a sample roster and a free
# port, fetches /openapi.json, validates it with openapi-spec-validator (OpenAPI 3.1), and checks every example
# request of README.md and docs/serving.md against it (check-openapi.py). Stops the server with SIGTERM.
#
#   Scripts/check-openapi.sh [ROSTERDB]    (default: the debug build, built when missing)
#
# openapi-spec-validator comes from PyPI into Scripts/.venv the first time.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/serve-url.sh

venv=Scripts/.venv
if ! "$venv/bin/python" -c 'import openapi_spec_validator' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet openapi-spec-validator
fi
rosterdb=${1:-}
if [ -z "$rosterdb" ]; then
    swift build >&2
    rosterdb="$(swift build --show-bin-path)/rosterdb"
fi

work=$(mktemp -d)
server=
cleanup() { [ -z "$server" ] || kill -KILL "$server" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
"$rosterdb" --db "$work/roster.db" init --sample >/dev/null
"$rosterdb" --db "$work/roster.db" serve --port 0 2>"$work/serve.err" &
server=$!
url=$(serve_url "$work/serve.err") || { echo "check-openapi: the server did not start" >&2; exit 1; }

status=0
"$venv/bin/python" Scripts/check-openapi.py "$url" README.md docs/serving.md || status=$?
kill -TERM "$server"
stopped=0
wait "$server" || stopped=$?
server=
[ "$stopped" -eq 0 ] || { echo "check-openapi: the server exited $stopped after SIGTERM" >&2; status=1; }
exit "$status"
