#!/usr/bin/env python3
"""Prints the state of a roster database on one line: `ok COUNT SHA256` (integrity checks passed), or
`bad REASON` and exit 1. Opened by this fresh process, so a crashed writer's WAL is recovered as any reader would.

Usage: dbstate.py DB

The hash covers every column of every row of players in id order, and the count."""
import hashlib
import sqlite3
import sys


def describe(path):
    """`ok COUNT SHA256`, or `bad REASON`: the line this script prints, for a caller that imports it."""
    try:
        connection = sqlite3.connect(path, timeout=30)
        integrity = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        if integrity != ["ok"]:
            connection.close()
            return "bad integrity_check: " + "; ".join(map(str, integrity[:5]))
        # The name search index's own check (its blocks and their structure), which PRAGMA integrity_check does not
        # read: a bulk load builds it apart and copies it in. Raises on a corrupt index; rolled back at close.
        connection.execute("INSERT INTO players_search (players_search) VALUES ('integrity-check')")
        digest = hashlib.sha256()
        count = 0
        for row in connection.execute("SELECT * FROM players ORDER BY id"):
            digest.update(repr(row).encode("utf-8"))
            digest.update(b"\n")
            count += 1
        connection.close()
    except sqlite3.Error as error:
        return f"bad sqlite3: {error}"
    return f"ok {count} {digest.hexdigest()}"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    line = describe(sys.argv[1])
    print(line)
    if not line.startswith("ok "):
        sys.exit(1)


if __name__ == "__main__":
    main()
