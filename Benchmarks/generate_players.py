#!/usr/bin/env python3
"""Writes N realistic, deterministic players as JSON, NDJSON and CSV in rosterdb's canonical import fields.

Usage: generate_players.py N OUTPUT_DIR [--seed S] [--no-ids]

Names mix Latin names with accents, Hangul, CJK and Cyrillic; every position code appears; nationalities, goals,
assists and birth dates follow plausible distributions. The same N and seed always give the same bytes."""
import argparse
import csv
import json
import pathlib
import random

FIRST = ["Lionel", "Kylian", "Erling", "Martin", "Kevin", "Luka", "Jude", "Vinícius", "Mohamed", "Ángel", "Robert",
         "Harry", "Virgil", "Antonio", "Trent", "Alphonso", "Achraf", "Thibaut", "Manuel", "Jan", "José", "João",
         "Sergio", "Thomas", "Frenkie", "Pedri", "Gavi", "Rúben", "Bernardo", "Bruno", "İlkay", "Hakan", "Dušan",
         "Łukasz", "Wojciech", "Søren", "Björn", "Zoë", "Chloé", "Noël", "François", "Jérôme", "Raphaël", "Gonçalo",
         "Núñez", "Andrés", "Iñaki", "Nicolò", "Federico", "Emiliano", "Alexis", "Enzo", "Julián", "Ousmane", "Sadio",
         "Naby", "Riyad", "Yassine", "Takumi", "Kaoru", "Wataru", "Daichi", "Ritsu", "Min-jae", "Kang-in", "Hee-chan"]
LAST = ["Messi", "Mbappé", "Haaland", "Ødegaard", "De Bruyne", "Modrić", "Bellingham", "Júnior", "Salah",
        "Di María", "Lewandowski", "Kane", "van Dijk", "Rüdiger", "Alexander-Arnold", "Davies", "Hakimi", "Courtois",
        "Neuer", "Oblak", "Müller", "Kimmich", "de Jong", "González", "Dias", "Silva", "Fernandes", "Gündoğan",
        "Çalhanoğlu", "Vlahović", "Szczęsny", "Kjær", "Lindelöf", "Kanté", "Dembélé", "Mané", "Keïta", "Mahrez",
        "Bounou", "Minamino", "Mitoma", "Endo", "Kamada", "Doan", "Kim", "Lee", "Hwang", "Álvarez", "Fernández",
        "Martínez", "Sánchez", "Peña", "Muñoz", "Ibáñez", "Çelik", "Šeško", "Gvardiol", "Kovačić", "Brozović"]
HANGUL = ["손흥민", "김민재", "이강인", "황희찬", "조규성", "황인범", "정우영", "이재성", "김승규", "설영우", "백승호", "오현규"]
CJK = ["久保 建英", "三笘 薫", "遠藤 航", "鎌田 大地", "堂安 律", "冨安 健洋", "武磊", "张玉宁", "吴曦", "颜骏凌", "南野 拓実"]
CYRILLIC = ["Федор Смолов", "Артём Дзюба", "Александр Головин", "Игорь Акинфеев", "Алексей Миранчук"]
EMOJI = ["⚽ Goalie Bot", "Star ⭐ Player"]

# Rough shares of a squad by position; lines (DF, MF, FW) appear too, as some feeds only know lines.
POSITIONS = [("GK", 10), ("CB", 16), ("LB", 6), ("RB", 6), ("LWB", 2), ("RWB", 2), ("SW", 1), ("DF", 4),
             ("DM", 7), ("CM", 10), ("AM", 6), ("LM", 3), ("RM", 3), ("MF", 4), ("LW", 5), ("RW", 5), ("SS", 1),
             ("CF", 3), ("ST", 9), ("FW", 3)]
NATIONS = [("England", 12), ("Spain", 9), ("Germany", 8), ("France", 9), ("Italy", 7), ("Brazil", 9),
           ("Argentina", 7), ("Portugal", 5), ("Netherlands", 5), ("Belgium", 4), ("Japan", 4), ("South Korea", 3),
           ("Norway", 2), ("Croatia", 2), ("Poland", 3), ("Morocco", 2), ("Senegal", 2), ("Egypt", 1), ("Türkiye", 2),
           ("Serbia", 2), ("Denmark", 2), ("Sweden", 2), ("United States", 3), ("Mexico", 3), ("Colombia", 2),
           ("Uruguay", 2), ("Côte d'Ivoire", 2), ("Nigeria", 2), ("Ghana", 1), ("China", 2), ("Russia", 2),
           ("Canada", 1), ("Australia", 1), ("Switzerland", 2), ("Austria", 1), ("Scotland", 1), ("Wales", 1)]
FIELDS = ["id", "name", "position", "goals", "assists", "nationality", "birth_date", "image"]


def weighted(rng, table):
    total = sum(w for _, w in table)
    pick = rng.uniform(0, total)
    for value, weight in table:
        pick -= weight
        if pick <= 0:
            return value
    return table[-1][0]


def player(rng, number, with_id):
    roll = rng.random()
    if roll < 0.06:
        name = rng.choice(HANGUL)
    elif roll < 0.11:
        name = rng.choice(CJK)
    elif roll < 0.13:
        name = rng.choice(CYRILLIC)
    elif roll < 0.1305:
        name = rng.choice(EMOJI)
    else:
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
    position = weighted(rng, POSITIONS)
    attacking = position in ("ST", "CF", "SS", "LW", "RW", "FW")
    goals = int(rng.expovariate(1 / (9 if attacking else 2)))
    assists = int(rng.expovariate(1 / (5 if attacking else 2.5)))
    nationality = None if rng.random() < 0.05 else weighted(rng, NATIONS)
    if rng.random() < 0.1:
        birth_date = None
    else:
        year = rng.randint(1976, 2008)
        month = rng.randint(1, 12)
        day = rng.randint(1, 28 if month == 2 else 30 if month in (4, 6, 9, 11) else 31)
        birth_date = f"{year:04d}-{month:02d}-{day:02d}"
    record = {
        "id": number, "name": name, "position": position, "goals": min(goals, 1_000_000),
        "assists": min(assists, 1_000_000), "nationality": nationality, "birth_date": birth_date,
        "image": f"players/{number:07d}.png",
    }
    if not with_id:
        del record["id"]
    return record


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("output", type=pathlib.Path)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-ids", action="store_true", help="leave ids out, so players are matched on name and birth date")
    args = parser.parse_args()
    args.output.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    stem = f"players-{args.count}" + ("-noid" if args.no_ids else "")
    fields = FIELDS if not args.no_ids else FIELDS[1:]
    with open(args.output / f"{stem}.json", "w", encoding="utf-8") as js, \
         open(args.output / f"{stem}.ndjson", "w", encoding="utf-8") as nd, \
         open(args.output / f"{stem}.csv", "w", encoding="utf-8", newline="") as cs:
        writer = csv.DictWriter(cs, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        js.write("[\n")
        for number in range(1, args.count + 1):
            record = player(rng, number, not args.no_ids)
            line = json.dumps(record, ensure_ascii=False)
            js.write(line + (",\n" if number < args.count else "\n"))
            nd.write(line + "\n")
            writer.writerow({k: ("" if v is None else v) for k, v in record.items()})
        js.write("]\n")


if __name__ == "__main__":
    main()
