"""The hint's decision-time benchmark runs (``--quick``); its figures are in docs/benchmarks.md, not asserted."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_hint_benchmark_covers_every_game():
    done = subprocess.run(
        [sys.executable, "bench/hint_decisions.py", "--quick"], cwd=ROOT, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr
    # Each game's memory rebuild, suggestion and whole hint.
    assert done.stdout.count(" whole hint: ") == 4 and done.stdout.count(" memory: ") == 4
    assert "buraco 4p whole hint" in done.stdout
