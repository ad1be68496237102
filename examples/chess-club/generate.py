#!/usr/bin/env python3
"""Generate the fictional Riverside Chess Club data (deterministic).

Every name and result is invented. Each player has a hidden playing
strength; every game is drawn at random from it (the stronger player wins
more often, about a game in five is drawn), so the ratings have something
real to find and the "Which rating predicts best" page shows real
differences between Elo, Glicko-2 and TrueSkill. Run from anywhere:

    python3 examples/chess-club/generate.py

It rewrites data/<year>/*.toml beside this script; the generated files are
committed, so building the example needs only cargo.
"""

import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"

PLAYERS = [
    "Alma Brecht", "Bastian Kohl", "Carmen Ybarra", "Dev Raman", "Edith Salo",
    "Farid Haddad", "Greta Lindqvist", "Hugo Ferreira", "Ines Okafor", "Jonas Weil",
    "Kaja Novak", "Lars Eklund", "Maren Holt", "Nico Brandt", "Olga Petrova",
    "Pavel Marek", "Quirin Stoll", "Rhea Castell", "Sami Lehto", "Tove Rask",
    "Ulla Berg", "Viktor Sand",
]

MONTHS = ["January", "February", "March", "April", "May", "June", "July",
          "August", "September", "October", "November", "December"]


def main():
    rng = random.Random(2026)
    # Hidden strength on the Elo scale: a spread of about 600 points.
    strength = {p: rng.gauss(1500, 180) for p in PLAYERS}
    for old in DATA.glob("*/*.toml"):
        old.unlink()
    events = 0
    for year in (2024, 2025):
        for month in range(1, 13):
            if month in (7, 8) or (year == 2025 and month > 9):
                continue  # summer break; the data ends in September 2025
            events += 1
            blitz = month % 3 == 0
            present = rng.sample(PLAYERS, rng.randint(10, 16))
            # December: the club championship, nine rounds (the widest
            # crosstable the event pages must show without scrolling).
            rounds = 9 if month == 12 else 5
            write_event(rng, year, month, blitz, present, strength, rounds)
    print(f"wrote {events} events")


def write_event(rng, year, month, blitz, present, strength, rounds):
    """Swiss rounds in chess notation. Like a real club night: a latecomer
    who misses round 1, a player who withdraws before the last two rounds, a
    requested half-point bye, an absence (zero-point bye), now and then a
    game lost by forfeit; a full-point bye for the odd player out."""
    fmt = "Blitz" if blitz else "Rapid"
    name = f"{MONTHS[month - 1]} {fmt} Night {year}"
    if rounds == 9:
        name = f"Club Championship {year}"
    score = {p: 0.0 for p in present}
    met = set()
    late, withdrawn, half_bye, absent = rng.sample(present, 4)
    half_round, absent_round = rng.randint(2, rounds - 1), rng.randint(2, rounds)
    lines = [
        f'name = "{name}"',
        f"date = {year}-{month:02d}-{rng.randint(2, 26):02d}",
        'place = "Riverside Community Hall"',
        f'format = "{fmt}"',
        "",
    ]
    for number in range(1, rounds + 1):
        half = [half_bye] if number == half_round else []
        zero = [absent] if number == absent_round else []
        away = set(half + zero)
        if number == 1:
            away.add(late)
        if number > rounds - 2:
            away.add(withdrawn)
        # Swiss-like: by score, random among equals, no rematch if avoidable.
        order = sorted((p for p in present if p not in away), key=lambda p: (-score[p], rng.random()))
        bye = order.pop() if len(order) % 2 else None
        pairs = []
        while order:
            a = order.pop(0)
            b = next((x for x in order if frozenset((a, x)) not in met), order[0])
            order.remove(b)
            met.add(frozenset((a, b)))
            pairs.append((a, b))
        lines.append("[[round]]")
        lines.append("matches = [")
        for a, b in pairs:
            expected = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
            u = rng.random()
            if u < 0.02:
                result, sa = "+-", 1.0  # Black did not come: not played, not rated
            elif u < 0.2:
                result, sa = "½-½", 0.5
            elif u < 0.2 + 0.8 * expected:
                result, sa = "1-0", 1.0
            else:
                result, sa = "0-1", 0.0
            score[a] += sa
            score[b] += 1 - sa
            lines.append(f'  ["{a}", "{b}", "{result}"],')
        lines.append("]")
        if bye:
            lines.append(f'byes = ["{bye}"]')
            score[bye] += 1
        if half:
            lines.append(f'half_point_byes = ["{half[0]}"]')
            score[half[0]] += 0.5
        if zero:
            lines.append(f'zero_point_byes = ["{zero[0]}"]')
        lines.append("")
    folder = DATA / str(year)
    folder.mkdir(parents=True, exist_ok=True)
    slug = name.lower().replace(" ", "-")
    (folder / f"{slug}.toml").write_text("\n".join(lines))


if __name__ == "__main__":
    main()
