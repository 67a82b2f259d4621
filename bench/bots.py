"""Bot strength and speed for every game: runs each game's match-up benchmark.

    python bench/bots.py --seed 7   # the full set (1,000 matches per match-up; many hours here)
    python bench/bots.py --quick    # a few matches each, to see it works (the test suite runs it)

Each line it runs is also a command of its own (bench/bots_fishing.py,
bench/bots_crazy_eights.py, bench/bots_buraco.py); the figures in
docs/benchmarks.md come from those commands.
"""

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


PAIRS = (("normal", "easy"), ("hard", "normal"))


def runs(n: int, seed: int) -> list[list[str]]:
    """Every match-up at two seats and at four (Buraco: teams), then every level's four-bot Buraco hands."""
    s = ["--seed", str(seed)]
    fishing = [
        ["bots_fishing.py", "--game", game, "--a", a, "--b", b, "--matches", str(n), "--players", str(p), *s]
        for game in ("rouba_monte", "stealing_bundles")
        for p in (2, 4)
        for a, b in PAIRS
    ]
    eights = [
        ["bots_crazy_eights.py", a, b, "--matches", str(n), "--players", str(p), *s] for p in (2, 4) for a, b in PAIRS
    ]
    buraco = [["bots_buraco.py", a, b, "--hands", str(n), *s] for a, b in PAIRS]
    endings = [["bots_buraco.py", lv, lv, "--hands", str(n), *s] for lv in ("easy", "normal", "hard")]
    return fishing + eights + buraco + endings


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 matches per match-up instead of --matches")
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1, help="the deals' seed: another seed, other deals")
    args = parser.parse_args(argv)
    failed = 0
    for cmd in runs(2 if args.quick else args.matches, args.seed):
        print("$ python bench/" + " ".join(cmd), flush=True)
        failed += subprocess.run([sys.executable, str(HERE / cmd[0]), *cmd[1:]]).returncode != 0
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
