#!/usr/bin/env python3
"""Independent re-computation of the Elo, Glicko-2 and TrueSkill ratings of a
built site, compared with its downloads/ID-history.csv to a relative 1e-6.

    python3 .ci/reference_check.py SITE_DIR BUILT_OUTPUT_DIR

TrueSkill comes from PyPI's `trueskill` package (the reference the spec
names); Elo and Glicko-2 are written here from the formulas of
more-systems.md and Glickman's paper, without looking at our Rust code.
Reads site.toml and data/ with tomllib (Python 3.11+). Handles what the
example and fixture sites use: names as written (no players.toml aliases),
events ordered by (date, id).
"""

import csv
import math
import sys
import tomllib
import unicodedata
from pathlib import Path

import trueskill


def key(name):
    return " ".join(unicodedata.normalize("NFC", name).split()).lower()


def load(site):
    config = tomllib.loads((site / "site.toml").read_text())
    events = []
    for path in sorted((site / "data").rglob("*.toml")):
        rel = path.relative_to(site / "data").as_posix()
        if rel == "players.toml" or rel.startswith("pages/"):
            continue
        e = tomllib.loads(path.read_text())
        e["id"] = rel[: -len(".toml")]
        events.append(e)
    events.sort(key=lambda e: (e["date"], e["id"].encode()))
    return config, events


def rated(rating, e):
    if not e.get("sanctioned", True):
        return False
    formats = rating.get("formats")
    return formats is None or e.get("format") in formats


def match_score(games):
    """The first player's score, or None for a result that is not rated
    (forfeits `+-` `-+` `--`, `1F-0F`, `½F-½F`: docs/data-format.md)."""
    games = games.replace(" ", "").replace("\u2013", "-").replace("\u2212", "-")
    if "F" in games.upper() or "+" in games or games == "--":
        return None
    if games in ("½-½", "1/2-1/2", "0.5-0.5", "="):
        return 0.5
    parts = [int(x) for x in games.split("-")]
    a, b = parts[0], parts[1]
    return 1.0 if a > b else 0.0 if a < b else 0.5


# ---------------------------------------------------------------- Elo
def elo(rating, events):
    k, initial = rating.get("k", 32.0), rating.get("initial", 1500.0)
    r, rows = {}, []
    E = lambda a, b: 1 / (1 + 10 ** ((b - a) / 400))
    for e in events:
        if not rated(rating, e):
            continue
        if e.get("round"):
            first, last = {}, {}
            for rnd in e["round"]:
                for a, b, games in rnd.get("matches", []):
                    s = match_score(games)
                    if s is None:
                        continue
                    a, b = key(a), key(b)
                    ra, rb = r.get(a, initial), r.get(b, initial)
                    first.setdefault(a, ra)
                    first.setdefault(b, rb)
                    r[a] = ra + k * (s - E(ra, rb))
                    r[b] = rb + k * ((1 - s) - E(rb, ra))
            for p in first:
                rows.append((e["id"], p, first[p], r[p]))
        elif e.get("results"):
            res = [(key(x["name"]), x["rank"]) for x in e["results"]]
            n = len(res)
            before = {p: r.get(p, initial) for p, _ in res}
            for p, rank in res:
                change = 0.0
                for q, other in res:
                    if q != p:
                        s = 1.0 if rank < other else 0.5 if rank == other else 0.0
                        change += s - E(before[p], before[q])
                r[p] = before[p] + (k / (n - 1) * change if n > 1 else 0.0)
                rows.append((e["id"], p, before[p], r[p]))
    return rows


# ---------------------------------------------------------------- Glicko-2
def glicko2(rating, events):
    r0 = rating.get("initial", 1500.0)
    rd0 = rating.get("initial_deviation", 350.0)
    vol0 = rating.get("initial_volatility", 0.06)
    tau = rating.get("tau", 0.5)
    days = rating.get("period_days", 30)
    S = 173.7178
    state, rows = {}, []

    def period(mu, phi, sigma, games):
        g = lambda phi: 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)
        Ef = lambda mu, muj, phij: 1 / (1 + math.exp(-g(phij) * (mu - muj)))
        v = 1 / sum(g(pj) ** 2 * Ef(mu, mj, pj) * (1 - Ef(mu, mj, pj)) for mj, pj, _ in games)
        delta = v * sum(g(pj) * (s - Ef(mu, mj, pj)) for mj, pj, s in games)
        a = math.log(sigma * sigma)
        f = lambda x: (math.exp(x) * (delta ** 2 - phi ** 2 - v - math.exp(x))
                       / (2 * (phi ** 2 + v + math.exp(x)) ** 2) - (x - a) / tau ** 2)
        A = a
        if delta ** 2 > phi ** 2 + v:
            B = math.log(delta ** 2 - phi ** 2 - v)
        else:
            kk = 1
            while f(a - kk * tau) < 0:
                kk += 1
            B = a - kk * tau
        fA, fB = f(A), f(B)
        while abs(B - A) > 1e-6:
            C = A + (A - B) * fA / (fB - fA)
            fC = f(C)
            if fC * fB <= 0:
                A, fA = B, fB
            else:
                fA /= 2
            B, fB = C, fC
        sigma2 = math.exp(A / 2)
        phistar = math.sqrt(phi ** 2 + sigma2 ** 2)
        phi2 = 1 / math.sqrt(1 / phistar ** 2 + 1 / v)
        mu2 = mu + phi2 ** 2 * sum(g(pj) * (s - Ef(mu, mj, pj)) for mj, pj, s in games)
        return mu2, phi2, sigma2

    for e in events:
        if not e.get("round") or not rated(rating, e):
            continue
        today = e["date"].toordinal()
        pre, games = {}, {}

        def start(p):
            if p not in pre:
                if p in state:
                    r, rd, vol, last = state[p]
                    k = (today - last) // days
                    phi = rd / S
                    rd = min(math.sqrt(phi * phi + k * vol * vol) * S, rd0)
                    pre[p] = (r, rd, vol)
                else:
                    pre[p] = (r0, rd0, vol0)
            return pre[p]

        for rnd in e["round"]:
            for a, b, g in rnd.get("matches", []):
                s = match_score(g)
                if s is None:
                    continue
                a, b = key(a), key(b)
                ra, rb = start(a), start(b)
                games.setdefault(a, []).append(((rb[0] - 1500) / S, rb[1] / S, s))
                games.setdefault(b, []).append(((ra[0] - 1500) / S, ra[1] / S, 1 - s))
        for p, gs in games.items():
            r, rd, vol = pre[p]
            mu2, phi2, sigma2 = period((r - 1500) / S, rd / S, vol, gs)
            state[p] = (mu2 * S + 1500, min(phi2 * S, rd0), sigma2, today)
            rows.append((e["id"], p, r, state[p][0], rd, state[p][1]))
    return rows


# ---------------------------------------------------------------- TrueSkill
def true_skill(rating, events):
    env = trueskill.TrueSkill(
        mu=rating.get("initial", 25.0),
        sigma=rating.get("initial_deviation", 25 / 3),
        beta=rating.get("beta", 25 / 6),
        tau=rating.get("tau", 25 / 300),
        draw_probability=rating.get("draw_probability", 0.1),
    )
    r, rows = {}, []
    pub = lambda x: x.mu - 3 * x.sigma
    for e in events:
        if not rated(rating, e):
            continue
        if e.get("round"):
            first = {}
            for rnd in e["round"]:
                for a, b, games in rnd.get("matches", []):
                    s = match_score(games)
                    if s is None:
                        continue
                    a, b = key(a), key(b)
                    ra, rb = r.get(a, env.create_rating()), r.get(b, env.create_rating())
                    first.setdefault(a, ra)
                    first.setdefault(b, rb)
                    ranks = [0, 1] if s == 1 else [1, 0] if s == 0 else [0, 0]
                    (r[a],), (r[b],) = env.rate([(ra,), (rb,)], ranks=ranks)
            for p in first:
                rows.append((e["id"], p, pub(first[p]), pub(r[p]), first[p].sigma, r[p].sigma))
        elif e.get("results"):
            res = [(key(x["name"]), x["rank"]) for x in e["results"]]
            before = [r.get(p, env.create_rating()) for p, _ in res]
            after = before if len(res) < 2 else [t[0] for t in env.rate([(b,) for b in before], ranks=[rk for _, rk in res])]
            for (p, _), b, a in zip(res, before, after):
                r[p] = a
                rows.append((e["id"], p, pub(b), pub(a), b.sigma, a.sigma))
    return rows


def close(x, y):
    return abs(x - y) <= 1e-6 * max(1.0, abs(y))


def main():
    site, out = Path(sys.argv[1]), Path(sys.argv[2])
    config, events = load(site)
    compute = {"elo": elo, "glicko2": glicko2, "trueskill": true_skill}
    checked = 0
    for rating in config["rating"]:
        if rating["system"] not in compute:
            continue
        expected = compute[rating["system"]](rating, events)
        with open(out / "downloads" / f"{rating['id']}-history.csv", newline="") as f:
            got = list(csv.DictReader(f))
        mine = {(row["event"], key(row["player"])): row for row in got}
        assert len(mine) == len(expected), f"{rating['id']}: {len(got)} rows, reference {len(expected)}"
        for exp in expected:
            row = mine[(exp[0], exp[1])]
            values = [float(row["before"]), float(row["after"])]
            if len(exp) > 4:
                values += [float(row["deviation_before"]), float(row["deviation_after"])]
            for v, w in zip(values, exp[2:]):
                assert close(v, w), f"{rating['id']} {exp[0]} {exp[1]}: {values} vs reference {exp[2:]}"
            checked += 1
    print(f"reference check: {site}: {checked} history rows of Elo/Glicko-2/TrueSkill equal the reference to 1e-6")


if __name__ == "__main__":
    main()
