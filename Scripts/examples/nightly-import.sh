#!/usr/bin/env bash
# A nightly job that imports a provider's feed into a roster, for cron:
#
#   15 3 * * *  cd /srv/feeds && /opt/rosterdb/nightly-import.sh players_raw.csv /srv/roster.db /srv/roster-reports \
#                   --profile /opt/rosterdb/feeds/fpl-players.profile
#
# Every argument after the third is an option of `rosterdb import`, passed as it is: a profile of the provider's
# columns (--profile), or any other.
# It imports the feed as a full snapshot (--prune), retries while another writer holds the roster (exit 75), keeps
# the last good report and the list of changed players beside it, and exits non-zero — so that cron mails someone —
# whenever the roster was not brought up to date: an invalid or truncated feed (65), a prune that would remove too
# much (3), a prune skipped because records were rejected (4), a file that cannot be read (66) or written (74).
# Set ROSTERDB to the binary; BUSY_TIMEOUT (60), ATTEMPTS (6) and RETRY_SECONDS (300) say how long one try waits for
# a locked roster, how often it is tried and how long apart.
set -euo pipefail

usage="usage: nightly-import.sh FEED ROSTER REPORT_FOLDER [IMPORT OPTIONS…]"
feed=${1:?$usage}
roster=${2:?$usage}
reports=${3:?$usage}
shift 3
rosterdb=${ROSTERDB:-rosterdb}
attempts=${ATTEMPTS:-6}
pause=${RETRY_SECONDS:-300}

mkdir -p "$reports"
report=$(mktemp "$reports/report.XXXXXX")
changes=$(mktemp "$reports/changes.XXXXXX")
trap 'rm -f "$report" "$changes"' EXIT

for attempt in $(seq "$attempts"); do
    status=0
    "$rosterdb" --db "$roster" --busy-timeout "${BUSY_TIMEOUT:-60}" import "$feed" --prune --quiet --report json \
        --changes "$changes" "$@" >"$report" || status=$?
    # 75: another writer (a manual import, a migration) held the roster past the busy timeout. Try again later.
    [ "$status" -eq 75 ] || break
    [ "$attempt" -lt "$attempts" ] || break
    echo "nightly-import: roster locked (attempt $attempt of $attempts); retrying in $pause s" >&2
    sleep "$pause"
done

# The report is written for every outcome; its status says what happened in one word.
outcome=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("status", "unknown"))' "$report" \
    2>/dev/null || echo "no report")
if [ "$status" -eq 0 ]; then
    # Keep the last good report and the players it changed; older ones are replaced.
    mv "$report" "$reports/last-good-report.json"
    mv "$changes" "$reports/last-changes.ndjson"
    echo "nightly-import: $outcome; $(wc -l <"$reports/last-changes.ndjson") players changed"
else
    cp "$report" "$reports/failed-report.json"
    echo "nightly-import: FAILED with exit $status ($outcome); see $reports/failed-report.json" >&2
fi
exit "$status"
