"""Play seeded matches between two bot levels of a fishing game and report strength and speed.

    python bench/bots_fishing.py --game rouba_monte --a normal --b easy --matches 400

Every deal is played twice, the levels trading seats (duplicate play): the
dealer and the cards are the same for both, so a seat's place in the turn order
favours neither level (when the dealer changed with the seats, a level held the
same place in every match of a run, and the figures moved with the seed's
parity by more than their interval). Prints the share of
decided matches (no shared win) won by level A with a 95% Wilson interval,
and the decision-time p50/p99 of each level, both wall-clock and CPU time (the
CPU figure is the one to trust on a busy machine).
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stats import percentile, wilson  # noqa: E402
from bots import registry as bot_registry  # noqa: E402
from games import registry  # noqa: E402
from games.fair import deal_label, shuffle  # noqa: E402


def bot(game_name: str, level: str):
    """A level's bot, or ``tips``: the card-counting policy the hard level searches with, alone."""
    if level == "tips":
        return bot_registry.get(game_name, "hard").game.policy
    return bot_registry.get(game_name, level)


def match_setup(seed: int, index: int, a: str, b: str, players: int) -> tuple[list, int]:
    """Match ``index`` of a run: (the level of each seat, the deal's seed).

    Matches 2k and 2k+1 share one deal (and its dealer, ``deal_seed % players``); in the
    second the levels trade seats.
    """
    levels = [a if (s + index) % 2 == 0 else b for s in range(players)]
    return levels, seed * 1_000_003 + index // 2


def play_match(game_name: str, levels: list, seed: int, options: dict, times: dict) -> list:
    """One hand; ``levels[s]`` plays seat s. Returns the winners (seat strings)."""
    game = registry.get(game_name)
    players = len(levels)
    key = f"{seed:064x}"
    deck = shuffle(key, deal_label(1), game.new_deck(options))
    state = game.deal(players, seed % players, deck, options, key, 1)
    bots = [bot(game_name, level) for level in levels]
    memories = [{} for _ in range(players)]
    rng = random.Random(seed)
    while not game.is_over(state):
        seat = game.current_seat(state)
        view = game.view(state, seat)
        legal = game.legal_moves(state, seat)
        start, cpu = time.perf_counter(), time.process_time()
        move = bots[seat].choose(view, legal, random.Random(rng.getrandbits(32)), memories[seat])
        times[levels[seat]].append((time.perf_counter() - start, time.process_time() - cpu))
        state = game.apply(state, seat, move)
    return game.result(state)["winners"]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rouba_monte", choices=["rouba_monte", "stealing_bundles"])
    levels = ["easy", "normal", "hard", "tips"]
    parser.add_argument("--a", default="normal", choices=levels, help="a level, or tips: hard without its search")
    parser.add_argument("--b", default="easy", choices=levels)
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], help="a boolean Stealing Bundles option to turn on")
    args = parser.parse_args(argv)
    options = {name: True for name in args.option}
    times = {args.a: [], args.b: []}
    wins = decided = 0
    for i in range(args.matches):
        levels, deal_seed = match_setup(args.seed, i, args.a, args.b, args.players)
        winners = play_match(args.game, levels, deal_seed, options, times)
        sides = {levels[int(w)] for w in winners}
        if len(sides) == 1:
            decided += 1
            wins += sides == {args.a}
    low, high = wilson(wins, decided)
    share = wins / decided if decided else 0.0
    print(f"{args.game} {args.players}p: {args.a} vs {args.b}: {args.a} won {wins}/{decided} decided matches")
    print(f"  share {share:.3f}, 95% Wilson interval [{low:.3f}, {high:.3f}] ({args.matches} played)")
    for level, pairs in times.items():
        wall = [w for w, _ in pairs]
        cpu = [c for _, c in pairs]
        print(
            f"  {level}: {len(pairs)} decisions, wall p50 {percentile(wall, 0.5) * 1000:.2f} ms, "
            f"p99 {percentile(wall, 0.99) * 1000:.2f} ms; CPU p50 {percentile(cpu, 0.5) * 1000:.2f} ms, "
            f"p99 {percentile(cpu, 0.99) * 1000:.2f} ms"
        )


if __name__ == "__main__":
    main()
