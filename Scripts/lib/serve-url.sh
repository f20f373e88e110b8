# shellcheck shell=bash
# Sourced by the scripts that start `rosterdb serve --port 0`: the one way they learn where it listens.

# serve_url LOG: waits up to 30 s for the server whose standard error goes to LOG to print
# `Serving … at http://127.0.0.1:PORT/`, then prints that URL (with its trailing slash); prints LOG on standard error
# and returns 1 if it never does.
serve_url() {
    local log=$1 url
    for _ in $(seq 1 300); do
        grep -q 'at http://' "$log" && break
        sleep 0.1
    done
    url=$(grep -o 'http://[0-9.:]*/' "$log" | head -n 1)
    [ -n "$url" ] || { cat "$log" >&2; return 1; }
    printf '%s\n' "$url"
}
