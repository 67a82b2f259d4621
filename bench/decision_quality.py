"""How good a fishing-game level's single decisions are, judged against the real state.

    python bench/decision_quality.py --game rouba_monte --deals 300 --seed 71
    python bench/decision_quality.py --quick

A match between two levels measures a level through the luck of every deal and
every other decision of the hand, so a change worth a point of share needs
thousands of matches. This benchmark looks at one decision at a time instead:

1. Decision points: hands dealt by the fair shuffle from ``--seed``, one side
   (the seats of one parity, as in ``bots_fishing.match_setup``) played by the
   card-counting tips (``tips``: the policy the hard level searches with),
   the other by the normal level. Every turn of the tips' side with two moves
   of different outcome is a point (state, view, legal moves, memory).
2. The oracle's value of every distinct move at a point: the move in the *real*
   state, then the rest of the hand with the tips on the point's side and the
   normal level on the other, ``--playouts`` times; 1 for a hand the side
   wins, ½ shared, 0 lost. Benchmark only: no bot ever reads the real state.
3. Each level (``--level``) decides at every point from the view and memory,
   and scores the oracle's value of its choice. The real state is one draw of
   the cards the seat cannot see, so over many points the mean is what the
   level's decisions are worth; the gain over the tips is paired (same point,
   same values), with a 95% interval.

The share of matches a level wins follows from many such decisions; this
measures each of them without the noise of the others (docs/benchmarks.md,
"One decision at a time", has what a gain here means in match share).
"""

import argparse
import copy
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bots_fishing import bot  # noqa: E402
from bench.oracle_fishing import CLASSIC  # noqa: E402
from bots.fishing import distinct, effect_key  # noqa: E402
from games import registry  # noqa: E402
from games.fair import deal_label, shuffle  # noqa: E402


def side_value(game, state, side: int) -> float:
    """1 when the seats of parity ``side`` won the hand alone, ½ when it was shared across sides, 0 lost."""
    sides = {int(w) % 2 for w in game.result(state)["winners"]}
    return 1.0 if sides == {side} else 0.5 if len(sides) > 1 else 0.0


def collect(game_name: str, players: int, deals: int, seed: int) -> list[dict]:
    """Every decision of the tips' side with more than one outcome to choose from."""
    game = registry.get(game_name)
    classic = CLASSIC[game_name]
    tips, normal = bot(game_name, "tips"), bot(game_name, "normal")
    points = []
    for i in range(deals):
        key = f"{seed * 1_000_003 + i:064x}"
        deck = shuffle(key, deal_label(1), game.new_deck({}))
        state = game.deal(players, i % players, deck, {}, key, 1)
        memories = [{} for _ in range(players)]
        rng = random.Random(key)
        side = i % 2
        while not game.is_over(state):
            seat = game.current_seat(state)
            view = game.view(state, seat)
            legal = game.legal_moves(state, seat)
            player = tips if seat % 2 == side else normal
            if seat % 2 == side and len(distinct(legal, classic)) > 1:
                snapshot = {"state": state, "seat": seat, "view": view, "legal": legal, "memories": memories}
                points.append(copy.deepcopy(snapshot))
            move = player.choose(view, legal, random.Random(rng.getrandbits(32)), memories[seat])
            state = game.apply(state, seat, move)
    return points


def oracle_values(game_name: str, point: dict, playouts: int) -> dict:
    """effect key -> the mean value for the point's side of that move in the real state."""
    game = registry.get(game_name)
    classic = CLASSIC[game_name]
    tips, normal = bot(game_name, "tips"), bot(game_name, "normal")
    seat = point["seat"]
    values = {}
    for move in distinct(point["legal"], classic):
        total = 0.0
        for k in range(playouts):
            rng = random.Random(k)
            memories = copy.deepcopy(point["memories"])
            state = game.apply(point["state"], seat, move)
            while not game.is_over(state):
                s = game.current_seat(state)
                legal = game.legal_moves(state, s)
                player = tips if s % 2 == seat % 2 else normal
                choice = legal[0] if len(legal) == 1 else player.choose(game.view(state, s), legal, rng, memories[s])
                state = game.apply(state, s, choice)
            total += side_value(game, state, seat % 2)
        values[effect_key(move, classic)] = total / playouts
    return values


def judge(game_name: str, level: str, points: list[dict], seed: int) -> list[float]:
    """The oracle's value of ``level``'s choice at every point (its memory as the tips kept it)."""
    classic = CLASSIC[game_name]
    player = bot(game_name, level)
    out = []
    for i, point in enumerate(points):
        memory = copy.deepcopy(point["memories"][point["seat"]])
        move = player.choose(point["view"], point["legal"], random.Random(f"{seed}:{i}"), memory)
        out.append(point["values"][effect_key(move, classic)])
    return out


def paired(values: list[float], base: list[float]) -> tuple[float, float]:
    """Mean of the paired differences and the half-width of its 95% interval."""
    diffs = [a - b for a, b in zip(values, base, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, 1.96 * (spread / n) ** 0.5


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rouba_monte", choices=sorted(CLASSIC))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--playouts", type=int, default=8, help="oracle playouts per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", action="append", choices=["easy", "normal", "hard", "tips"])
    parser.add_argument("--quick", action="store_true", help="two deals, one playout")
    args = parser.parse_args(argv)
    if args.quick:
        args.deals, args.playouts = 2, 1
    levels = args.level or ["normal", "hard"]
    points = collect(args.game, args.players, args.deals, args.seed)
    if not points:
        print(f"{args.game} {args.players}p: no decision with a choice in {args.deals} deals; deal more")
        return
    for point in points:
        point["values"] = oracle_values(args.game, point, args.playouts)
    best = sum(max(p["values"].values()) for p in points) / len(points)
    base = judge(args.game, "tips", points, args.seed)
    print(f"{args.game} {args.players}p: {len(points)} decisions from {args.deals} deals, seed {args.seed}")
    print(f"  tips: mean value {sum(base) / len(base):.4f}; the best move at every point {best:.4f}")
    for level in levels:
        values = judge(args.game, level, points, args.seed)
        gain, half = paired(values, base)
        differs = sum(a != b for a, b in zip(values, base, strict=True))
        print(
            f"  {level}: mean value {sum(values) / len(values):.4f}, gain over tips {gain:+.4f} "
            f"(95% interval {gain - half:+.4f} to {gain + half:+.4f}), value differs at {differs} points"
        )


if __name__ == "__main__":
    main()
