#!/usr/bin/env python3
"""Generate the fictional Ember Coast Card League data (deterministic).

Every name, event and result here is invented. Run from anywhere:

    python3 examples/dci-league/generate.py

It rewrites data/<year>/*.toml and data/players.toml beside this script; the
generated files are committed, so building the example needs only cargo.
"""

import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"

PLAYERS = [
    ("Ada Quillfeather", "NL"), ("Bram Oakhollow", "NL"), ("Cleo Marrowind", "BE"),
    ("Dario Fenwick", "IT"), ("Elske Brightwater", "NL"), ("Fenna de Lantaarn", "NL"),
    ("Gideon Saltmarsh", "GB"), ("Hana Kiriyama", "JP"), ("Ivo Stormbeek", "BE"),
    ("Jolien Varkmoor", "NL"), ("Kasimir Wendehals", "DE"), ("Lotte Emberly", "NL"),
    ("Mira Castellane", "FR"), ("Nils Torvhaug", "NO"), ("Odile Pennywhistle", "FR"),
    ("Pim van Driel-Ooster", "NL"), ("Quinten Haverkamp", "NL"), ("Rosalind Thatchley", "GB"),
    ("Sander Kolkwijk", "NL"), ("Tessa Morrowgale", "GB"), ("Ugo Lanternari", "IT"),
    ("Vera Schimmelpfennig", "DE"), ("Wout Duinhoven", "BE"), ("Xandra Pelloquin", "FR"),
    ("Yusuf Demirkaya", "DE"), ("Zoë Marchetti", "IT"), ("Aart Zeldenrust", "NL"),
    ("Bettina Gravemoor", "DE"),
]

# (month, day, name, place, format, sanctioned, judge level, field size, rounds, standings)
EVENTS = [
    (1997, 2, 8, "Harbour Lights Sealed", "Kelderhaven", "Sealed Deck", True, 1, 14, 5, True),
    (1997, 3, 1, "Tidewater Standard Open", "Kelderhaven", "Standard", True, 2, 20, 5, True),
    (1997, 3, 22, "Lantern Hall Draft Night", "Marrow Bay", "Booster Draft", True, 0, 9, 3, False),
    (1997, 4, 12, "Dune Cup Sealed", "Zandpoort", "Sealed Deck", True, 2, 24, 6, True),
    (1997, 5, 3, "Kitchen Table Draft", "Marrow Bay", "Booster Draft", True, 0, 6, 3, False),
    (1997, 5, 24, "Saltmarsh Block Challenge", "Kelderhaven", "Standard Block Constructed", True, 1, 16, 5, True),
    (1997, 6, 14, "Lighthouse Extended", "Zandpoort", "Extended", True, 2, 12, 4, False),
    (1997, 7, 5, "Summer Sealed Classic", "Kelderhaven", "Sealed Deck", True, 3, 28, 6, True),
    (1997, 8, 9, "Boardwalk Casual Draft", "Zandpoort", "Booster Draft", False, 0, 12, 4, False),
    (1997, 9, 6, "Autumn Standard Cup", "Marrow Bay", "Standard", True, 2, 22, 6, True),
    (1997, 10, 4, "Foghorn Draft League", "Kelderhaven", "Booster Draft", True, 1, 16, 5, False),
    (1997, 11, 1, "Vintage Vault Night", "Marrow Bay", "Type 1", True, 1, 10, 4, False),
    (1997, 11, 22, "Coastal Sealed Championship", "Zandpoort", "Sealed Deck", True, 2, 27, 7, True),
    (1997, 12, 13, "Winter Standard Open", "Kelderhaven", "Standard", True, 1, 18, 5, True),
    (1998, 1, 17, "New Year Draft", "Marrow Bay", "Booster Draft", True, 2, 20, 5, True),
    (1998, 2, 7, "Harbour Lights Sealed II", "Kelderhaven", "Sealed Deck", True, 2, 26, 6, True),
    (1998, 2, 28, "Pier Block Constructed", "Zandpoort", "Standard Block Constructed", True, 2, 19, 5, True),
    (1998, 3, 21, "Small Hours Sealed", "Marrow Bay", "Sealed Deck", True, 1, 7, 3, False),
    (1998, 4, 11, "Spring Draft Festival", "Kelderhaven", "Booster Draft", True, 3, 28, 7, True),
    (1998, 5, 2, "Tidewater Standard Open II", "Kelderhaven", "Standard", True, 2, 24, 6, True),
    (1998, 5, 30, "Friendly Sealed (unsanctioned)", "Zandpoort", "Sealed Deck", False, 1, 16, 5, False),
    (1998, 6, 20, "Midsummer Draft", "Marrow Bay", "Booster Draft", True, 1, 18, 5, False),
    (1998, 7, 18, "Dune Cup Sealed II", "Zandpoort", "Sealed Deck", True, 2, 28, 7, True),
    (1998, 8, 15, "Lighthouse Extended II", "Zandpoort", "Extended", True, 1, 10, 4, False),
    (1998, 9, 12, "Autumn Standard Cup II", "Marrow Bay", "Standard", True, 3, 26, 6, True),
    (1998, 10, 10, "Foghorn Draft League II", "Kelderhaven", "Booster Draft", True, 2, 22, 6, True),
    (1998, 11, 7, "Coastal Sealed Championship II", "Zandpoort", "Sealed Deck", True, 3, 28, 7, True),
    (1998, 12, 5, "Winter Block Constructed", "Kelderhaven", "Standard Block Constructed", True, 2, 20, 6, True),
    (1998, 12, 19, "Year's End Draft", "Marrow Bay", "Booster Draft", True, 2, 24, 6, True),
]


def slug(name):
    out = "".join(c.lower() if c.isalnum() else "-" for c in name)
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-")


def q(s):
    return json.dumps(s, ensure_ascii=False)


def play_match(rng, skill, a, b):
    """Best of three with an occasional drawn game or unfinished match."""
    p = 1 / (1 + 10 ** ((skill[b] - skill[a]) / 400))
    wa = wb = d = 0
    games = 0
    while wa < 2 and wb < 2 and games < 3:
        games += 1
        r = rng.random()
        if r < 0.04:
            d += 1
        elif r < 0.04 + 0.96 * p:
            wa += 1
        else:
            wb += 1
    return wa, wb, d


def swiss(rng, field, rounds, skill):
    points = {p: 0.0 for p in field}
    met = {p: set() for p in field}
    had_bye = set()
    out = []
    for _ in range(rounds):
        order = sorted(field, key=lambda p: (-points[p], rng.random()))
        byes = []
        if len(order) % 2 == 1:
            # The lowest-placed player without a bye yet gets it.
            for p in reversed(order):
                if p not in had_bye:
                    break
            order.remove(p)
            byes.append(p)
            had_bye.add(p)
            points[p] += 1
        matches = []
        while order:
            a = order.pop(0)
            j = next((i for i, b in enumerate(order) if b not in met[a]), 0)
            b = order.pop(j)
            met[a].add(b)
            met[b].add(a)
            wa, wb, d = play_match(rng, skill, a, b)
            if wa > wb:
                points[a] += 1
            elif wb > wa:
                points[b] += 1
            else:
                points[a] += 0.5
                points[b] += 0.5
            matches.append((a, b, wa, wb, d))
        out.append((matches, byes))
    return out, points


def main():
    rng = random.Random(19970208)
    skill = {name: rng.gauss(1600, 170) for name, _ in PLAYERS}
    names = [n for n, _ in PLAYERS]
    # A core of regulars plays most events, so several leave the provisional state.
    regulars = names[:12]
    for old in DATA.glob("*/*.toml"):
        old.unlink()
    for (year, month, day, name, place, fmt, sanctioned, judge, size, rounds, standings) in EVENTS:
        others = [n for n in names if n not in regulars]
        field = rng.sample(regulars, min(len(regulars), max(4, size - 6)))
        field += rng.sample(others, max(0, size - len(field)))
        field = field[:size]
        played, points = swiss(rng, field, rounds, skill)
        path = DATA / str(year) / f"{slug(name)}.toml"
        path.parent.mkdir(parents=True, exist_ok=True)
        lines = [
            "# Fictional event (generated by examples/dci-league/generate.py).",
            f"name = {q(name)}",
            f"date = {year:04}-{month:02}-{day:02}",
            f"place = {q(place)}",
            f"format = {q(fmt)}",
        ]
        if not sanctioned:
            lines.append("sanctioned = false")
        lines.append(f"judge_level = {judge}")
        if standings:
            lines.append(f"rounds = {rounds}")
        lines.append("")
        if standings:
            ranked = sorted(field, key=lambda p: (-points[p], p))
            rank = 0
            for i, p in enumerate(ranked):
                if i == 0 or points[p] != points[ranked[i - 1]]:
                    rank = i + 1
                lines += ["[[results]]", f"rank = {rank}", f"name = {q(p)}", ""]
        for matches, byes in played:
            lines.append("[[round]]")
            lines.append("matches = [")
            for a, b, wa, wb, d in matches:
                score = f"{wa}-{wb}-{d}" if d else f"{wa}-{wb}"
                lines.append(f"  [{q(a)}, {q(b)}, {q(score)}],")
            lines.append("]")
            if byes:
                lines.append("byes = [" + ", ".join(q(b) for b in byes) + "]")
            lines.append("")
        text = "\n".join(lines).rstrip("\n") + "\n"
        if name == "Lighthouse Extended":
            # One organiser wrote the short spelling: players.toml merges it.
            text = text.replace('"Pim van Driel-Ooster"', '"Pim van Driel"')
        path.write_text(text, encoding="utf-8")
    reg = ["# Fictional players of the Ember Coast Card League (all names invented).", ""]
    for name, nat in PLAYERS:
        reg += ["[[player]]", f"name = {q(name)}", f'nat = "{nat}"']
        if name == "Pim van Driel-Ooster":
            reg.append('aliases = ["Pim van Driel"]')
        reg.append("")
    (DATA / "players.toml").write_text("\n".join(reg).rstrip("\n") + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
