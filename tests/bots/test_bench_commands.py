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
