"""CPU time of one "Dica", per game, at every decision of whole hands played by normal bots.

A hint is two parts, each timed: the seat's memory rebuilt (rooms/hints/memory.py: the hand
dealt again and walked through its log, each logged move matched against the legal moves as
``rooms.records.hand_replay.walk`` does, the seat's views at its own decisions given to the bot's
``recall``), then ``bots/hints.suggest`` (the hard bot with that memory, then the reason).

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
from games.canonical import canonical_move  # noqa: E402

TABLES = (("rouba_monte", 4), ("stealing_bundles", 2), ("crazy_eights", 2), ("buraco", 4))


def rebuilt_memory(game, game_name: str, dealt: dict, log: list, seat: int) -> dict:
    """What rooms/hints/memory.py does for ``seat``, on the engine alone (no database)."""
    state, decisions = dealt, []
    for mover, logged in log:
        move = canonical_move(game.legal_moves(state, mover), logged)
        if mover == seat and game.current_seat(state) == seat:
            decisions.append((game.view(state, seat), move))
        state = game.apply(state, mover, move)
    return hints.recalled(game_name, decisions)


def hand_times(game_name: str, players: int, index: int, seed: int) -> list[tuple[float, float]]:
    """(memory rebuilt, suggestion) CPU seconds at every decision of one hand."""
    game, state = bench_deal(game_name, players, index, seed, purpose="hints")
    dealt, log = state, []
    normal = bot_registry.get(game_name, "normal")
    rng = random.Random(f"{seed}:{index}")
    times = []
    while not game.is_over(state):
        seat = game.current_seat(state)
        legal = game.legal_moves(state, seat)
        view = game.view(state, seat)
        start = time.process_time()
        memory = rebuilt_memory(game, game_name, dealt, log, seat)
        rebuilt = time.process_time()
        hints.suggest(game_name, view, legal, f"{seed}:{index}:{len(times)}", memory)
        times.append((rebuilt - start, time.process_time() - rebuilt))
        move = normal.choose(view, legal, rng)
        log.append((seat, move))
        state = game.apply(state, seat, move)
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
        for part, values in (
            ("memory", [a for a, _ in times]),
            ("suggest", [b for _, b in times]),
            ("whole hint", [a + b for a, b in times]),
        ):
            ms = sorted(t * 1000 for t in values)
            print(
                f"{game_name} {players}p {part}: {len(ms)} decisions, p50 {percentile(ms, 0.5):.1f} ms, "
                f"p99 {percentile(ms, 0.99):.1f} ms, max {ms[-1]:.1f} ms"
            )


if __name__ == "__main__":
    main()
