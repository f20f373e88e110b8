#!/usr/bin/env python3
"""Sums up the runs outcome_run.py judged: a table of figures and every violation on standard error, and on
standard output one JSON object of totals for the result line. Exits 1 when any run broke the truth table.

Usage: outcome_table.py RUNS [--quiet]

RUNS holds outcome_run.py's lines. The table has a row per command and kind of fault: how many runs, how many a
signal reached, how many ended in each exit status (KILL: killed by SIGKILL; †TERM: died of SIGTERM before rosterdb
set its handler), how many left the roster as it was before and as it is after, and the slowest exit after a signal
(a SIGKILL's included), and how many recorded history (a write with its changes, which history_check.py replayed
onto the roster before and found to give the roster after). --quiet leaves the table out."""
import collections
import json
import sys


def exit_name(run):
    status = run["status"]
    if status is None or status >= 0:
        return str(status)
    if run["signal"] == "KILL" and status == -9:
        return "KILL"
    return f"†{run['signal']}" if run["signalled"] else f"signal {-status}"


def recorded(run):
    """Whether the run recorded history: a write of changes."""
    return bool(run.get("history") and run["history"]["writes"])


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    quiet = sys.argv[2:] == ["--quiet"]
    with open(sys.argv[1], encoding="utf-8") as file:
        runs = [json.loads(line) for line in file if line.strip()]
    rows = collections.OrderedDict()
    for run in runs:
        rows.setdefault((run["label"], run["kind"]), []).append(run)
    lines = [f"{'command':<24} {'kind of fault':<22} {'runs':>4} {'signalled':>9} {'before':>6} {'after':>5} "
             f"{'slowest':>8} {'history':>7}  exits"]
    for (label, kind), group in rows.items():
        exits = collections.Counter(exit_name(run) for run in group)
        waits = [run["after_signal"] for run in group if run["after_signal"] is not None]
        lines.append(
            f"{label:<24} {kind:<22} {len(group):>4} {sum(run['signalled'] for run in group):>9} "
            f"{sum(run['roster'] == 'before' for run in group):>6} {sum(run['roster'] == 'after' for run in group):>5} "
            f"{(f'{max(waits):.3f} s' if waits else '-'):>8} {sum(recorded(run) for run in group):>7}  "
            + ", ".join(f"{name}: {count}" for name, count in sorted(exits.items())))
    if not quiet:
        print("truthful-outcome: figures (slowest: from the signal to the exit)", file=sys.stderr)
        for line in lines:
            print("  " + line, file=sys.stderr)
    broken = [run for run in runs if run["violations"]]
    for run in broken:
        moment = "no signal" if run["signal"] == "none" else (
            f"SIG{run['signal']} at {run['moment']}"
            + (f" (sent {run['at']} s after the start)" if run["signalled"] else " (came after the exit: not sent)"))
        print(f"VIOLATION: {run['label']} [{run['kind']}], {moment}: exit {exit_name(run)}, roster {run['roster']}, "
              f"report committed {run['report']}, change list {run['changes']}: " + "; ".join(run["violations"])
              + f"\n    command: {run['command']}\n    stderr: {run['stderr']!r}", file=sys.stderr)
    reasons = collections.Counter()
    for run in broken:
        for violation in run["violations"]:
            reasons[(run["label"], run["kind"], violation.split(":")[0])] += 1
    if broken:
        print(f"truthful-outcome: {len(broken)} of {len(runs)} runs broke the truth table:", file=sys.stderr)
        for (label, kind, reason), count in reasons.items():
            print(f"  {count:>3} × {label} [{kind}]: {reason}", file=sys.stderr)
    signalled = [run for run in runs if run["signalled"]]
    waits = [run["after_signal"] for run in signalled if run["signal"] != "KILL"]
    killed = [run for run in signalled if run["signal"] == "KILL" and run["status"] == -9]
    print(json.dumps({
        "runs": len(runs),
        "commands": len({run["label"] for run in runs}),
        "kinds": len({run["kind"] for run in runs}),
        "pairs": len(rows),
        "signalled": len(signalled),
        "before": sum(run["roster"] == "before" for run in runs),
        "after": sum(run["roster"] == "after" for run in runs),
        "killed": len(killed),
        "killed_before": sum(run["roster"] == "before" for run in killed),
        "killed_after": sum(run["roster"] == "after" for run in killed),
        "history_checked": sum(run.get("history") is not None for run in runs),
        "history_recorded": sum(recorded(run) for run in runs),
        "history_changes": sum(run["history"]["changes"] for run in runs if run.get("history")),
        "exit5": sum(run["status"] == 5 for run in runs),
        "slowest": max(waits, default=0),
        "broken": len(broken),
    }))
    sys.exit(1 if broken else 0)


if __name__ == "__main__":
    main()
