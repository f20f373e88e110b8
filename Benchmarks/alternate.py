#!/usr/bin/env python3
"""Times two commands of a few milliseconds against each other, run after run in turn (A, B, A, B, …), so that a
machine that slows down or speeds up during the measurement moves both alike. hyperfine runs all of one command's
runs before the other's, and on a shared 2-core machine a drift of 10% within a minute is common: more than the
differences a before/after comparison looks for.

Usage: alternate.py RUNS LABEL 'COMMAND A' 'COMMAND B'
Prints one Markdown table row: LABEL | A's median | B's median | B / A, with the ratio's interquartile range over
the pairs of runs. Each command is split POSIX-style (shlex) and run without a shell, its output sent to /dev/null;
three warm-up rounds are not counted.
"""

import os
import shlex
import statistics
import sys
import time

WARM_UP = 3


def run_once(argv, devnull):
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
    _, status, _ = os.wait4(pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        sys.exit(f"alternate.py: {shlex.join(argv)} exited with status {os.waitstatus_to_exitcode(status)}")
    return elapsed


def main():
    if len(sys.argv) != 5 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 5:
        sys.exit("usage: alternate.py RUNS(>=5) LABEL 'COMMAND A' 'COMMAND B'")
    runs, label = int(sys.argv[1]), sys.argv[2]
    commands = [shlex.split(text) for text in sys.argv[3:5]]
    devnull = os.open(os.devnull, os.O_WRONLY)
    times = ([], [])
    for round_number in range(WARM_UP + runs):
        for side, argv in enumerate(commands):
            elapsed = run_once(argv, devnull)
            if round_number >= WARM_UP:
                times[side].append(elapsed)
    before, after = (statistics.median(side) for side in times)
    ratios = sorted(b / a for a, b in zip(*times))
    low, high = ratios[len(ratios) // 4], ratios[(3 * len(ratios)) // 4]
    print(f"| {label} | {before * 1000:.2f} ms | {after * 1000:.2f} ms | {after / before:.2f} "
          f"({low:.2f}–{high:.2f}) |")


if __name__ == "__main__":
    main()
