"""Writes generated players (generate_players.py's CSV) in a provider's layout, as the Fantasy Premier League
publishes its players_raw.csv, for Benchmarks/profile.sh:

- FOLDER/players_raw.csv: first_name/second_name (the name split at its first space), element_type 1-4 for the
  position's line (GK, DF, MF, FW) and, one row in forty, 5 for a manager (a row the profile skips), team as an id into
  teams.csv, goals_scored, code (the provider's key), `None` where a value is unknown;
- FOLDER/teams.csv: id,name for every club;
- FOLDER/premapped.csv: the same players, the managers left out, already in rosterdb's own columns — what the
  profile makes of players_raw.csv, so that importing it measures everything but the mapping.

Usage: provider_layout.py PLAYERS.csv FOLDER"""

import csv
import os
import sys

LINES = {"GK": ("1", "GK")}
for code in ("SW", "CB", "LB", "RB", "LWB", "RWB", "DF"):
    LINES[code] = ("2", "DF")
for code in ("DM", "CM", "AM", "LM", "RM", "MF"):
    LINES[code] = ("3", "MF")
for code in ("LW", "RW", "SS", "CF", "ST", "FW"):
    LINES[code] = ("4", "FW")


def main():
    source, folder = sys.argv[1], sys.argv[2]
    os.makedirs(folder, exist_ok=True)
    teams = {}
    with open(source, newline="", encoding="utf-8") as players, \
            open(os.path.join(folder, "players_raw.csv"), "w", newline="", encoding="utf-8") as raw, \
            open(os.path.join(folder, "premapped.csv"), "w", newline="", encoding="utf-8") as premapped:
        provider = csv.writer(raw, lineterminator="\r\n")
        provider.writerow(["code", "first_name", "second_name", "element_type", "team", "goals_scored", "assists",
                           "nationality", "birth_date", "photo", "news"])
        canonical = csv.writer(premapped, lineterminator="\n")
        canonical.writerow(["ref", "name", "position", "club", "goals", "assists", "nationality", "birth_date",
                            "image"])
        for number, row in enumerate(csv.DictReader(players), 1):
            first, _, second = row["name"].partition(" ")
            if not second:
                first, second = "", first
            element_type, line = LINES[row["position"]]
            # Clubs: one of a few hundred, named after the nationality so that names vary.
            club = f"{row['nationality'] or 'Free'} United {number % 300}"
            team = teams.setdefault(club, str(len(teams) + 1))
            # One row in forty, as the Fantasy Premier League has twenty managers among some eight hundred rows.
            manager = number % 40 == 0
            unknown = lambda value: value if value else "None"
            provider.writerow([f"C{number}", first, second, "5" if manager else element_type, team, row["goals"],
                               row["assists"], unknown(row["nationality"]), unknown(row["birth_date"]),
                               unknown(row["image"]), "Knock, 75% chance of playing" if number % 7 == 0 else ""])
            if not manager:
                canonical.writerow([f"C{number}", row["name"], line, club, row["goals"], row["assists"],
                                    row["nationality"], row["birth_date"], row["image"]])
    with open(os.path.join(folder, "teams.csv"), "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file, lineterminator="\n")
        writer.writerow(["id", "name"])
        for club, team in teams.items():
            writer.writerow([team, club])


if __name__ == "__main__":
    main()
