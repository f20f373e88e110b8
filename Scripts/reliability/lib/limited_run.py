#!/usr/bin/env python3
"""Runs a command under resource limits, or sends it a signal at a moment it can see, and reports on one line of
JSON what became of it.

Usage: limited_run.py [--nofile N] [--address-space KIB] [--file-size KIB] [--timeout S]
                      [--signal TERM|INT|HUP (--at-file GLOB --min-size BYTES | --stalled-fifo FIFO)] -- COMMAND...

--nofile N            RLIMIT_NOFILE (ulimit -n) of the command.
--address-space KIB   RLIMIT_AS (ulimit -v) of the command, in KiB.
--file-size KIB       RLIMIT_FSIZE (ulimit -f) of the command, in KiB.
--at-file GLOB        signal once a file matching GLOB holds at least --min-size bytes (an export's temporary
                      file, part written).
--stalled-fifo FIFO   open FIFO for reading before the command starts, read nothing, and signal once the pipe is
                      full: the command then waits in write(2) for a reader that does not read.
--timeout S           how long the command may take; past it, it is killed and reported as "hung".

The command starts with SIGINT, SIGHUP, SIGPIPE and SIGXFSZ at their defaults, as a login shell leaves them, whatever
this script inherited. The report: {"status": exit status, or -N when signal N ended it; "signalled": whether the
signal was sent while the command ran; "after_signal": seconds from it to the exit; "hung"; "stderr"; and
"exec_error" with status null when the program could not be started at all}."""
import argparse
import fcntl
import glob
import json
import os
import resource
import signal
import struct
import subprocess
import termios
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nofile", type=int)
    parser.add_argument("--address-space", type=int)
    parser.add_argument("--file-size", type=int)
    parser.add_argument("--signal")
    parser.add_argument("--at-file")
    parser.add_argument("--min-size", type=int, default=1)
    parser.add_argument("--stalled-fifo")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    number = getattr(signal, "SIG" + args.signal) if args.signal else None

    def prepare():
        for name in ("SIGINT", "SIGHUP", "SIGPIPE", "SIGXFSZ"):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
        if args.nofile is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (args.nofile, args.nofile))
        if args.address_space is not None:
            limit = args.address_space * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        if args.file_size is not None:
            limit = args.file_size * 1024
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    # Opened without waiting for a writer, so that the command's open for writing finds a reader.
    reader = os.open(args.stalled_fifo, os.O_RDONLY | os.O_NONBLOCK) if args.stalled_fifo else None
    started = time.monotonic()
    try:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, preexec_fn=prepare)
    except OSError as error:
        # exec(2) itself failed: the program cannot even be loaded under these limits.
        print(json.dumps({"status": None, "exec_error": error.strerror, "signalled": False, "hung": False,
                          "stderr": ""}))
        return
    deadline = started + args.timeout
    signalled_at = None
    while number is not None and signalled_at is None and process.poll() is None \
            and time.monotonic() < deadline:
        if args.at_file:
            ready = any(os.path.getsize(path) >= args.min_size for path in glob.glob(args.at_file)
                        if os.path.exists(path))
        else:
            pending = struct.unpack("i", fcntl.ioctl(reader, termios.FIONREAD, b"\0\0\0\0"))[0]
            ready = pending >= 65536
        if ready:
            process.send_signal(number)
            signalled_at = time.monotonic()
        time.sleep(0.002)
    hung = False
    try:
        stderr = process.communicate(timeout=max(0.1, deadline - time.monotonic()))[1]
    except subprocess.TimeoutExpired:
        hung = True
        process.kill()
        stderr = process.communicate()[1]
    ended = time.monotonic()
    if reader is not None:
        os.close(reader)
    print(json.dumps({
        "status": process.returncode,
        "signalled": signalled_at is not None,
        "after_signal": round(ended - signalled_at, 4) if signalled_at is not None else None,
        "hung": hung,
        "stderr": stderr.decode("utf-8", "replace"),
    }))


if __name__ == "__main__":
    main()
