"""CPU time of one "Dica" (bots/hints.py ``suggest``: the hard bot on a copy of the view with a fresh
memory, then the reason), per game, at every decision of whole hands played by normal bots.

    python bench/hint_decisions.py --hands 10 --seed 1    # the figures in docs/benchmarks.md
    python bench/hint_decisions.py --quick                # one hand per game, to see it works

``time.process_time``: CPU of this process on one core, whatever else the machine runs.
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bot_decisions import bench_deal  # noqa: E402
from bench.stats import percentile  # noqa: E402
from bots import hints  # noqa: E402
from bots import registry as bot_registry  # noqa: E402

TABLES = (("rouba_monte", 4), ("stealing_bundles", 2), ("crazy_eights", 2), ("buraco", 4))


def hand_times(game_name: str, players: int, index: int, seed: int) -> list[float]:
    game, state = bench_deal(game_name, players, index, seed, purpose="hints")
    normal = bot_registry.get(game_name, "normal")
    rng = random.Random(f"{seed}:{index}")
    times = []
    while not game.is_over(state):
        seat = game.current_seat(state)
        legal = game.legal_moves(state, seat)
        view = game.view(state, seat)
        start = time.process_time()
        hints.suggest(game_name, view, legal, f"{seed}:{index}:{len(times)}")
        times.append(time.process_time() - start)
        state = game.apply(state, seat, normal.choose(view, legal, rng))
    return times


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="one hand per game")
    args = parser.parse_args(argv)
    hands = 1 if args.quick else args.hands
    for game_name, players in TABLES:
        times = [t for i in range(hands) for t in hand_times(game_name, players, i, args.seed)]
        ms = sorted(t * 1000 for t in times)
        print(
            f"{game_name} {players}p hint: {len(ms)} decisions, p50 {percentile(ms, 0.5):.1f} ms, "
            f"p99 {percentile(ms, 0.99):.1f} ms, max {ms[-1]:.1f} ms"
        )


if __name__ == "__main__":
    main()
