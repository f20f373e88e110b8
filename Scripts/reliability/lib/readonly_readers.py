#!/usr/bin/env python3
"""Runs one writer as this user (root) and readers as another user, and checks that every read sees one committed
state of the roster: never rows of two states, never a failure.

Usage: readonly_readers.py ROSTERDB DB WRITER CALLS [--uid UID] [--readers N] [--feeds A,B]

WRITER is how the roster is written while it is read:
  connection  another program (Python's sqlite3) commits over one connection, as a service would
  reconnect   it connects, commits and disconnects each time, as the sqlite3 shell does: the last connection to
              close deletes -wal and -shm, so readers meet the roster with and without them
  rollback    it commits in rollback-journal mode (journal_mode DELETE), over one connection
  import      `rosterdb import` of the feeds A and B, in turn (players.py feeds of seeds 1 and 2)
Each commit of the first three sets every player's goals to one new value, so a state is one value; an import
sets each player's goals to those of its feed's seed. Each reader runs `rosterdb export --format ndjson` as UID
(default 65534, nobody) CALLS times in all. Prints one JSON object with the tallies; exits 1 on any failure."""
import argparse
import json
import os
import sqlite3
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from players import goals  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("rosterdb")
    parser.add_argument("db")
    parser.add_argument("writer", choices=["connection", "reconnect", "rollback", "import"])
    parser.add_argument("calls", type=int)
    parser.add_argument("--uid", type=int, default=65534)
    parser.add_argument("--readers", type=int, default=2)
    parser.add_argument("--feeds", default="")
    args = parser.parse_args()
    stop = threading.Event()
    tally = {"calls": 0, "states": 0, "commits": 0, "max_seconds": 0.0, "failures": []}
    seen = set()
    lock = threading.Lock()

    def fail(message):
        with lock:
            if len(tally["failures"]) < 10:
                tally["failures"].append(message)

    def write():
        if args.writer == "import":
            feeds = args.feeds.split(",")
            while not stop.is_set():
                feed = feeds[tally["commits"] % 2]
                result = subprocess.run([args.rosterdb, "--db", args.db, "--busy-timeout", "30", "import", "--quiet",
                                         feed], capture_output=True, timeout=300)
                if result.returncode != 0:
                    fail(f"writer: import exited {result.returncode}: {result.stderr.decode().strip()}")
                    return
                tally["commits"] += 1
            return
        connection = None
        value = 0
        while not stop.is_set():
            if connection is None:
                connection = sqlite3.connect(args.db, timeout=30, isolation_level=None)
            value += 1
            connection.execute("BEGIN IMMEDIATE")
            connection.execute("UPDATE players SET goals = ?", (value,))
            connection.execute("COMMIT")
            tally["commits"] += 1
            if args.writer == "reconnect":
                connection.close()
                connection = None
            time.sleep(0.002)
        if connection is not None:
            connection.close()

    def state_of(rows):
        """The state a whole export shows, or None when its rows come from two states."""
        if args.writer != "import":
            values = {row["goals"] for row in rows}
            return f"goals={values.pop()}" if len(values) == 1 else None
        for seed in (1, 2):
            if all(row["goals"] == goals(row["id"], seed) for row in rows):
                return f"seed={seed}"
        return None

    def read(count, expected):
        command = ["setpriv", f"--reuid={args.uid}", f"--regid={args.uid}", "--clear-groups", args.rosterdb,
                   "--db", args.db, "export", "--format", "ndjson"]
        for _ in range(count):
            started = time.monotonic()
            try:
                result = subprocess.run(command, capture_output=True, timeout=120)
            except subprocess.TimeoutExpired:
                fail("export: no answer in 120 s")
                continue
            seconds = time.monotonic() - started
            with lock:
                tally["calls"] += 1
                tally["max_seconds"] = max(tally["max_seconds"], round(seconds, 3))
            if result.returncode != 0:
                fail(f"export exited {result.returncode}: {result.stderr.decode('utf-8', 'replace').strip()}")
                continue
            rows = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
            state = state_of(rows)
            if len(rows) != expected or state is None:
                fail(f"export saw {len(rows)} rows of {expected}, from "
                     + ("one state" if state else "more than one state"))
                continue
            with lock:
                seen.add(state)

    connection = sqlite3.connect(args.db, isolation_level=None)
    expected = connection.execute("SELECT count(*) FROM players").fetchone()[0]
    if args.writer != "import":
        # The state before the first commit is one value too.
        connection.execute("UPDATE players SET goals = 0")
    if args.writer == "rollback":
        connection.execute("PRAGMA journal_mode = DELETE")
    connection.close()
    writer = threading.Thread(target=write)
    writer.start()
    share = [args.calls // args.readers + (1 if number < args.calls % args.readers else 0)
             for number in range(args.readers)]
    readers = [threading.Thread(target=read, args=(count, expected)) for count in share]
    for thread in readers:
        thread.start()
    for thread in readers:
        thread.join()
    stop.set()
    writer.join()
    tally["states"] = len(seen)
    # Reads that all saw one state prove nothing about reading during writes.
    if tally["states"] < 2 and not tally["failures"]:
        fail(f"the readers saw only {tally['states']} state(s) in {tally['calls']} calls: no write overlapped")
    print(json.dumps(tally))
    sys.exit(1 if tally["failures"] else 0)


if __name__ == "__main__":
    main()
