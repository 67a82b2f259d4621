"""The bot benchmarks' commands run (``--quick``): strength and speed are measured by them, not asserted here."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> str:
    done = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_strength_benchmarks_run_with_a_seed():
    out = run("bench/bots.py", "--quick", "--seed", "5")
    assert out.count("$ python bench/") == 17
    assert "--players 4 --seed 5" in out
    assert "batida" in out and "a morto taken" in out


def test_the_decision_time_benchmark_covers_every_game_table_and_level():
    out = run("bench/bot_decisions.py", "--quick")
    assert out.count(" hard: ") == 7 and out.count(" easy: ") == 7
    assert "buraco 4p hard" in out and "all-bot tables per core" in out
    one = run("bench/bot_decisions.py", "--quick", "--game", "crazy_eights", "--level", "hard")
    assert one.count(" hard: ") == 2 and "crazy_eights 4p hard" in one and "rouba_monte" not in one


def test_the_rating_fit_writes_every_games_levels(tmp_path):
    out = tmp_path / "bots.json"
    run("bench/fit_bot_ratings.py", "--quick", "--out", str(out))
    data = json.loads(out.read_text())
    for game in ("rouba_monte", "stealing_bundles", "crazy_eights", "buraco"):
        assert set(data[game]["levels"]) == {"easy", "normal", "hard"}
        assert set(data[game]["strength"]) == {"normal_easy", "hard_normal", "hard_easy"}


def test_the_oracle_runs_and_nothing_the_site_runs_imports_a_benchmark():
    """The oracle reads the real state; it must stay a benchmark, out of reach of every site module."""
    out = run("bench/oracle_fishing.py", "--quick", "--game", "stealing_bundles", "--seed", "3")
    assert "oracle (1 playouts) vs tips" in out and "95% Wilson interval" in out
    site = [p for p in ROOT.rglob("*.py") if p.relative_to(ROOT).parts[0] not in ("bench", "tests", ".venv")]
    assert any(p.parts[-2] == "bots" for p in site)
    for path in site:
        text = path.read_text()
        assert "from bench" not in text and "import bench" not in text, path


def test_every_fishing_deal_is_played_twice_with_the_levels_trading_seats():
    """A level never keeps one place in the turn order for a whole run (it once did, with the seed's parity)."""
    from bench.bots_fishing import match_setup

    for players in (2, 4):
        for index in (0, 2, 10):
            first, deal = match_setup(501, index, "hard", "normal", players)
            second, same_deal = match_setup(501, index + 1, "hard", "normal", players)
            assert deal == same_deal and match_setup(501, index + 2, "hard", "normal", players)[1] != deal
            assert first.count("hard") == second.count("hard") == players // 2
            assert all({a, b} == {"hard", "normal"} for a, b in zip(first, second, strict=True))


def test_the_decision_quality_benchmark_judges_each_level_against_the_real_state():
    out = run("bench/decision_quality.py", "--quick", "--game", "stealing_bundles", "--seed", "4")
    assert "stealing_bundles 2p:" in out and "decisions from 2 deals, seed 4" in out
    assert "  normal: mean value" in out and "  hard: mean value" in out and "gain over tips" in out


def test_a_decision_point_is_valued_by_how_its_side_ends_the_hand():
    """The oracle's value of a move is 1, ½ or 0 for the point's side, whatever seat of it won."""
    from bench.decision_quality import collect, oracle_values, side_value
    from games import registry

    game = registry.get("rouba_monte")
    points = collect("rouba_monte", 4, 1, 9)
    assert points and all(p["seat"] % 2 == 0 for p in points)
    values = oracle_values("rouba_monte", points[0], 1)
    assert len(values) > 1 and set(values.values()) <= {0.0, 0.5, 1.0}
    state = points[-1]["state"]
    while not game.is_over(state):
        seat = game.current_seat(state)
        state = game.apply(state, seat, game.legal_moves(state, seat)[0])
    winners = {int(w) % 2 for w in game.result(state)["winners"]}
    expected = 1.0 if winners == {0} else 0.5 if len(winners) > 1 else 0.0
    assert side_value(game, state, 0) == expected and side_value(game, state, 1) == 1.0 - expected
