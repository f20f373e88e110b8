#!/usr/bin/env python3
"""Runs rosterdb readers in a loop while a writer runs, and checks that each sees the roster before or after.

Usage: readers.py ROSTERDB DB WRITER_PID OLD_COUNT NEW_COUNT PROBES [--readers N] [--min-calls N]

PROBES is a comma-separated list of ID:OLD_GOALS:NEW_GOALS. Each reader alternates `query --format json` (the
total must be OLD_COUNT or NEW_COUNT), `show ID --format json` of a probe (the goals must be its old or new goals)
and a filtered query; every call must exit 0. Readers run with `--busy-timeout 0`, so that a reader that needed
the writer's lock fails at once instead of waiting unseen. Only calls that started while the writer ran count;
reading stops when the writer has exited. Prints one JSON object with the tallies; exits 1 on any failure."""
import argparse
import json
import os
import subprocess
import sys
import threading
import time


def writer_running(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[1].split()[0] != "Z"
    except OSError:
        return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("rosterdb")
    parser.add_argument("db")
    parser.add_argument("writer_pid", type=int)
    parser.add_argument("old_count", type=int)
    parser.add_argument("new_count", type=int)
    parser.add_argument("probes")
    parser.add_argument("--readers", type=int, default=2)
    args = parser.parse_args()
    probes = [tuple(int(part) for part in probe.split(":")) for probe in args.probes.split(",")]
    base = [args.rosterdb, "--db", args.db, "--busy-timeout", "0"]
    lock = threading.Lock()
    tally = {"calls": 0, "queries": 0, "shows": 0, "filtered": 0, "old": 0, "new": 0, "max_seconds": 0.0,
             "failures": []}

    def record(kind, state, seconds, failure=None):
        with lock:
            tally["calls"] += 1
            tally[kind] += 1
            if state:
                tally[state] += 1
            tally["max_seconds"] = max(tally["max_seconds"], round(seconds, 4))
            if failure and len(tally["failures"]) < 10:
                tally["failures"].append(failure)

    def reader(number):
        step = number
        while writer_running(args.writer_pid):
            step += 1
            kind = ("queries", "shows", "filtered")[step % 3]
            if kind == "queries":
                command = base + ["query", "--format", "json", "--per-page", "3", "--sort", "goals:desc"]
            elif kind == "shows":
                probe = probes[step % len(probes)]
                command = base + ["show", str(probe[0]), "--format", "json"]
            else:
                command = base + ["query", "--format", "json", "--position", "FW", "--min-goals", "500"]
            started = time.monotonic()
            try:
                result = subprocess.run(command, capture_output=True, timeout=60)
            except subprocess.TimeoutExpired:
                record(kind, None, time.monotonic() - started, f"{' '.join(command[3:])}: no answer in 60 s")
                continue
            seconds = time.monotonic() - started
            # A probe absent before the import (old goals -1) is not found until the import commits.
            if kind == "shows" and probe[1] == -1 and result.returncode == 1 \
                    and f"no player has the id {probe[0]}\n".encode() in result.stderr:
                record(kind, "old", seconds)
                continue
            if result.returncode != 0:
                record(kind, None, seconds, f"{' '.join(command[3:])}: exit {result.returncode}: "
                       + result.stderr.decode("utf-8", "replace").strip())
                continue
            try:
                value = json.loads(result.stdout)
            except ValueError as error:
                record(kind, None, seconds, f"{' '.join(command[3:])}: not JSON ({error})")
                continue
            state, failure = None, None
            if kind == "queries":
                total = value["total"]
                state = "old" if total == args.old_count else "new" if total == args.new_count else None
                failure = None if state else f"query saw {total} players, neither {args.old_count} nor {args.new_count}"
            elif kind == "shows":
                goals = value["goals"]
                state = "old" if goals == probe[1] else "new" if goals == probe[2] else None
                failure = None if state else f"show {probe[0]} saw {goals} goals, neither {probe[1]} nor {probe[2]}"
            record(kind, state, seconds, failure)

    threads = [threading.Thread(target=reader, args=(number,)) for number in range(args.readers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(json.dumps(tally))
    sys.exit(1 if tally["failures"] else 0)


if __name__ == "__main__":
    main()
