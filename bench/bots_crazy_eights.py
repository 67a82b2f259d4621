"""Crazy Eights bot benchmark: seeded matches between two levels, seats alternating.

Usage: python bench/bots_crazy_eights.py normal easy --matches 400 [--players 2] [--workers 2]

Prints the first level's share of decided matches with a 95% Wilson interval
and the decision time p50/p99 per level.
"""

import argparse
import hashlib
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stats import percentile, wilson  # noqa: E402
from bots.crazy_eights import BOTS  # noqa: E402
from games import crazy_eights as ce  # noqa: E402
from games import fair  # noqa: E402

MAX_HANDS = 200


def play_match(index: int, levels: list[str], players: int, seed: int = 1) -> tuple[list[str], dict[str, list[float]]]:
    """One match; ``levels[s]`` plays seat s. Returns the winning levels and CPU seconds per decision.

    The deals come from ``seed`` and ``index``: another ``--seed`` gives other deals.
    """
    key = hashlib.sha256(f"bench:crazy_eights:{seed}:{index}".encode()).hexdigest()
    rng = random.Random(f"{seed}:{index}")
    memories = [{} for _ in range(players)]
    totals = {str(s): 0 for s in range(players)}
    times: dict[str, list[float]] = {lvl: [] for lvl in set(levels)}
    for hand in range(1, MAX_HANDS + 1):
        dealer = (hand - 1) % players
        deck = fair.shuffle(key, fair.deal_label(hand), ce.new_deck({}))
        state = ce.deal(players, dealer, deck, {}, key, hand)
        while not ce.is_over(state):
            seat = ce.current_seat(state)
            view = ce.view(state, seat)
            moves = ce.legal_moves(state, seat)
            bot = BOTS[levels[seat]]
            start = time.process_time()
            move = bot.choose(view, moves, rng, memories[seat])
            times[levels[seat]].append(time.process_time() - start)
            state = ce.apply(state, seat, move)
        for k, v in ce.result(state)["scores"].items():
            totals[k] += v
        status = ce.match_status(totals, {})
        if status["over"]:
            return [levels[int(s)] for s in status["winners"]], times
    return [], times


def _job(args):
    index, a, b, players, seed = args
    # Seats alternate: level a takes seat 0 in even matches and seat 1 in odd ones.
    levels = [a if (s + index) % 2 == 0 else b for s in range(players)]
    return play_match(index, levels, players, seed)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("a", choices=list(BOTS))
    parser.add_argument("b", choices=list(BOTS))
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--start", type=int, default=0, help="index of the first match")
    parser.add_argument("--seed", type=int, default=1, help="the deals' seed: another seed, other deals")
    args = parser.parse_args(argv)
    jobs = [(i, args.a, args.b, args.players, args.seed) for i in range(args.start, args.start + args.matches)]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            outcomes = list(pool.map(_job, jobs, chunksize=4))
    else:
        outcomes = [_job(j) for j in jobs]
    wins_a = wins_b = ties = 0
    times: dict[str, list[float]] = {args.a: [], args.b: []}
    for winners, t in outcomes:
        for lvl, values in t.items():
            times[lvl].extend(values)
        if args.a in winners and args.b not in winners:
            wins_a += 1
        elif args.b in winners and args.a not in winners:
            wins_b += 1
        else:
            ties += 1
    decided = wins_a + wins_b
    low, high = wilson(wins_a, decided)
    share = wins_a / decided if decided else 0.0
    print(f"{args.a} vs {args.b}: {args.matches} matches, {args.players} players, seed {args.seed}")
    print(f"{args.a} wins {wins_a}, {args.b} wins {wins_b}, shared/undecided {ties}")
    print(f"{args.a} share of decided matches: {share:.3f} (95% Wilson {low:.3f}-{high:.3f})")
    for lvl, values in times.items():
        ms = [v * 1000 for v in values]
        print(f"{lvl}: {len(ms)} decisions, CPU p50 {percentile(ms, 0.5):.3f} ms, p99 {percentile(ms, 0.99):.3f} ms")


if __name__ == "__main__":
    main()
