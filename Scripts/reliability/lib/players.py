#!/usr/bin/env python3
"""Writes a deterministic NDJSON feed of players for the reliability scripts.

Usage: players.py FIRST_ID COUNT SEED OUTPUT

Players FIRST_ID .. FIRST_ID+COUNT-1, each with its id. Goals and assists depend on the id and the seed, so two
feeds with different seeds that share ids update those players; a player's name depends on the id only, so the
goals are what tells the old roster from the new one (see goals() below)."""
import json
import sys

POSITIONS = ["GK", "CB", "LB", "RB", "DM", "CM", "AM", "LW", "RW", "ST", "CF", "FW", "MF", "DF"]
NATIONS = ["England", "Spain", "Germany", "France", "Brazil", "Argentina", "Japan", "South Korea", "Côte d'Ivoire"]
NAMES = ["Müller", "Ødegaard", "손흥민", "久保 建英", "Álvarez", "Smith", "Kovačić", "Mbappé"]


def goals(player_id, seed):
    """The goals of a player in the feed of `seed`: differs between seeds for almost every id."""
    return (player_id * 7919 + seed * 104729) % 997


def record(player_id, seed):
    return {
        "id": player_id,
        "name": f"{NAMES[player_id % len(NAMES)]} {player_id}",
        "position": POSITIONS[player_id % len(POSITIONS)],
        "goals": goals(player_id, seed),
        "assists": (player_id + seed) % 101,
        "nationality": NATIONS[(player_id // 3) % len(NATIONS)],
        "birth_date": f"{1976 + player_id % 30:04d}-{1 + player_id % 12:02d}-{1 + player_id % 28:02d}",
        "image": f"players/{player_id}.png",
    }


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "goals":
        print(goals(int(sys.argv[2]), int(sys.argv[3])))
        return
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    first, count, seed, output = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    with open(output, "w", encoding="utf-8") as out:
        for player_id in range(first, first + count):
            out.write(json.dumps(record(player_id, seed), ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
