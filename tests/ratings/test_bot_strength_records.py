"""The rules pages show each pairing's best-measured share: the fit's, or a longer benchmark run's."""

import importlib.util
from pathlib import Path

import pytest

from ratings import bot_strength, method

ROOT = Path(__file__).resolve().parents[2]


def _wilson():
    spec = importlib.util.spec_from_file_location("bench_stats", ROOT / "bench" / "stats.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.wilson


def _fit(wins, decided):
    return {"levels": {}, "strength": {"hard_normal": {"wins": wins, "decided": decided, "share": wins / decided}}}


def _run(wins, decided, seats=2):
    return {
        "pairing": "hard_normal",
        "seats": seats,
        "teams": False,
        "unit": "matches",
        "wins": wins,
        "decided": decided,
        "command": "bench/x.py",
    }


def test_a_longer_benchmark_run_replaces_the_fits_share(monkeypatch):
    monkeypatch.setattr(method, "fitted_bots", lambda: {"g": _fit(133, 200)})
    monkeypatch.setattr(bot_strength, "benchmark_records", lambda: {"g": [_run(582, 989)]})
    [row] = bot_strength.measured("g", teams=False)
    assert (row["wins"], row["decided"], row["seats"]) == (582, 989, 2)
    assert row["share"] == pytest.approx(582 / 989)


def test_a_shorter_run_does_not_replace_the_fit_and_four_seats_are_their_own_row(monkeypatch):
    monkeypatch.setattr(method, "fitted_bots", lambda: {"g": _fit(133, 200)})
    monkeypatch.setattr(bot_strength, "benchmark_records", lambda: {"g": [_run(40, 50), _run(583, 985, seats=4)]})
    rows = bot_strength.measured("g", teams=False)
    assert [(r["seats"], r["decided"]) for r in rows] == [(2, 200), (4, 985)]


def test_the_fit_of_a_team_game_counts_hands_between_teams(monkeypatch):
    monkeypatch.setattr(method, "fitted_bots", lambda: {"g": _fit(183, 298)})
    monkeypatch.setattr(bot_strength, "benchmark_records", lambda: {})
    [row] = bot_strength.measured("g", teams=True)
    assert (row["unit"], row["teams"], row["seats"]) == ("hands", True, 4)


def test_every_recorded_run_is_consistent_and_named_in_the_benchmarks_doc():
    wilson = _wilson()
    benchmarks = (ROOT / "docs" / "benchmarks.md").read_text()
    records = bot_strength.benchmark_records()
    assert {"rouba_monte", "stealing_bundles", "crazy_eights", "buraco"} <= set(records)
    for game, runs in records.items():
        for run in runs:
            assert run["pairing"] in bot_strength.PAIRINGS
            assert 0 < run["wins"] <= run["decided"] and run["decided"] >= 900  # the long runs, not a handful
            low, high = wilson(run["wins"], run["decided"])
            assert (run["low"], run["high"]) == (round(low, 3), round(high, 3)), (game, run)
            assert run["command"].split(", and")[0] in benchmarks, (game, run["command"])
