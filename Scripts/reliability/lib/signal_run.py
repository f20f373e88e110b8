#!/usr/bin/env python3
"""Runs a command, sends it a signal at a chosen moment, and reports on one line of JSON what became of it.

Usage: signal_run.py [--signal KILL|TERM|INT|none] [--delay S]
                     [--at-input F | --after-read S | --at-change DB] [--input FILE] [--timeout S] -- COMMAND...

--delay S        signal S seconds after the command started (0: as soon as it runs); with --at-input, S seconds
                 after that point.
--at-input F     signal once the command has read the fraction F (0 to 1) of --input FILE, which this script sees
                 in /proc (the file's offset in the command's open file). Moments tied to the work done, not to the
                 clock, stay where they were meant to be however busy the machine is.
--after-read S   signal S seconds after the command has read all of --input FILE: where an import validates its
                 last records, commits and checkpoints. Reported as "read_done" (seconds from the start), also
                 without a signal.
--at-change DB   signal S (--delay) seconds after the file DB first changes (size or modification time). An
                 import writes its transaction to the write-ahead log; the database file itself changes only when
                 the log is copied into it, in the checkpoint that follows the commit. Reported as "changed",
                 also without a signal.
--timeout S      how long the command may take in all; past it, it is killed and reported as "hung".

The report: {"status": exit status, or -N when signal N ended it; "signalled": whether the signal was sent before
the command was seen to end (one already on its way out, freeing its memory, when the signal comes is
reported signalled, and its status shows the signal came too late); "elapsed": seconds; "after_signal": seconds from the signal to the exit; "read_done";
"changed": seconds from the start to the first change of --at-change DB; "hung"; "stderr"}."""
import argparse
import json
import os
import signal
import subprocess
import sys
import time


def input_offset(pid, path):
    """The command's offset in `path`, or None while it has not opened it."""
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") != path:
                    continue
                with open(f"/proc/{pid}/fdinfo/{fd}") as info:
                    for line in info:
                        if line.startswith("pos:"):
                            return int(line.split()[1])
            except OSError:
                continue
    except OSError:
        return None
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--signal", default="none")
    parser.add_argument("--delay", type=float)
    parser.add_argument("--at-input", type=float)
    parser.add_argument("--after-read", type=float)
    parser.add_argument("--at-change")
    parser.add_argument("--input")
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    number = None if args.signal == "none" else getattr(signal, "SIG" + args.signal)
    path = os.path.realpath(args.input) if args.input else None
    size = os.path.getsize(path) if path else 0

    def file_state(file):
        info = os.stat(file)
        return info.st_size, info.st_mtime_ns

    watched = file_state(args.at_change) if args.at_change else None
    started = time.monotonic()
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = started + args.timeout
    # When to send the signal: known at once for a plain delay, else once the input has been read far enough.
    fire_at = None
    if number is not None and args.at_input is None and args.after_read is None and watched is None:
        fire_at = started + (args.delay or 0)
    read_done = None
    changed = None
    signalled_at = None
    while process.poll() is None and time.monotonic() < deadline:
        now = time.monotonic()
        if path and read_done is None:
            offset = input_offset(process.pid, path)
            if offset is not None:
                if fire_at is None and number is not None and args.at_input is not None \
                        and offset >= args.at_input * size:
                    fire_at = now + (args.delay or 0)
                if offset >= size:
                    read_done = now
                    if fire_at is None and number is not None and args.after_read is not None:
                        fire_at = now + args.after_read
        if watched is not None and changed is None and file_state(args.at_change) != watched:
            changed = now
            if fire_at is None and number is not None:
                fire_at = now + (args.delay or 0)
        if fire_at is not None and signalled_at is None and now >= fire_at:
            # send_signal skips a command its own poll finds ended: then nothing was sent.
            process.send_signal(number)
            if process.returncode is not None:
                break
            signalled_at = time.monotonic()
        if signalled_at is not None and (read_done is not None or not path):
            break
        time.sleep(0.001)
    hung = False
    try:
        stderr = process.communicate(timeout=max(0.1, deadline - time.monotonic()))[1]
    except subprocess.TimeoutExpired:
        hung = True
        process.kill()
        stderr = process.communicate()[1]
    ended = time.monotonic()
    print(json.dumps({
        "status": process.returncode,
        "signalled": signalled_at is not None,
        "elapsed": round(ended - started, 4),
        "after_signal": round(ended - signalled_at, 4) if signalled_at is not None else None,
        "read_done": round(read_done - started, 4) if read_done is not None else None,
        "changed": round(changed - started, 4) if changed is not None else None,
        "hung": hung,
        "stderr": stderr.decode("utf-8", "replace"),
    }))


if __name__ == "__main__":
    main()
