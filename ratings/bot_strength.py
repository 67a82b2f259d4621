"""How much stronger each bot level measured against another, per game and seating.

Two sources measure it: the rating fit's round robin (ratings/bot_ratings.json, a few
hundred two-seat games per pairing, bench/fit_bot_ratings.py) and the longer benchmark
runs recorded in ratings/bot_benchmarks.json (1,000 matches and more, at two seats and
at four, their commands and seeds in docs/benchmarks.md). For each pairing and seating
the record over more decided games is the one a player is shown: a short fit's lucky
share must not stand on the rules page beside a longer run that says less.
"""

import json
from functools import cache
from pathlib import Path

from ratings import method

BENCHMARKS_FILE = Path(__file__).resolve().parent / "bot_benchmarks.json"
PAIRINGS = ("hard_normal", "normal_easy", "hard_easy")


@cache
def benchmark_records() -> dict:
    """game -> the recorded benchmark runs of its bots, read once."""
    return json.loads(BENCHMARKS_FILE.read_text())


def _fit_records(game: str, teams: bool) -> list[dict]:
    fitted = method.fitted_bots().get(game, {})
    records = []
    for pairing, measured in fitted.get("strength", {}).items():
        if measured.get("share") is None or not measured.get("decided"):
            continue
        records.append(
            {
                "pairing": pairing,
                "seats": 4 if teams else 2,
                "teams": teams,
                "unit": "hands" if teams else "matches",
                "wins": measured["wins"],
                "decided": measured["decided"],
            }
        )
    return records


def measured(game: str, teams: bool) -> list[dict]:
    """Each pairing's best-measured record at each seating, hard vs normal first, fewer seats first.

    A record: pairing, seats, teams, unit ("matches" or "hands"), wins, decided and share (0–1).
    """
    best: dict[tuple[str, int], dict] = {}
    for record in _fit_records(game, teams) + benchmark_records().get(game, []):
        if record["pairing"] not in PAIRINGS or not record["decided"]:
            continue
        key = (record["pairing"], record["seats"])
        if key not in best or record["decided"] > best[key]["decided"]:
            best[key] = record
    rows = [dict(r, share=r["wins"] / r["decided"]) for r in best.values()]
    return sorted(rows, key=lambda r: (PAIRINGS.index(r["pairing"]), r["seats"]))
