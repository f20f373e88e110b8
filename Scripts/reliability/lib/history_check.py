#!/usr/bin/env python3
"""Checks that a roster's history and its players agree after writes, against the roster as it was before them.

Usage: history_check.py BEFORE AFTER [--made-by TEXT]...

Prints one JSON object (see check()): "violations" (empty when the two agree), "changes" and "writes" (what the
writes since BEFORE recorded) and "replayed" (the players compared). Exits 1 on any violation. Each --made-by, in
order, is what the writes since BEFORE must be made by (`import FILE`, `add`, …), in the order of their commits.

What agrees means, for the changes recorded since BEFORE (those numbered after its last):
  - the history BEFORE held is there unchanged, and the whole history is numbered without a gap;
  - the new changes are numbered on from BEFORE's last without a gap; each belongs to a write that exists, made by
    rosterdb (made_by not NULL); a write's changes follow each other, from its first_change on, and the writes'
    ids, first changes and times increase together (the order of their commits);
  - replayed onto BEFORE's players (an added player with its values of then: its values now with its later changes
    undone, as rosterdb reads them), each change finding the player and the values it says it changed, they give
    AFTER's players exactly: ids and every field;
  - nothing is recorded when the players did not change (a write rolled back, refused, or killed before its
    commit);
  - no row is left in history_writer (it exists only inside a write of rosterdb's).
Used by outcome_run.py (after every run of the truthful-outcome sweep) and two-writers.sh."""
import argparse
import hashlib
import json
import sqlite3
import sys

# A player's fields as the history's triggers (migration 0014) record them; the other columns of players are keys
# rosterdb derives from them.
FIELDS = ("ref", "name", "position", "goals", "assists", "nationality", "club", "birth_date", "image")
DERIVED = {"sort_name", "nationality_key", "club_key"}
# Violations listed per check, at most.
SHOWN = 5
# The digest of a history with nothing new (see new_history_digest).
UNCHANGED = hashlib.sha256(b"\n\n\n\n").hexdigest()


class Snapshot:
    """What a roster holds that the check weighs: its players' fields by id, its last change and write, and a digest
    of its whole history (changes, writes, start)."""

    def __init__(self, path):
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
        try:
            self.players = {row[0]: row[1:] for row in
                            connection.execute(f"SELECT id, {', '.join(FIELDS)} FROM players")}
            self.last_change = connection.execute("SELECT coalesce(max(change), 0) FROM player_history").fetchone()[0]
            self.digest = history_digest(connection, self.last_change)
        finally:
            connection.close()


def history_digest(connection, through):
    """A digest of the history through change `through`: its changes, the writes they belong to, and its start."""
    return digest_of(connection, [
        "SELECT quote(id) || ' ' || quote(at) || ' ' || quote(first_change) FROM history_start",
        "SELECT quote(id) || ' ' || quote(at) || ' ' || quote(made_by) || ' ' || quote(first_change)"
        " FROM history_writes WHERE first_change <= ?1 ORDER BY id",
        "SELECT quote(change) || ' ' || quote(write_id) || ' ' || quote(player_id) || ' ' || quote(kind) || ' '"
        " || quote(fields) FROM player_history WHERE change <= ?1 ORDER BY change"], through)


def new_history_digest(connection, after):
    """A digest of the history after change `after`, but for the times of its writes: what two runs of one command
    on one roster record alike."""
    return digest_of(connection, [
        "SELECT quote(id) || ' ' || quote(made_by) || ' ' || quote(first_change) FROM history_writes"
        " WHERE first_change > ?1 ORDER BY id",
        "SELECT quote(change) || ' ' || quote(write_id) || ' ' || quote(player_id) || ' ' || quote(kind) || ' '"
        " || quote(fields) FROM player_history WHERE change > ?1 ORDER BY change"], after)


def digest_of(connection, queries, number):
    """SHA-256 of the rows the queries give (each a line of text, made by SQLite: fast for many rows)."""
    digest = hashlib.sha256()
    for sql in queries:
        rows = connection.execute(sql, (number,) if "?1" in sql else ())
        digest.update("\n".join(row[0] for row in rows).encode("utf-8") + b"\n\n")
    return digest.hexdigest()


def check(before, path, made_by=None, replayed=None):
    """Weighs the roster at `path` against the Snapshot `before`; returns {"violations": [...], "changes": N,
    "writes": N, "replayed": N (players compared, None when not replayed again), "made_by": [...], "per_write":
    [changes of each write] (the writes in order), "digest": the new history's, but for its times}. `made_by`, when
    given, is what the new writes must be made by, in order. `replayed` is the digest a check of a roster with the
    very same players returned (the caller has compared every row), or UNCHANGED for a roster whose players are
    those before: a replay of the same changes onto the same players gives the same, and is not made again."""
    violations = []

    def violation(text):
        violations.append(text)

    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        columns = [row[1] for row in connection.execute("PRAGMA table_info(players)")]
        untracked = [name for name in columns if name not in DERIVED and name != "id" and name not in FIELDS]
        if untracked:
            violation(f"players has columns the history does not record: {', '.join(untracked)}")
        digest = new_history_digest(connection, before.last_change)
        again = replayed is None or digest != replayed
        after = {row[0]: row[1:] for row in connection.execute(f"SELECT id, {', '.join(FIELDS)} FROM players")} \
            if again else None
        writer = connection.execute("SELECT count(*) FROM history_writer").fetchone()[0]
        if writer:
            violation(f"history_writer holds {writer} row(s) outside a write")
        if history_digest(connection, before.last_change) != before.digest:
            violation(f"the history through change {before.last_change} (before the writes) has changed")
        low, high, count = connection.execute(
            "SELECT min(change), max(change), count(*) FROM player_history"
            " WHERE change >= (SELECT first_change FROM history_start WHERE id = 1)").fetchone()
        if count and high - low + 1 != count:
            violation(f"the history's numbers have gaps: {count} changes numbered {low} to {high}")
        changes = connection.execute(
            "SELECT change, write_id, player_id, kind, fields FROM player_history WHERE change > ? ORDER BY change",
            (before.last_change,)).fetchall()
        writes = connection.execute(
            "SELECT id, at, made_by, first_change FROM history_writes WHERE first_change > ? ORDER BY id",
            (before.last_change,)).fetchall()
    finally:
        connection.close()

    # The numbers and the writes they belong to.
    numbers = [change[0] for change in changes]
    expected = list(range(before.last_change + 1, before.last_change + 1 + len(changes)))
    if numbers != expected:
        gaps = [f"{number} after {previous}" for previous, number in zip([before.last_change] + numbers, numbers)
                if number != previous + 1]
        violation(f"the new changes are not numbered on from {before.last_change} without a gap: "
                  + ", ".join(gaps[:SHOWN]))
    by_id = {write[0]: write for write in writes}
    orphans = sorted({change[1] for change in changes if change[1] not in by_id})
    if orphans:
        violation(f"changes belong to writes that are not recorded (or began before): {orphans[:SHOWN]}")
    runs = []  # (write id, first change, count) in the order of the changes
    for number, write_id, *_ in changes:
        if runs and runs[-1][0] == write_id:
            runs[-1][2] += 1
        else:
            runs.append([write_id, number, 1])
    if len({run[0] for run in runs}) != len(runs):
        violation("a write's changes are interleaved with another's")
    for write_id, first, _ in runs:
        if write_id in by_id and by_id[write_id][3] != first:
            violation(f"write {write_id} says its first change is {by_id[write_id][3]}, but it is {first}")
    empty = [write[0] for write in writes if write[0] not in {run[0] for run in runs}]
    if empty:
        violation(f"writes with no change are recorded: {empty[:SHOWN]}")
    for earlier, later in zip(writes, writes[1:]):
        if not (earlier[3] < later[3] and earlier[1] <= later[1]):
            violation(f"writes {earlier[0]} and {later[0]} are not in the order of their commits: first changes "
                      f"{earlier[3]}, {later[3]}, times {earlier[1]}, {later[1]}")
    anonymous = [write[0] for write in writes if write[2] is None]
    if anonymous:
        violation(f"writes recorded as another program's: {anonymous[:SHOWN]}")
    makers = [write[2] for write in writes]
    if made_by is not None and makers != list(made_by):
        violation(f"the writes were made by {makers}, expected {list(made_by)}")

    compared = None
    if again:
        compared = replay(before.players, after, changes, violation)
        if after == before.players and changes:
            violation(f"the players did not change, but {len(changes)} changes were recorded")
    counts = {write_id: count for write_id, _, count in runs}
    return {"violations": violations, "changes": len(changes), "writes": len(writes), "replayed": compared,
            "made_by": makers, "per_write": [counts.get(write[0], 0) for write in writes], "digest": digest}


def replay(players, after, changes, violation):
    """Replays `changes` onto `players` (id → fields), each checked against what it finds, and compares the result
    with `after`; reports through `violation`. Returns the number of players compared."""
    # An added change holds no values: they are the player's now with its later changes undone, found by undoing
    # every change from the end.
    state = dict(after)
    added = {}
    for number, _, player, kind, fields in reversed(changes):
        if kind == "added":
            added[number] = state.pop(player, None)
        elif kind == "removed":
            state[player] = tuple(pair[0] for pair in field_pairs(fields))
        elif player in state:
            values = dict(zip(FIELDS, state[player]))
            for name, pair in json.loads(fields).items():
                if name in values and isinstance(pair, list) and len(pair) == 2:
                    values[name] = pair[0]
            state[player] = tuple(values[name] for name in FIELDS)
    problems = []
    state = dict(players)
    for number, _, player, kind, fields in changes:
        if kind == "added":
            if player in state:
                problems.append(f"change {number} adds player {player}, who is already there")
            elif added.get(number) is None:
                problems.append(f"change {number} adds player {player}, whose values nothing gives")
            else:
                state[player] = added[number]
        elif kind not in ("updated", "removed"):
            problems.append(f"change {number} is of an unknown kind {kind!r}")
        elif player not in state:
            problems.append(f"change {number} ({kind}) finds no player {player}")
        elif kind == "removed":
            if set(json.loads(fields)) != set(FIELDS):
                problems.append(f"change {number} removes player {player} without every field: {fields}")
            for name, pair, value in zip(FIELDS, field_pairs(fields), state[player]):
                if pair != [value, None]:
                    problems.append(f"change {number} removes player {player} with {name} {pair!r}, but it was "
                                    f"{value!r}")
            del state[player]
        else:
            values = dict(zip(FIELDS, state[player]))
            changed = json.loads(fields)
            if not changed:
                problems.append(f"change {number} updates player {player} but names no field")
            for name, pair in changed.items():
                if name not in values or not isinstance(pair, list) or len(pair) != 2:
                    problems.append(f"change {number} holds {name}: {pair!r}, not a field's [before, after]")
                    continue
                if pair[0] != values[name] or pair[0] == pair[1]:
                    problems.append(f"change {number} changes {name} of player {player} from {pair[0]!r} to "
                                    f"{pair[1]!r}, but it was {values[name]!r}")
                values[name] = pair[1]
            state[player] = tuple(values[name] for name in FIELDS)
    if state != after:
        missing = sorted(set(after) - set(state))
        extra = sorted(set(state) - set(after))
        differ = sorted(player for player in set(state) & set(after) if state[player] != after[player])
        for text, ids in (("missing from the replay", missing), ("in the replay only", extra),
                          ("with other values in the replay", differ)):
            if ids:
                example = ids[0]
                detail = ("" if text != "with other values in the replay" else
                          f" (player {example}: {dict(zip(FIELDS, state[example]))} replayed, "
                          f"{dict(zip(FIELDS, after[example]))} in the roster)")
                problems.append(f"{len(ids)} players {text}: {ids[:SHOWN]}{detail}")
    for problem in problems[:SHOWN]:
        violation("history and roster disagree: " + problem)
    if len(problems) > SHOWN:
        violation(f"history and roster disagree: {len(problems) - SHOWN} more")
    return len(after)


def field_pairs(fields):
    """The [before, after] of each field in FIELDS order, from a change's JSON ([None, None] for one it lacks)."""
    changed = json.loads(fields)
    return [changed.get(name) or [None, None] for name in FIELDS]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--made-by", action="append")
    args = parser.parse_args()
    result = check(Snapshot(args.before), args.after, args.made_by)
    print(json.dumps(result, ensure_ascii=False))
    sys.exit(1 if result["violations"] else 0)


if __name__ == "__main__":
    main()
