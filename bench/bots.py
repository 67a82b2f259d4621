"""Bot strength and speed for every game: runs each game's match-up benchmark.

    python bench/bots.py            # the full set (400+ matches per match-up; long)
    python bench/bots.py --quick    # a few dozen matches each, to see it works

Each line it runs is also a command of its own (bench/bots_fishing.py,
bench/bots_crazy_eights.py, bench/bots_buraco.py); the figures in
docs/benchmarks.md come from those commands.
"""

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def runs(n: int) -> list[list[str]]:
    fishing = [
        ["bots_fishing.py", "--game", game, "--a", a, "--b", b, "--matches", str(n)]
        for game in ("rouba_monte", "stealing_bundles")
        for a, b in (("normal", "easy"), ("hard", "normal"))
    ]
    eights = [["bots_crazy_eights.py", a, b, "--matches", str(n)] for a, b in (("normal", "easy"), ("hard", "normal"))]
    buraco = [["bots_buraco.py", a, b, "--hands", str(n)] for a, b in (("normal", "easy"), ("hard", "normal"))]
    return fishing + eights + buraco


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="30 matches per match-up instead of 400")
    args = parser.parse_args()
    failed = 0
    for cmd in runs(30 if args.quick else 400):
        print("$ python bench/" + " ".join(cmd), flush=True)
        failed += subprocess.run([sys.executable, str(HERE / cmd[0]), *cmd[1:]]).returncode != 0
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
