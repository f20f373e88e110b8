#!/usr/bin/env bash
# Installs what building and testing rosterdb needs on Debian when it is missing: SQLite's, zlib's, libsodium's,
# libmicrohttpd's and ncursesw's headers and static libraries, pkg-config, which Package.swift uses to find them, and
# curl for the HTTP tests, zsh for the completion script's test, and tmux for `browse`'s screen tests.
# It installs nothing that is there already, and says what it installs.
#
#   Scripts/setup.sh [PACKAGE | PACKAGE=COMMAND ...]    more packages, as .ci/run's proofs need; PACKAGE=COMMAND
#                                                       is a package known by a command it installs
set -euo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Each argument is a Debian package, or `package=command` for a package known by a command it installs.
install_missing() {
    local wanted package command missing=()
    for wanted in "$@"; do
        package=${wanted%%=*}
        command=${wanted#*=}
        if [ "$command" != "$wanted" ]; then
            command -v "$command" >/dev/null 2>&1 || missing+=("$package")
        else
            dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
        fi
    done
    [ ${#missing[@]} -gt 0 ] || return 0
    echo "setup: installing ${missing[*]}" >&2
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

install_missing libsqlite3-dev zlib1g-dev libmicrohttpd-dev libsodium-dev libncurses-dev pkg-config=pkg-config \
    curl=curl zsh=zsh tmux=tmux "$@"
