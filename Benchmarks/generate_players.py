#!/usr/bin/env python3
"""Writes N realistic, deterministic players as JSON, NDJSON and CSV in rosterdb's canonical import fields.

Usage: generate_players.py N OUTPUT_DIR [--seed S] [--no-ids] [--diverse]
       generate_players.py N - [--csv] [--seed S] [--no-ids] [--diverse]    (NDJSON, or CSV, on standard output)

Names mix Latin names with accents, Hangul, CJK and Cyrillic; every position code appears; nationalities, goals,
assists and birth dates follow plausible distributions. The same N and seed always give the same bytes.

By default names come from about 66 given and 60 family names, so a million players carry a few thousand distinct
names. --diverse names each player after the traditions of the nationality it draws (diverse_names.py): real and
generated rare names in Latin script with accents, Hangul, CJK, Cyrillic, Greek and Arabic script, so that a
million players carry hundreds of thousands of distinct name words, as real registries do; the count of distinct
words is printed on standard error at the end. Its files are named players-diverse-N.*."""
import argparse
import bisect
import csv
import io
import itertools
import json
import pathlib
import random
import re
import sys

# The scripts write nothing beside themselves but Benchmarks/data: no __pycache__ for the module below.
sys.dont_write_bytecode = True
import diverse_names  # noqa: E402

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


# MARK: - Diverse mode

POSITION_CODES = [code for code, _ in POSITIONS]
POSITION_BOUNDS = []
for _code, _weight in POSITIONS:
    POSITION_BOUNDS.append((POSITION_BOUNDS[-1] if POSITION_BOUNDS else 0) + _weight / sum(w for _, w in POSITIONS))
POSITION_BOUNDS[-1] = 1.0
ATTACKING = {"ST", "CF", "SS", "LW", "RW", "FW"}
DAYS = {month: 28 if month == 2 else 30 if month in (4, 6, 9, 11) else 31 for month in range(1, 13)}
NEEDS_ESCAPE = re.compile(r'["\\\x00-\x1f\u2028\u2029]')


def json_text(value):
    """A JSON string or null, as json.dumps(…, ensure_ascii=False) writes it."""
    if value is None:
        return "null"
    return json.dumps(value, ensure_ascii=False) if NEEDS_ESCAPE.search(value) else f'"{value}"'


def diverse_records(rng, count):
    """(number, name, position, goals, assists, nationality, birth_date) of count players named for their
    nationality; the other fields follow the same shapes as the default mode."""
    rand = rng.random
    expo = rng.expovariate
    for number in range(1, count + 1):
        nationality, styles = diverse_names.nation(rng)
        name = diverse_names.name_for(rng, styles)
        if rand() < 0.05:
            nationality = None
        position = POSITION_CODES[bisect.bisect_left(POSITION_BOUNDS, rand())]
        attacking = position in ATTACKING
        goals = min(int(expo(1 / 9 if attacking else 1 / 2)), 1_000_000)
        assists = min(int(expo(1 / 5 if attacking else 1 / 2.5)), 1_000_000)
        if rand() < 0.1:
            birth_date = None
        else:
            month = 1 + int(rand() * 12)
            birth_date = f"{1976 + int(rand() * 33):04d}-{month:02d}-{1 + int(rand() * DAYS[month]):02d}"
        yield number, name, position, goals, assists, nationality, birth_date


def json_line(record, with_id):
    """The record as one JSON object, byte for byte what json.dumps(dict, ensure_ascii=False) writes."""
    number, name, position, goals, assists, nationality, birth_date = record
    head = f'{{"id": {number}, ' if with_id else "{"
    return (f'{head}"name": {json_text(name)}, "position": "{position}", "goals": {goals}, "assists": {assists}, '
            f'"nationality": {json_text(nationality)}, "birth_date": {json_text(birth_date)}, '
            f'"image": "players/{number:07d}.png"}}')


def csv_row(record, with_id):
    """The record as a CSV row's cells."""
    number, name, position, goals, assists, nationality, birth_date = record
    row = [name, position, goals, assists, nationality or "", birth_date or "", f"players/{number:07d}.png"]
    return [number] + row if with_id else row


def player_row(record, fields):
    """A generated player (a dict) as a CSV row's cells, in the order of fields; unknown values empty."""
    return ["" if record[field] is None else record[field] for field in fields]


def csv_lines(rows):
    """Each row as its line of CSV, newline included, exactly as the CSV file of an output folder holds it."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    for row in rows:
        writer.writerow(row)
        yield text.getvalue()
        text.seek(0)
        text.truncate()


class WordCount:
    """The distinct name words, as rosterdb's search folds and splits them; raw tokens are collected as they come
    and folded once each at the end."""

    def __init__(self):
        self.tokens = set()

    def add(self, name):
        self.tokens.update(name.split())

    def count(self):
        found = set()
        for token in self.tokens:
            found.update(diverse_names.search_words(token))
        return len(found)


def write_diverse(args, fields):
    with_id = not args.no_ids
    words = WordCount()
    records = diverse_records(random.Random(args.seed), args.count)
    if str(args.output) == "-":
        def counted():
            for record in records:
                words.add(record[1])
                yield record
        if args.csv:
            write_stdout(csv_lines(itertools.chain([fields], (csv_row(r, with_id) for r in counted()))))
        else:
            write_stdout(json_line(record, with_id) + "\n" for record in counted())
    else:
        stem = f"players-diverse-{args.count}" + ("-noid" if args.no_ids else "")
        args.output.mkdir(parents=True, exist_ok=True)
        with open(args.output / f"{stem}.json", "w", encoding="utf-8") as js, \
             open(args.output / f"{stem}.ndjson", "w", encoding="utf-8") as nd, \
             open(args.output / f"{stem}.csv", "w", encoding="utf-8", newline="") as cs:
            writer = csv.writer(cs, lineterminator="\n")
            writer.writerow(fields)
            js.write("[\n")
            for record in records:
                words.add(record[1])
                line = json_line(record, with_id)
                js.write(line + (",\n" if record[0] < args.count else "\n"))
                nd.write(line + "\n")
                writer.writerow(csv_row(record, with_id))
            js.write("]\n")
    print(f"generate_players.py: {args.count:,} players, {words.count():,} distinct name words "
          f"({len(words.tokens):,} distinct tokens as written)", file=sys.stderr)


def write_stdout(lines):
    """Writes lines (each with its newline) to standard output as UTF-8, in chunks. A reader that stops early
    (rosterdb refusing the input, or stopped) ends the run with a one-line note instead of a traceback."""
    out = sys.stdout.buffer
    chunk = []
    try:
        for line in lines:
            chunk.append(line)
            if len(chunk) == 4096:
                out.write("".join(chunk).encode())
                chunk = []
        out.write("".join(chunk).encode())
        out.flush()
    except BrokenPipeError:
        sys.stderr.write("generate_players.py: standard output closed early\n")
        # Python would otherwise report the broken pipe again when it flushes standard output at exit.
        sys.stdout = None
        sys.exit(1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("output", type=pathlib.Path, help="a folder for the three files, or - for NDJSON on "
                                                          "standard output")
    parser.add_argument("--csv", action="store_true", help="with -, CSV on standard output instead of NDJSON")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-ids", action="store_true", help="leave ids out, so players are matched on name and birth date")
    parser.add_argument("--diverse", action="store_true",
                        help="name players after their nationality, with hundreds of thousands of distinct words")
    args = parser.parse_args()
    fields = FIELDS if not args.no_ids else FIELDS[1:]
    if args.csv and str(args.output) != "-":
        parser.error("--csv is for standard output (-); a folder gets all three files")
    if args.diverse:
        write_diverse(args, fields)
        return
    if str(args.output) == "-":
        rng = random.Random(args.seed)
        records = (player(rng, number, not args.no_ids) for number in range(1, args.count + 1))
        if args.csv:
            write_stdout(csv_lines(itertools.chain([fields], (player_row(r, fields) for r in records))))
        else:
            write_stdout(json.dumps(record, ensure_ascii=False) + "\n" for record in records)
        return
    args.output.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    stem = f"players-{args.count}" + ("-noid" if args.no_ids else "")
    with open(args.output / f"{stem}.json", "w", encoding="utf-8") as js, \
         open(args.output / f"{stem}.ndjson", "w", encoding="utf-8") as nd, \
         open(args.output / f"{stem}.csv", "w", encoding="utf-8", newline="") as cs:
        writer = csv.writer(cs, lineterminator="\n")
        writer.writerow(fields)
        js.write("[\n")
        for number in range(1, args.count + 1):
            record = player(rng, number, not args.no_ids)
            line = json.dumps(record, ensure_ascii=False)
            js.write(line + (",\n" if number < args.count else "\n"))
            nd.write(line + "\n")
            writer.writerow(player_row(record, fields))
        js.write("]\n")


if __name__ == "__main__":
    main()
