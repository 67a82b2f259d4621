"""Buraco bot benchmark: seeded hands between two levels, teams alternating.

Usage: python bench/bots_buraco.py normal easy --hands 400 [--workers 2] [--matches]
       python bench/bots_buraco.py --engine   (legal_moves/apply timings, random hands)

Each hand (or match, with --matches, to the 1500 target) puts the first level on
one team and the second on the other, swapping teams every game. Prints the
first level's share of decided games with a 95% Wilson interval and the decision
time p50/p99 per level.
"""

import argparse
import hashlib
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.buraco import BOTS  # noqa: E402
from games import buraco as bu  # noqa: E402
from games import fair  # noqa: E402

MAX_HANDS = 60


def play_hand(seed, hand, dealer, levels, rng, memories, times, ends=None):
    deck = fair.shuffle(seed, fair.deal_label(hand), bu.new_deck({}))
    state = bu.deal(4, dealer, deck, {}, seed, hand)
    while not bu.is_over(state):
        seat = bu.current_seat(state)
        view = bu.view(state, seat)
        moves = bu.legal_moves(state, seat)
        start = time.process_time()
        move = BOTS[levels[seat]].choose(view, moves, rng, memories[seat])
        times[levels[seat]].append(time.process_time() - start)
        state = bu.apply(state, seat, move)
    if ends is not None:
        ends.append({"end": state["end"], "mortos": sum(state["morto_taken"].values())})
    return bu.result(state)


def play_game(index: int, a: str, b: str, whole_match: bool, seed: int = 1, ends=None):
    """One hand or match; level ``a`` holds team 0 in even games and team 1 in odd ones.

    The deals come from ``seed`` and ``index``; ``ends`` (a list) receives how each hand ended.
    """
    key = hashlib.sha256(f"bench:buraco:{seed}:{index}".encode()).hexdigest()
    team_a = str(index % 2)
    levels = [a if str(s % 2) == team_a else b for s in range(4)]
    rng = random.Random(f"{seed}:{index}")
    memories = [{} for _ in range(4)]
    times = {lvl: [] for lvl in set(levels)}
    totals = {"0": 0, "1": 0}
    for hand in range(1, (MAX_HANDS if whole_match else 1) + 1):
        res = play_hand(key, hand, (index + hand - 1) % 4, levels, rng, memories, times, ends)
        for t, v in res["scores"].items():
            totals[t] += v
        if not whole_match:
            winners = res["winners"] if len(res["winners"]) == 1 else []
            break
        status = bu.match_status(totals, {})
        if status["over"]:
            winners = status["winners"]
            break
    else:
        winners = []
    won = [levels[int(t)] for t in winners]
    return won, times


def _job(args):
    ends = []
    won, times = play_game(*args, ends=ends)
    return won, times, ends


def hand_ends(ends: list[dict]) -> str:
    """How the hands ended: the share that ended in a batida (95% interval) and in which a morto was taken."""
    n = len(ends)
    batidas = sum(1 for e in ends if e["end"] == "batida")
    with_morto = sum(1 for e in ends if e["mortos"] > 0)
    lo, hi = wilson(batidas, n)
    stock = sum(1 for e in ends if e["end"] == "stock")
    return (
        f"{n} hands: batida {batidas / max(n, 1):.1%} (95% CI {lo:.1%}-{hi:.1%}), stock ran out "
        f"{stock / max(n, 1):.1%}, a morto taken {with_morto / max(n, 1):.1%}"
    )


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def engine_timings(hands: int = 200) -> None:
    """legal_moves and apply per call, the median random hand, and legal_moves right after a
    player takes a big discard pile (hands of 25-35 cards)."""
    lm, ap, whole, big = [], [], [], []
    for k in range(hands):
        rng = random.Random(k)
        deck = fair.shuffle(None, fair.deal_label(k + 1), bu.new_deck({}))
        state = bu.deal(4, k % 4, deck)
        start = time.perf_counter()
        while not bu.is_over(state):
            seat = bu.current_seat(state)
            t = time.perf_counter()
            moves = bu.legal_moves(state, seat)
            lm.append(time.perf_counter() - t)
            move = rng.choice(moves)
            t = time.perf_counter()
            state = bu.apply(state, seat, move)
            ap.append(time.perf_counter() - t)
        whole.append(time.perf_counter() - start)
        # a pile grown by discards only, then taken
        state = bu.deal(4, 0, deck)
        for _ in range(rng.randint(14, 24)):
            seat = bu.current_seat(state)
            state = bu.apply(state, seat, {"type": "draw_stock"})
            state = bu.apply(state, seat, {"type": "discard", "card": rng.choice(state["hands"][seat])})
        seat = bu.current_seat(state)
        state = bu.apply(state, seat, {"type": "draw_discard"})
        t = time.perf_counter()
        bu.legal_moves(state, seat)
        big.append(time.perf_counter() - t)
    print(f"legal_moves p50 {pct(lm, 0.5) * 1e3:.3f} ms, p99 {pct(lm, 0.99) * 1e3:.3f} ms")
    print(f"legal_moves after a big pile p50 {pct(big, 0.5) * 1e3:.3f} ms, p99 {pct(big, 0.99) * 1e3:.3f} ms")
    print(f"apply p99 {pct(ap, 0.99) * 1e3:.3f} ms; random hand median {pct(whole, 0.5) * 1e3:.1f} ms")


def main(argv=None):
    if argv is None:
        argv = sys.argv[1:]
    if "--engine" in argv:
        engine_timings()
        return
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--hands", type=int, default=400, help="number of games (hands, or matches with --matches)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--matches", action="store_true", help="play whole matches to the target")
    parser.add_argument("--seed", type=int, default=1, help="the deals' seed: another seed, other deals")
    args = parser.parse_args(argv)
    jobs = [(i, args.first, args.second, args.matches, args.seed) for i in range(args.hands)]
    wins = decided = 0
    times: dict[str, list[float]] = {}
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            outcomes = list(pool.map(_job, jobs, chunksize=4))
    else:
        outcomes = [_job(j) for j in jobs]
    ends = []
    for won, t, e in outcomes:
        ends.extend(e)
        for lvl, xs in t.items():
            times.setdefault(lvl, []).extend(xs)
        if len(set(won)) == 1 and args.first != args.second:
            decided += 1
            wins += won[0] == args.first
    lo, hi = wilson(wins, decided)
    unit = "matches" if args.matches else "hands"
    share = wins / decided if decided else 0.0
    print(f"{args.first} vs {args.second}: {wins}/{decided} decided {unit} won by {args.first} ", end="")
    print(f"({share:.1%}, 95% CI {lo:.1%}-{hi:.1%}) of {args.hands}, seed {args.seed}")
    print("  " + hand_ends(ends))
    for lvl, xs in sorted(times.items()):
        print(f"  {lvl}: {len(xs)} decisions, CPU p50 {pct(xs, 0.5) * 1e3:.2f} ms, p99 {pct(xs, 0.99) * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
