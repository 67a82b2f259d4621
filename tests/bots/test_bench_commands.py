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
