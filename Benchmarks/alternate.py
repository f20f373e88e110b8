#!/usr/bin/env python3
"""Times two commands against each other (a few milliseconds each, or an import of seconds), run after run in turn (A, B, A, B, …), so that a
machine that slows down or speeds up during the measurement moves both alike. hyperfine runs all of one command's
runs before the other's, and on a shared 2-core machine a drift of 10% within a minute is common: more than the
differences a before/after comparison looks for.

Usage: alternate.py [--prepare-a SH] [--prepare-b SH] [--warm-up W] [--seconds] RUNS LABEL 'COMMAND A' 'COMMAND B'
Prints one Markdown table row: LABEL | A's median | B's median | B / A: the median of the ratios of the pairs of
runs (each pair ran at the same moment), with their interquartile range. Each command is split POSIX-style (shlex) and run without a shell, its output sent to /dev/null;
W warm-up rounds (3 by default) are not counted. A prepare command (an import's `rm -f` of its database) runs
through sh before each run of its side and is not timed. --seconds prints the medians in seconds, not ms.
"""

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time

WARM_UP = 3


def run_once(argv, devnull):
    start = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
    _, status, _ = os.wait4(pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        sys.exit(f"alternate.py: {shlex.join(argv)} exited with status {os.waitstatus_to_exitcode(status)}")
    return elapsed


def main():
    parser = argparse.ArgumentParser(prog="alternate.py")
    parser.add_argument("--prepare-a", default=None)
    parser.add_argument("--prepare-b", default=None)
    parser.add_argument("--warm-up", type=int, default=WARM_UP)
    parser.add_argument("--seconds", action="store_true")
    parser.add_argument("runs", type=int)
    parser.add_argument("label")
    parser.add_argument("commands", nargs=2)
    options = parser.parse_args()
    if options.runs < 5 or options.warm_up < 0:
        sys.exit("alternate.py: RUNS must be at least 5, and --warm-up at least 0")
    commands = [shlex.split(text) for text in options.commands]
    prepares = (options.prepare_a, options.prepare_b)
    devnull = os.open(os.devnull, os.O_WRONLY)
    times = ([], [])
    for round_number in range(options.warm_up + options.runs):
        for side, argv in enumerate(commands):
            if prepares[side] is not None and subprocess.run(["sh", "-c", prepares[side]]).returncode != 0:
                sys.exit(f"alternate.py: the prepare command {prepares[side]!r} failed")
            elapsed = run_once(argv, devnull)
            if round_number >= options.warm_up:
                times[side].append(elapsed)
    before, after = (statistics.median(side) for side in times)
    ratios = sorted(b / a for a, b in zip(*times))
    low, high = ratios[len(ratios) // 4], ratios[(3 * len(ratios)) // 4]
    shown = (lambda t: f"{t:.3f} s") if options.seconds else (lambda t: f"{t * 1000:.2f} ms")
    print(f"| {options.label} | {shown(before)} | {shown(after)} | {statistics.median(ratios):.2f} "
          f"({low:.2f}–{high:.2f}) |")


if __name__ == "__main__":
    main()
