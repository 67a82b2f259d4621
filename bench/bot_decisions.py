"""CPU time of one bot decision, per game, table size and level, at every point of whole hands.

    python bench/bot_decisions.py --hands 40 --seed 1     # the figures in docs/benchmarks.md
    python bench/bot_decisions.py --quick                 # one hand per game, to see it works
    python bench/bot_decisions.py --game crazy_eights --level hard --hands 10

Every seat of a hand is played by one level and every decision of the hand is
timed (``time.process_time``: CPU of this process on one core, whatever else
the machine runs), so the early turns, the long middle and the biggest hands
(a Buraco seat holding the whole pile) are all in the sample. Prints the p50,
p99 and maximum, the mean, and what the mean means at human pace: a table
makes about one move every ``--pace`` seconds, so a worker core keeps up with
``pace / mean`` tables whose every move is a bot's (the worst case; a table
with people asks less).
"""

import argparse
import hashlib
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stats import percentile  # noqa: E402
from bots import registry as bot_registry  # noqa: E402
from games import fair, registry  # noqa: E402

TABLES = (
    ("rouba_monte", 2),
    ("rouba_monte", 4),
    ("stealing_bundles", 2),
    ("stealing_bundles", 4),
    ("crazy_eights", 2),
    ("crazy_eights", 4),
    ("buraco", 4),
)
LEVELS = ("easy", "normal", "hard")


def bench_deal(game_name: str, players: int, index: int, seed: int, purpose: str = "decisions"):
    """The engine and hand ``index`` of a benchmark run, dealt by the fair shuffle from ``seed``."""
    game = registry.get(game_name)
    key = hashlib.sha256(f"bench:{purpose}:{game_name}:{seed}:{index}".encode()).hexdigest()
    deck = fair.shuffle(key, fair.deal_label(1), game.new_deck({}))
    return game, game.deal(players=players, dealer=index % players, deck=deck, options={}, seed=key, hand=1)


def hand_times(game_name: str, players: int, level: str, index: int, seed: int) -> list[float]:
    """CPU seconds of each decision of one hand played by ``players`` bots of ``level``."""
    game, state = bench_deal(game_name, players, index, seed)
    bot = bot_registry.get(game_name, level)
    rng = random.Random(f"{seed}:{index}")
    memories = [{} for _ in range(players)]
    out = []
    while not game.is_over(state):
        seat = game.current_seat(state)
        view = game.view(state, seat)
        legal = game.legal_moves(state, seat)
        start = time.process_time()
        move = bot.choose(view, legal, random.Random(rng.getrandbits(32)), memories[seat])
        out.append(time.process_time() - start)
        state = game.apply(state, seat, move)
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40, help="hands per game, table size and level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pace", type=float, default=3.0, help="seconds between a table's moves at human pace")
    parser.add_argument("--level", action="append", choices=LEVELS)
    parser.add_argument("--game", action="append", choices=sorted({g for g, _ in TABLES}), help="only these games")
    parser.add_argument("--quick", action="store_true", help="one hand each")
    args = parser.parse_args(argv)
    hands = 1 if args.quick else args.hands
    print(f"{hands} hands each, seed {args.seed}; CPU ms per decision")
    for game_name, players in TABLES:
        if args.game and game_name not in args.game:
            continue
        for level in args.level or LEVELS:
            times = [t for i in range(hands) for t in hand_times(game_name, players, level, i, args.seed)]
            mean = sum(times) / len(times)
            rooms = args.pace / mean if mean else float("inf")
            print(
                f"{game_name} {players}p {level}: {len(times)} decisions, p50 {percentile(times, 0.5) * 1e3:.2f}, "
                f"p99 {percentile(times, 0.99) * 1e3:.2f}, max {max(times) * 1e3:.2f}, mean {mean * 1e3:.2f}; "
                f"{rooms:,.0f} all-bot tables per core at one move every {args.pace:g} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
