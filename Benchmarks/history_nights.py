#!/usr/bin/env python3
"""Writes the nights of history.sh: NIGHTS files of the same players as a generated NDJSON file, each the whole
roster of the night before with a share of its players moved to another club and given more goals, as a provider's
nightly file would be.

Usage: history_nights.py INPUT.ndjson OUTPUT_PREFIX [--nights 3] [--share 0.05] [--seed 2026]
Writes OUTPUT_PREFIX-1.ndjson … OUTPUT_PREFIX-NIGHTS.ndjson. Night k changes round(share × N) players drawn anew
(seeded, so the same input gives the same bytes): each gets a club it did not have (one of 300) and 1 to 3 more
goals; every other line is the night before's, byte for byte. Prints on standard error how many players each night
changed."""
import argparse
import json
import random
import sys

CLUBS = [f"{town} {kind}" for town in ["Northport", "Eastfield", "Westbury", "Southam", "Highgate", "Lowmoor",
                                       "Riverton", "Lakeside", "Hillcrest", "Oakridge", "Stonebridge", "Fairhaven",
                                       "Brookvale", "Ashford", "Kingsmere", "Redcliff", "Greenway", "Silverton",
                                       "Goldcrest", "Ironbridge", "Marlow", "Elmstead", "Thornbury", "Wexley",
                                       "Cranford", "Dunmore", "Halden", "Kelso", "Larkhill", "Moorside"]
         for kind in ["FC", "United", "City", "Athletic", "Rovers", "Wanderers", "Town", "Albion", "SC", "Sporting"]]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input")
    parser.add_argument("prefix")
    parser.add_argument("--nights", type=int, default=3)
    parser.add_argument("--share", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    with open(args.input, encoding="utf-8") as source:
        lines = source.read().splitlines()
    rng = random.Random(args.seed)
    count = round(args.share * len(lines))
    for night in range(1, args.nights + 1):
        for index in rng.sample(range(len(lines)), count):
            record = json.loads(lines[index])
            club = rng.choice(CLUBS)
            while club == record.get("club"):
                club = rng.choice(CLUBS)
            record["club"] = club
            record["goals"] += rng.randint(1, 3)
            lines[index] = json.dumps(record, ensure_ascii=False)
        with open(f"{args.prefix}-{night}.ndjson", "w", encoding="utf-8") as out:
            out.write("\n".join(lines))
            out.write("\n")
        print(f"history_nights.py: night {night}: {count:,} of {len(lines):,} players changed", file=sys.stderr)


if __name__ == "__main__":
    main()
