"""Engine speed: full random hands per second and the cost of one step.

Plays seeded random hands of every game through the public contract only
(deal, legal_moves, apply) on one core, and prints per game the median time of
a whole hand (a Rouba Monte hand is its whole match) and the p50/p99 of
`legal_moves` and `apply`. Times are CPU time of this process, so other load on
the machine barely moves them. Crazy Eights is measured twice: uniformly random
moves (which draw voluntarily very often, so hands run to ~470 moves) and a
random player that plays a card when it can. Buraco's worst case (a 30-card
hand after taking a big discard pile) is measured on its own.

    python bench/engines.py [--hands 300] [--games rouba_monte,crazy_eights]
"""

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import fair, registry  # noqa: E402

PLAYERS = {"rouba_monte": 4, "stealing_bundles": 4, "crazy_eights": 4, "buraco": 4}


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def plays_first(moves: list, rng: random.Random) -> dict:
    """A random player that draws only when it has nothing to play."""
    plays = [m for m in moves if m.get("type") not in ("draw",)]
    return rng.choice(plays or moves)


def random_hand(game: str, seed_index: int, legal_times: list, apply_times: list, policy=None) -> tuple[float, int]:
    engine = registry.get(game)
    rng = random.Random(seed_index)
    seed = f"{seed_index:064x}"
    deck = fair.shuffle(seed, "hand:1:deal", engine.new_deck({}))
    start = time.process_time()
    state = engine.deal(players=PLAYERS[game], dealer=seed_index % PLAYERS[game], deck=deck, options={}, seed=seed)
    steps = 0
    while not engine.is_over(state) and steps < 5000:
        seat = engine.current_seat(state)
        t0 = time.process_time()
        moves = engine.legal_moves(state, seat)
        t1 = time.process_time()
        state = engine.apply(state, seat, policy(moves, rng) if policy else rng.choice(moves))
        t2 = time.process_time()
        legal_times.append(t1 - t0)
        apply_times.append(t2 - t1)
        steps += 1
    return time.process_time() - start, steps


def big_buraco_hand(samples: int) -> dict:
    """legal_moves/apply with a hand of about 30 cards after taking a large discard pile."""
    engine = registry.get("buraco")
    legal_times, apply_times, sizes = [], [], []
    for i in range(samples):
        rng = random.Random(10_000 + i)
        seed = f"{i:064x}"
        state = engine.deal(players=4, dealer=0, deck=fair.shuffle(seed, "hand:1:deal", engine.new_deck({})))
        # Everyone draws and discards without melding until the pile is big, then one seat takes it.
        for _ in range(400):
            seat = engine.current_seat(state)
            view = engine.view(state, seat)
            if view["phase"] == "draw":
                if len(view["discard"]) >= 19:
                    state = engine.apply(state, seat, {"type": "draw_discard"})
                    break
                state = engine.apply(state, seat, {"type": "draw_stock"})
            else:
                moves = [m for m in engine.legal_moves(state, seat) if m["type"] == "discard"]
                state = engine.apply(state, seat, rng.choice(moves))
            if engine.is_over(state):
                break
        seat = engine.current_seat(state)
        if seat is None:
            continue
        sizes.append(len(engine.view(state, seat)["hand"]))
        t0 = time.process_time()
        moves = engine.legal_moves(state, seat)
        t1 = time.process_time()
        engine.apply(state, seat, max(moves, key=lambda m: len(m.get("cards", []))))
        t2 = time.process_time()
        legal_times.append(t1 - t0)
        apply_times.append(t2 - t1)
    return {
        "hand_size_median": statistics.median(sizes) if sizes else None,
        "legal_p99_ms": pct(legal_times, 99) * 1000 if legal_times else None,
        "apply_p99_ms": pct(apply_times, 99) * 1000 if apply_times else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--games", default=",".join(registry.NAMES))
    parser.add_argument("--json", help="write the figures to this file")
    args = parser.parse_args()
    results = {}
    print(
        f"{'game':28} {'hands/s':>9} {'hand p50 ms':>12} {'steps':>6} {'legal p50/p99 ms':>18} {'apply p50/p99 ms':>18}"
    )
    plan = []
    for game in args.games.split(","):
        plan.append((game, game, None))
        if game == "crazy_eights":
            plan.append(("crazy_eights (plays first)", game, plays_first))
    for label, game, policy in plan:
        legal_times, apply_times, durations, steps = [], [], [], []
        hands = args.hands if game != "buraco" else max(20, args.hands // 5)
        for i in range(hands):
            duration, n = random_hand(game, i, legal_times, apply_times, policy)
            durations.append(duration)
            steps.append(n)
        row = {
            "hands": hands,
            "hands_per_second": hands / sum(durations),
            "hand_p50_ms": statistics.median(durations) * 1000,
            "steps_median": statistics.median(steps),
            "legal_p50_ms": pct(legal_times, 50) * 1000,
            "legal_p99_ms": pct(legal_times, 99) * 1000,
            "apply_p50_ms": pct(apply_times, 50) * 1000,
            "apply_p99_ms": pct(apply_times, 99) * 1000,
        }
        results[label] = row
        print(
            f"{label:28} {row['hands_per_second']:9.0f} {row['hand_p50_ms']:12.2f} {row['steps_median']:6.0f} "
            f"{row['legal_p50_ms']:8.3f}/{row['legal_p99_ms']:8.3f} {row['apply_p50_ms']:8.3f}/{row['apply_p99_ms']:8.3f}"
        )
    if "buraco" in args.games:
        big = big_buraco_hand(40)
        results["buraco_big_hand"] = big
        print(
            f"buraco, big hand (median {big['hand_size_median']} cards): legal_moves p99 {big['legal_p99_ms']:.2f} ms, "
            f"apply p99 {big['apply_p99_ms']:.2f} ms"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
