#!/usr/bin/env python3
"""Runs one writing command of rosterdb again and again, each time on a fresh copy of a roster, with its output
failing in one way and a signal at one moment of its run, and judges each outcome by the truth table: the exit
status, the JSON report and the change list must tell what became of the roster. Prints one JSON line per run.

Usage: outcome_run.py clean --before DB --reference DIR --work DIR [--input FILE] -- COMMAND...
       outcome_run.py sweep --before DB --reference DIR --work DIR --label L --kind KIND --signals S,...
                            --moments M,... [--input FILE] [--tmpfs DIR] [--stall-at F] [--grace S] [--timeout S]
                            -- COMMAND...

COMMAND is rosterdb's command line; {db} in it stands for the roster's path, {changes} for the file --changes names.

clean  runs the command once as it should run and keeps in DIR what it left: the roster (`state`, as dbstate.py
       prints it), the roster before (`before`), its standard output (`stdout`), its change list (`changes`), and
       `run.json`: the exit status and when each point of its run came (seconds from the start: "read_done", the
       input read; "wal", the roster's log first written; "changes_started", the first bytes of the change list;
       "renamed", the change list in place; "elapsed", the exit).
sweep  runs the command once per signal and moment, and prints one JSON line per run (see judge()). A run still
       going --grace seconds after its signal (default 10), or --timeout seconds after its start (default ten times
       the clean run's and 30 more), is killed and reported as a hang.

KIND is what becomes of the output:
  plain                  standard output read at once; --changes a file with old content
  locked                 the same, while another connection holds the roster's write lock
  stdout-closed          standard output closed (`>&-`)
  stdout-full            standard output /dev/full
  stdout-stalled         standard output a pipe filled before the start, which no one reads
  changes-full           --changes /dev/full
  changes-tmpfs          --changes a file with old content on the full file system mounted at --tmpfs
  changes-fifo-unopened  --changes a FIFO no one opens
  changes-fifo-stalled   --changes a FIFO whose reader reads --stall-at (a share of the clean list) and stops

SIGNALS: INT, TERM, HUP, KILL, or none (one run without a signal, whatever the moments).
MOMENTS, when the signal is sent (a point, then optionally +SECONDS after it):
  start               the start
  input:F             once the command has read the share F of --input (its offset in /proc)
  read                once it has read all of --input
  wal                 once the roster's -wal file first grows: for a short command, its commit
  changes:F           once the change list (its temporary file, or the bytes a FIFO's reader got) holds the share F
                      of the clean run's list: after the commit
  renamed             once the change list has been renamed into place
  blocked             once the command has waited in write(2), poll(2) or open(2) for 20 ms: on a pipe or FIFO no
                      one reads (after the commit), or a FIFO no one opens. Where /proc does not show the call
                      (another machine, ptrace forbidden), twice the clean run's time after the start instead.
A signal whose moment has not come when the command ends is not sent ("signalled": false)."""
import argparse
import glob
import json
import os
import platform
import re
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dbstate import describe  # noqa: E402
from history_check import UNCHANGED, Snapshot, check as check_history  # noqa: E402

# The exit statuses that say the change was saved (4: written, not pruned; 5: saved, its report not written) and
# those that say the roster was left as it was.
SAVED = {0, 4, 5}
NOT_SAVED = {1, 3, 64, 65, 66, 74, 75, 130, 143}
# What a crash, rather than an error, leaves on standard error.
CRASH_TRACE = re.compile(r"Fatal error|Program crashed|Stack dump|Current stack trace|Segmentation fault|"
                         r"Illegal instruction|backtrace|Thread \d+ crashed", re.IGNORECASE)
# System calls in which the main thread waits on a reader or for a FIFO to open: write, writev, poll, ppoll,
# open, openat, by machine.
WAIT_CALLS = {"x86_64": {1, 2, 7, 20, 257, 271}, "aarch64": {56, 64, 66, 73}}.get(platform.machine(), set())
BLOCKED_AFTER = 0.02
POLL = 0.0005


def parse_moment(text):
    """`point[:share][+seconds]` → (point, share, seconds)."""
    match = re.fullmatch(r"(start|input|read|wal|changes|renamed|blocked)(?::([0-9.]+))?(?:\+([0-9.]+))?", text)
    if not match:
        sys.exit(f"outcome_run.py: unknown moment {text}")
    return match.group(1), float(match.group(2) or 0), float(match.group(3) or 0)


def input_offset(pid, path):
    """The command's offset in `path`, or None while it has not opened it."""
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == path:
                    with open(f"/proc/{pid}/fdinfo/{fd}") as info:
                        for line in info:
                            if line.startswith("pos:"):
                                return int(line.split()[1])
            except OSError:
                continue
    except OSError:
        pass
    return None


def waiting_call(pid):
    """The system call the main thread waits in, as /proc shows it, when it is one of WAIT_CALLS; else None, or
    False when /proc does not show it at all."""
    if not WAIT_CALLS:
        return False
    try:
        with open(f"/proc/{pid}/syscall") as file:
            line = file.read().strip()
    except PermissionError:
        return False
    except OSError:
        return None
    fields = line.split()
    if not fields or not fields[0].isdigit() or int(fields[0]) not in WAIT_CALLS:
        return None
    return line


def size_of(path):
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def stat_of(path):
    """What tells one state of a file from the next: its inode, size and change time; None when it is missing."""
    try:
        status = os.stat(path)
        return status.st_ino, status.st_size, status.st_mtime_ns
    except OSError:
        return None


def inode_of(path):
    try:
        return os.stat(path).st_ino
    except OSError:
        return None


def read_available(descriptor, chunks, limit=None):
    """Reads what a non-blocking descriptor holds (at most `limit` bytes in all, counting `chunks`); False at EOF."""
    while True:
        room = 1 << 16 if limit is None else min(1 << 16, limit - sum(map(len, chunks)))
        if room <= 0:
            return True
        try:
            data = os.read(descriptor, room)
        except BlockingIOError:
            return True
        if not data:
            return False
        chunks.append(data)


def nonblocking_pipe():
    reader, writer = os.pipe()
    os.set_blocking(reader, False)
    return reader, writer


class Run:
    """One run of the command: its roster, its outputs, the signal, and what became of it."""

    OLD_CHANGES = b'{"old":"the change list of an earlier import"}\n'

    def __init__(self, args, kind, signal_name, moment):
        self.args, self.kind, self.signal_name, self.moment = args, kind, signal_name, moment
        self.folder = os.path.join(args.work, "run")
        shutil.rmtree(self.folder, ignore_errors=True)
        os.makedirs(self.folder)
        self.db = os.path.join(self.folder, "roster.db")
        shutil.copyfile(args.before, self.db)
        if os.path.exists(args.before + "-wal"):
            shutil.copyfile(args.before + "-wal", self.db + "-wal")
        self.changes_folder = args.tmpfs if kind == "changes-tmpfs" else self.folder
        if kind == "changes-tmpfs":
            for name in os.listdir(self.changes_folder):
                os.remove(os.path.join(self.changes_folder, name))
        self.changes = "/dev/full" if kind == "changes-full" else os.path.join(self.changes_folder, "changes.ndjson")
        self.fifo_reader = None
        if kind.startswith("changes-fifo"):
            os.mkfifo(self.changes)
            if kind == "changes-fifo-stalled":
                # Opened without waiting for a writer, so that the command's open for writing finds a reader.
                self.fifo_reader = os.open(self.changes, os.O_RDONLY | os.O_NONBLOCK)
        elif kind != "changes-full":
            with open(self.changes, "wb") as file:
                file.write(Run.OLD_CHANGES)
            os.chmod(self.changes, 0o640)
        if kind == "changes-tmpfs":
            fill(self.changes_folder)
        self.changes_inode = inode_of(self.changes)

    def command(self):
        return [part.replace("{db}", self.db).replace("{changes}", self.changes) for part in self.args.command]

    def execute(self, reference):
        """Runs the command with the signal at the moment; returns the facts judge() weighs."""
        args, kind = self.args, self.kind
        number = None if self.signal_name == "none" else getattr(signal, "SIG" + self.signal_name)
        point, share, delay = parse_moment(self.moment)
        input_path = os.path.realpath(args.input) if args.input else None
        input_size = os.path.getsize(input_path) if input_path else 0
        list_size = reference.get("changes_size", 0)
        stdout_reader = None
        filler = 0
        if kind in ("stdout-closed", "stdout-full"):
            stdout = open("/dev/full", "wb") if kind == "stdout-full" else subprocess.DEVNULL
        else:
            stdout_reader, stdout = nonblocking_pipe()
            if kind == "stdout-stalled":
                # Filled to the brim before the start: the command's first write to it waits for good.
                os.set_blocking(stdout, False)
                try:
                    while True:
                        filler += os.write(stdout, b"-" * 4096)
                except BlockingIOError:
                    pass
                os.set_blocking(stdout, True)
        stderr_reader, stderr = nonblocking_pipe()
        holder = None
        if kind == "locked":
            holder = sqlite3.connect(self.db, isolation_level=None)
            holder.execute("BEGIN IMMEDIATE")

        def prepare():
            for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGPIPE", "SIGXFSZ"):
                signal.signal(getattr(signal, name), signal.SIG_DFL)
            if kind == "stdout-closed":
                os.close(1)

        started = time.monotonic()
        process = subprocess.Popen(self.command(), stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr,
                                   preexec_fn=prepare)
        for end in (stdout, stderr):
            if isinstance(end, int) and end != subprocess.DEVNULL:
                os.close(end)
            elif hasattr(end, "close"):
                end.close()
        stdout_chunks, stderr_chunks, fifo_chunks = [], [], []
        stall_limit = int(args.stall_at * list_size) if self.fifo_reader is not None else None
        marks = {}
        # Any change of the log, not only growth: a short command's commit and checkpoint can grow and truncate
        # it between two polls.
        wal_state = stat_of(self.db + "-wal")
        waiting, waiting_since = None, None
        fire_at = started + delay if number is not None and point == "start" else None
        signalled_at = None
        deadline = started + args.timeout
        hung = False
        while process.poll() is None:
            now = time.monotonic()
            if stdout_reader is not None and kind != "stdout-stalled":
                read_available(stdout_reader, stdout_chunks)
            read_available(stderr_reader, stderr_chunks)
            if self.fifo_reader is not None:
                read_available(self.fifo_reader, fifo_chunks, stall_limit)
            if input_path and "read_done" not in marks:
                offset = input_offset(process.pid, input_path)
                if offset is not None:
                    if "input_share" not in marks and point == "input" and offset >= share * input_size:
                        marks["input_share"] = now
                    if offset >= input_size:
                        marks["read_done"] = now
            if "wal" not in marks and stat_of(self.db + "-wal") != wal_state:
                marks["wal"] = now
            written = changes_written(self, fifo_chunks)
            if "changes_started" not in marks and written > 0:
                marks["changes_started"] = now
            if point == "changes" and "changes_share" not in marks and written > 0 and written >= share * list_size:
                marks["changes_share"] = now
            if "renamed" not in marks and self.changes_inode is not None and kind != "changes-full" \
                    and inode_of(self.changes) not in (self.changes_inode, None):
                marks["renamed"] = now
            call = waiting_call(process.pid) if point == "blocked" and "blocked" not in marks else None
            if call is False:
                marks["blocked"] = started + 2 * reference.get("elapsed", 1)
            elif call is None:
                waiting, waiting_since = None, None
            elif call != waiting:
                waiting, waiting_since = call, now
            elif now - waiting_since >= BLOCKED_AFTER:
                marks["blocked"] = now
            if number is not None and fire_at is None:
                key = {"input": "input_share", "changes": "changes_share", "read": "read_done"}.get(point, point)
                if key in marks:
                    fire_at = marks[key] + delay
            if fire_at is not None and signalled_at is None and now >= fire_at:
                # send_signal skips a command its own poll finds ended: then nothing was sent.
                process.send_signal(number)
                if process.returncode is not None:
                    break
                signalled_at = time.monotonic()
            if now > deadline or (signalled_at is not None and now > signalled_at + args.grace):
                hung = True
                process.kill()
                break
            time.sleep(POLL)
        process.wait()
        ended = time.monotonic()
        # What changed after the last poll, at the end: a rename just before the exit is still seen.
        if "renamed" not in marks and self.changes_inode is not None and kind != "changes-full" \
                and inode_of(self.changes) not in (self.changes_inode, None):
            marks["renamed"] = ended
        if holder is not None:
            holder.rollback()
            holder.close()
        # What the outputs still hold: everything once the command has gone.
        if stdout_reader is not None:
            read_available(stdout_reader, stdout_chunks)
            os.close(stdout_reader)
        read_available(stderr_reader, stderr_chunks)
        os.close(stderr_reader)
        if self.fifo_reader is not None:
            read_available(self.fifo_reader, fifo_chunks)
            os.close(self.fifo_reader)
        stdout_bytes = b"".join(stdout_chunks)
        if kind == "stdout-stalled":
            stdout_bytes = stdout_bytes[filler:]
        return {
            "status": process.returncode,
            "signalled": signalled_at is not None,
            "at": round(signalled_at - started, 4) if signalled_at is not None else None,
            "after_signal": round(ended - signalled_at, 4) if signalled_at is not None else None,
            "elapsed": round(ended - started, 4),
            "hung": hung,
            "marks": {name: round(at - started, 4) for name, at in marks.items()},
            "stdout": stdout_bytes,
            "stderr": b"".join(stderr_chunks).decode("utf-8", "replace"),
            "fifo": b"".join(fifo_chunks) if kind.startswith("changes-fifo") else None,
        }

    def leftovers(self):
        """Files beside the change list other than it: temporary files left behind."""
        name = os.path.basename(self.changes)
        return sorted(path for path in glob.glob(os.path.join(self.changes_folder, name + ".tmp-*")))

    def changes_content(self):
        try:
            with open(self.changes, "rb") as file:
                return file.read()
        except OSError:
            return None


def changes_written(run, fifo_chunks):
    """Bytes of the change list written so far: in its temporary file, or read from the FIFO."""
    if run.kind.startswith("changes-fifo"):
        return sum(map(len, fifo_chunks))
    if run.kind == "changes-full":
        return 0
    return max((size_of(path) for path in run.leftovers()), default=0)


def fill(folder):
    """Fills the file system at `folder` to the last byte (with a file of its own, removed by the next run)."""
    descriptor = os.open(os.path.join(folder, "filler"), os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    for block in (b"\0" * 4096, b"\0"):
        try:
            while os.write(descriptor, block):
                pass
        except OSError:
            pass
    os.close(descriptor)


def parse_report(data):
    """The one JSON object of a report: (object, None), (None, "absent") or (None, what is wrong with it)."""
    text = data.decode("utf-8", "replace")
    if not text:
        return None, "absent"
    lines = text.splitlines()
    try:
        value = json.loads(text)
    except ValueError:
        return None, f"not one JSON object ({len(text)} bytes, {len(lines)} lines: {text[:80]!r}…)"
    if not isinstance(value, dict):
        return None, "not a JSON object"
    return value, None


def comparable(report):
    """A report without what changes from run to run."""
    return {key: value for key, value in report.items() if key != "seconds"}


def judge(run, facts, reference, before, after, history_before):
    """Weighs one run by the truth table; returns the record printed for it: the command (label, kind, signal,
    moment, and the command line itself), what became of it ("signalled", "at": seconds from the start to the
    signal, "status": the exit status or -N for death by signal N, "after_signal": seconds from the signal to the
    exit), the roster ("before", "after", "other"), the report's "committed" (or "absent", or what is wrong with
    it; "n/a" when it was not asked for or not read), the change list ("old", "complete", "partial (N bytes)", the
    bytes a FIFO's reader got), the temporary files left beside it, the history the run recorded ("history":
    changes and writes; see history_check.py), and "violations": what broke the table."""
    command = run.args.command
    has_report = "--report" in command
    has_changes = "--changes" in command
    kind = run.kind
    status = facts["status"]
    state = describe(run.db)
    roster = "before" if state == before else "after" if state == after else f"other ({state})"
    violations = []
    killed = run.signal_name == "KILL" and facts["signalled"] and status == -signal.SIGKILL
    if facts["hung"]:
        violations.append(f"no exit within {run.args.grace} s of the signal or {run.args.timeout} s in all (killed)")
    elif CRASH_TRACE.search(facts["stderr"]):
        violations.append("a crash trace on standard error: " + facts["stderr"][-300:].strip())
    if not state.startswith("ok "):
        violations.append(f"the roster is damaged: {state}")
    elif roster.startswith("other"):
        violations.append("the roster is neither the one before nor the one after the command")
    # The history: it agrees with the players (history_check.py), and a roster as after holds the clean run's
    # write, a roster as before none. The players are compared row by row above: a history the clean run's replay
    # (or, for a roster as before, none) has already proved for them is not replayed again.
    history = None
    if state.startswith("ok "):
        clean_history = reference["history"]
        proved = clean_history["digest"] if roster == "after" else UNCHANGED if roster == "before" else None
        history = check_history(history_before, run.db, replayed=proved)
        violations += ["history: " + text for text in history["violations"]]
        if roster == "after" and state != before and (history["changes"], history["made_by"]) != (
                clean_history["changes"], clean_history["made_by"]):
            violations.append(f"history: the roster is as after, but {history['changes']} changes were recorded by "
                              f"{history['made_by']}, not {clean_history['changes']} by {clean_history['made_by']}")
        history = {"changes": history["changes"], "writes": history["writes"]}
    saved = None
    # Died of the signal itself, before rosterdb set its handler (in its first milliseconds): a shell reports
    # 128+N, as for 130 and 143, and so must the roster.
    died = facts["signalled"] and run.signal_name in ("INT", "TERM", "HUP") \
        and status == -getattr(signal, "SIG" + run.signal_name)
    if killed:
        pass
    elif died:
        saved = False
        if roster != "before":
            violations.append(f"died of SIG{run.signal_name}, but the roster is {roster}")
    elif status in SAVED:
        saved = True
        if state != after:
            violations.append(f"exit {status} says the change was saved, but the roster is {roster}")
    elif status in NOT_SAVED:
        saved = False
        if roster != "before":
            violations.append(f"exit {status} says the roster was left as it was, but it is {roster}")
    elif not facts["hung"]:
        violations.append(f"exit status {status} is none the truth table knows"
                          + (f" (signal {-status})" if status < 0 else ""))
    # What the roster tells: was the change committed? (A dry run never commits.)
    dry_run = bool(reference.get("dry_run"))
    committed = state == after and not dry_run and state != before
    # The report, when the command prints one and its standard output was read.
    report, problem = None, None
    report_field = "n/a"
    stdout_read = kind not in ("stdout-closed", "stdout-full")
    if has_report and stdout_read:
        report, problem = parse_report(facts["stdout"])
        report_field = report.get("committed") if report is not None else problem
        if report is not None:
            if report.get("committed") is not committed:
                violations.append(f"the report says committed {report.get('committed')}, but the roster is "
                                  f"{roster}")
            if (report.get("status") == "committed") != (report.get("committed") is True):
                violations.append(f"the report's status {report.get('status')} and committed "
                                  f"{report.get('committed')} disagree")
        elif problem != "absent":
            violations.append(f"the report is {problem}")
        if status == 0 and not killed:
            if report is None:
                violations.append("exit 0 without the report")
            elif comparable(report) != comparable(reference["report"]):
                violations.append("exit 0 but the report differs from the clean run's")
        # Refused, failed or interrupted: the report says so, once the command line was read (64: may be not).
        if saved is False and status != 64 and not died and kind != "stdout-stalled" and report is None:
            violations.append(f"exit {status} without the report (committed false) that --report json promises")
    elif stdout_read and status == 0 and not killed and facts["stdout"] != reference["stdout"]:
        violations.append("exit 0 but standard output differs from the clean run's")
    # The change list.
    changes_field = "n/a"
    leftovers = []
    if has_changes:
        clean_list = reference["changes"]
        if kind.startswith("changes-fifo"):
            got = facts["fifo"] or b""
            changes_field = "complete" if got == clean_list else f"{len(got)} of {len(clean_list)} bytes"
            if status == 0 and not killed and got != clean_list:
                violations.append(f"exit 0 but the FIFO's reader got {changes_field} of the change list")
        elif kind != "changes-full":
            content = run.changes_content()
            changes_field = ("old" if content == Run.OLD_CHANGES else "complete" if content == clean_list
                             else "absent" if content is None else f"partial ({len(content)} bytes)")
            leftovers = run.leftovers()
            if status == 0 and not killed and changes_field != "complete":
                violations.append(f"exit 0 but the --changes file is {changes_field}, not the complete list")
            elif changes_field not in ("old", "complete"):
                violations.append(f"the --changes file is {changes_field}: neither its old content nor the list")
            elif saved is False and changes_field != "old":
                violations.append(f"exit {status} says nothing was saved, but the --changes file was replaced")
            if leftovers and not killed:
                violations.append("a temporary file was left beside the --changes file: "
                                  + ", ".join(map(os.path.basename, leftovers)))
    return {
        "label": run.args.label,
        "kind": kind,
        "signal": run.signal_name,
        "moment": run.moment,
        "signalled": facts["signalled"],
        "at": facts["at"],
        "status": status,
        "after_signal": facts["after_signal"],
        "elapsed": facts["elapsed"],
        "roster": roster if not roster.startswith("other") else "other",
        "report": report_field,
        "changes": changes_field,
        "temporary_left": len(leftovers),
        "history": history,
        "marks": facts["marks"],
        "stderr": facts["stderr"].strip()[-200:],
        "command": shlex.join(run.command()),
        "violations": violations,
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--label", default="")
    parser.add_argument("--kind", default="plain")
    parser.add_argument("--signals", default="none")
    parser.add_argument("--moments", default="start")
    parser.add_argument("--input")
    parser.add_argument("--tmpfs")
    parser.add_argument("--stall-at", type=float, default=0.5)
    parser.add_argument("--grace", type=float, default=10)
    parser.add_argument("--timeout", type=float)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    if sys.argv[1:2] not in (["clean"], ["sweep"]):
        sys.exit(__doc__)
    args = parser.parse_args(sys.argv[2:])
    args.mode = sys.argv[1]
    args.command = args.command[1:] if args.command[:1] == ["--"] else args.command
    os.makedirs(args.work, exist_ok=True)

    if args.mode == "clean":
        os.makedirs(args.reference, exist_ok=True)
        args.timeout = args.timeout or 600
        before = describe(args.before)
        history_before = Snapshot(args.before)
        run = Run(args, "plain", "none", "start")
        facts = run.execute({})
        state = describe(run.db)
        # The clean run's history must agree with its roster too; what it recorded is what a run that leaves the
        # same roster must record.
        history = check_history(history_before, run.db)
        if history["violations"]:
            sys.exit("outcome_run.py: the clean run's history and roster disagree: " + "; ".join(history["violations"]))
        content = run.changes_content()
        report, _ = parse_report(facts["stdout"]) if "--report" in args.command else (None, None)
        record = {"status": facts["status"], "elapsed": facts["elapsed"], **facts["marks"],
                  "stderr": facts["stderr"], "changes_size": len(content or b""),
                  "dry_run": bool(report and report.get("dry_run")), "report": report,
                  "history": {key: history[key] for key in ("changes", "writes", "made_by", "digest")}}
        for name, value in (("before", before.encode()), ("state", state.encode()), ("stdout", facts["stdout"]),
                            ("changes", content or b""), ("run.json", json.dumps(record).encode())):
            with open(os.path.join(args.reference, name), "wb") as file:
                file.write(value)
        print(json.dumps({key: value for key, value in record.items() if key != "report"}))
        return

    def load(name):
        with open(os.path.join(args.reference, name), "rb") as file:
            return file.read()

    reference = json.loads(load("run.json"))
    # However busy the machine: a run may take ten times as long as the clean one, and half a minute more.
    args.timeout = args.timeout or 10 * reference["elapsed"] + 30
    reference["stdout"] = load("stdout")
    reference["changes"] = load("changes")
    before, after = load("before").decode(), load("state").decode()
    moments = args.moments.split(",")
    history_before = Snapshot(args.before)
    for signal_name in args.signals.split(","):
        for moment in (["-"] if signal_name == "none" else moments):
            run = Run(args, args.kind, signal_name, moment if moment != "-" else "start")
            facts = run.execute(reference)
            record = judge(run, facts, reference, before, after, history_before)
            if signal_name == "none":
                record["moment"] = "-"
            print(json.dumps(record, ensure_ascii=False), flush=True)
    shutil.rmtree(os.path.join(args.work, "run"), ignore_errors=True)


if __name__ == "__main__":
    main()
