#!/usr/bin/env python3
"""Sends one burst of clients at a running `rosterdb serve` at the same moment, then waits for the server to give
back what the burst took, and reports on one line of JSON.

Usage: server_burst.py PORT PID ROSTER [--requests PATH=N ...] [--slow-readers N] [--slow-writers N]
                       [--slow-seconds S] [--settle S] [--rss-margin KIB] [--threads N]
       server_burst.py --summary LABEL REPORT   (the figures of a report: in full on standard error, in short on
                                                 standard output)

--requests PATH=N   N clients asking for PATH (repeat for several), each on a connection of its own, reading the
                    answer whole.
--slow-readers N    N clients asking for the streamed list and reading it at 80 kB/s for --slow-seconds, then
                    closing.
--slow-writers N    N clients sending a request's line, then one header line every 2 s, never the end of the head:
                    no request of theirs is ever whole, and the server must close them (its deadline for a head
                    is 10 s from accepting them; one still open after 40 s is a failure).
--settle S          how long the server may take, once the burst is over, to be back to its baseline (default 20).
--rss-margin KIB    how far above the baseline the resident memory may stay (default 8192).
--threads N         the server's threads, each with a connection to the roster of its own (default 2).

Before the burst it notes the baseline: the server's descriptors (those on the roster apart: SQLite keeps one per
connection it closed while others hold the roster locked, for the next it opens) and its resident memory. Every
client that completes its request must get an answer: 200, or 503 with Retry-After (any other status, a 503
without Retry-After, or a connection closed or reset without a status line is a failure). After the burst, the
descriptors other than the roster's must come back to the baseline, the roster's to at most the baseline plus the
most connections that may read at once (one per stream, and one per thread), and the resident memory to within the
margin, all within --settle seconds. The report: requests, answers by status, failures, seconds, the slowest
answer, and descriptors and memory before, at the peak and after. Exits 1 when a check failed."""
import argparse
import collections
import json
import os
import socket
import sys
import threading
import time


def measure(pid, roster):
    """(descriptors on the roster's files, other descriptors, resident KiB) of process `pid`."""
    roster_fds = other_fds = 0
    folder = f"/proc/{pid}/fd"
    for name in os.listdir(folder):
        try:
            target = os.readlink(os.path.join(folder, name))
        except OSError:
            continue
        if target.startswith(roster):
            roster_fds += 1
        else:
            other_fds += 1
    rss = 0
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
    return roster_fds, other_fds, rss


def head_of(data):
    """(status, headers) of the response head at the start of `data`, or (None, {}) when there is none."""
    head, _, _ = data.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    if not lines or not lines[0].startswith(b"HTTP/1."):
        return None, {}
    parts = lines[0].split(b" ")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        headers[name.strip().lower().decode("latin-1")] = value.strip().decode("latin-1")
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None, headers


def request(path):
    return (f"GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").encode()


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.statuses = collections.Counter()
        self.failures = collections.Counter()
        self.slowest = 0.0
        self.writers_closed = 0
        self.writers_left_open = 0

    def answer(self, status, headers, seconds):
        with self.lock:
            self.slowest = max(self.slowest, seconds)
            if status is None:
                self.failures["no answer"] += 1
            elif status == 503 and "retry-after" not in headers:
                self.failures["503 without Retry-After"] += 1
            elif status not in (200, 503):
                self.failures[f"status {status}"] += 1
            self.statuses[str(status)] += 1


def fast_client(port, path, tally, gate):
    gate.wait()
    started = time.monotonic()
    data = b""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=60) as connection:
            connection.settimeout(60)
            connection.sendall(request(path))
            while True:
                piece = connection.recv(65536)
                if not piece:
                    break
                if len(data) < 4096:
                    data += piece
    except OSError:
        pass
    status, headers = head_of(data)
    tally.answer(status, headers, time.monotonic() - started)


def slow_reader(port, path, seconds, tally, gate):
    gate.wait()
    started = time.monotonic()
    data = b""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=60) as connection:
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
            connection.settimeout(60)
            connection.sendall(request(path))
            until = time.monotonic() + seconds
            while time.monotonic() < until:
                piece = connection.recv(8192)
                if not piece:
                    break
                if len(data) < 4096:
                    data += piece
                time.sleep(0.1)
    except OSError:
        pass
    status, headers = head_of(data)
    tally.answer(status, headers, time.monotonic() - started)


def slow_writer(port, tally, gate, limit):
    gate.wait()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            connection.sendall(b"GET /api/players/1 HTTP/1.1\r\nHost: localhost\r\n")
            until = time.monotonic() + limit
            line = 0
            while time.monotonic() < until:
                connection.settimeout(2)
                try:
                    if connection.recv(4096) == b"":
                        break
                except socket.timeout:
                    pass
                line += 1
                connection.sendall(f"X-Slow-{line}: y\r\n".encode())
            else:
                with tally.lock:
                    tally.writers_left_open += 1
                return
    except OSError:
        pass
    with tally.lock:
        tally.writers_closed += 1


def summarize(label, report):
    """Prints a report's figures in full on standard error, and in short on standard output."""
    r = json.loads(report)
    d, m = r["descriptors"], r["rss_kib"]
    statuses = "/".join(f"{status}:{count}" for status, count in r["statuses"].items())
    print(f"{label}: {r['requests']} requests in {r['seconds']} s (slowest {r['slowest']} s): {statuses}; "
          f"{r['slow_writers_closed']} slow writers closed; descriptors {d['before']} -> peak {d['peak']} -> "
          f"{d['after']} (on the roster {d['roster_before']} -> {d['roster_after']}); RSS {m['before'] // 1024} -> "
          f"peak {m['peak'] // 1024} -> {m['after'] // 1024} MB; back in {r['settled_seconds']} s", file=sys.stderr)
    print(f"{label} {r['requests']} requests {statuses} in {r['seconds']} s, fds {d['before']}->{d['after']}, "
          f"RSS {m['before'] // 1024}->{m['after'] // 1024} MB")


def main():
    if sys.argv[1:2] == ["--summary"]:
        summarize(sys.argv[2], sys.argv[3])
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("pid", type=int)
    parser.add_argument("roster")
    parser.add_argument("--requests", action="append", default=[])
    parser.add_argument("--slow-readers", type=int, default=0)
    parser.add_argument("--slow-writers", type=int, default=0)
    parser.add_argument("--slow-seconds", type=float, default=3)
    parser.add_argument("--settle", type=float, default=20)
    parser.add_argument("--rss-margin", type=int, default=8192)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    baseline = measure(args.pid, args.roster)
    tally = Tally()
    clients = []
    streams = args.slow_readers
    for spec in args.requests:
        path, _, count = spec.rpartition("=")
        if "format=" in path:
            streams += int(count)
        clients += [(fast_client, (args.port, path, tally)) for _ in range(int(count))]
    clients += [(slow_reader, (args.port, "/api/players?format=ndjson", args.slow_seconds, tally))
                for _ in range(args.slow_readers)]
    # Closed by the server within its 10 s deadline for a head once it has accepted them, which, out of
    # descriptors, may wait until others have left; left open for 40 s, a failure.
    clients += [(slow_writer, (args.port, tally)) for _ in range(args.slow_writers)]
    gate = threading.Barrier(len(clients) + 1)
    threads = []
    for function, arguments in clients:
        if function is slow_writer:
            thread = threading.Thread(target=function, args=arguments + (gate, 40.0), daemon=True)
        else:
            thread = threading.Thread(target=function, args=arguments + (gate,), daemon=True)
        thread.start()
        threads.append(thread)
    peak = baseline
    gate.wait()
    started = time.monotonic()
    while any(thread.is_alive() for thread in threads):
        try:
            now = measure(args.pid, args.roster)
            peak = tuple(max(a, b) for a, b in zip(peak, now))
        except OSError:
            break
        time.sleep(0.2)
    seconds = time.monotonic() - started

    # Back to the baseline: every other descriptor, the roster's within what SQLite keeps, the memory within the
    # margin.
    roster_allowed = baseline[0] + min(streams, 256) + args.threads
    settled_after = None
    after = measure(args.pid, args.roster)
    settle_started = time.monotonic()
    while time.monotonic() - settle_started < args.settle:
        after = measure(args.pid, args.roster)
        if after[1] <= baseline[1] and after[0] <= roster_allowed and after[2] <= baseline[2] + args.rss_margin:
            settled_after = time.monotonic() - settle_started
            break
        time.sleep(0.25)

    problems = [f"{count} {kind}" for kind, count in sorted(tally.failures.items())]
    if tally.writers_left_open:
        problems.append(f"{tally.writers_left_open} slow writers left open past the deadline for a head")
    if settled_after is None:
        problems.append(
            f"not back to the baseline within {args.settle:g} s: {after[1]} other descriptors (baseline "
            f"{baseline[1]}), {after[0]} on the roster (at most {roster_allowed}), {after[2]} KiB resident "
            f"(baseline {baseline[2]} KiB)")
    report = {
        "requests": sum(tally.statuses.values()),
        "statuses": dict(sorted(tally.statuses.items())),
        "slow_writers_closed": tally.writers_closed,
        "seconds": round(seconds, 2),
        "slowest": round(tally.slowest, 2),
        "descriptors": {"before": baseline[0] + baseline[1], "peak": peak[0] + peak[1], "after": after[0] + after[1],
                        "roster_before": baseline[0], "roster_after": after[0]},
        "rss_kib": {"before": baseline[2], "peak": peak[2], "after": after[2]},
        "settled_seconds": None if settled_after is None else round(settled_after, 2),
        "problems": problems,
    }
    print(json.dumps(report))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
