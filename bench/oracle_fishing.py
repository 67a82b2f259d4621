"""How much skill a fishing game allows: a search that reads the real state, against a bot level.

    python bench/oracle_fishing.py --game rouba_monte --b tips --matches 300 --seed 41

Benchmark only: the oracle sees every hand and the stock's order, which no bot
of the site may ever do (``bots/`` never imports this module). It is an upper
bound on what a search from the seat's view could reach: at each of its turns
it plays every distinct move in the real state and then the rest of the hand
with the card-counting tips at every seat (``tips``: the policy the hard level
searches with), ``--playouts`` times (the policy's ties are broken at random),
and plays the best mean. If even this cannot beat the tips in 60% of decided
matches, no search that must guess the hidden cards will beat them by that
much.

``--b`` is a level (easy, normal, hard) or ``tips``.

Every deal is played twice, the two sides trading seats (``bots_fishing.match_setup``); prints the share of decided matches won
by the oracle with a 95% Wilson interval.
"""

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bots_fishing import bot, match_setup  # noqa: E402
from bench.stats import wilson  # noqa: E402
from bots.fishing import distinct  # noqa: E402
from games import registry  # noqa: E402
from games.fair import deal_label, shuffle  # noqa: E402

CLASSIC = {"rouba_monte": False, "stealing_bundles": True}


def final_value(game, state, seat: int) -> float:
    """1 for a won hand, ½ for a shared one, 0 for a lost one, plus a hundredth per card of margin."""
    scores = game.result(state)["scores"]
    mine = scores[str(seat)]
    others = max(v for k, v in scores.items() if k != str(seat))
    win = 1.0 if mine > others else 0.5 if mine == others else 0.0
    return win + 0.01 * (mine - others)


def rollout(game, state, policy, rng) -> dict:
    while not game.is_over(state):
        s = game.current_seat(state)
        moves = game.legal_moves(state, s)
        move = moves[0] if len(moves) == 1 else policy.choose(game.view(state, s), moves, rng)
        state = game.apply(state, s, move)
    return state


def oracle_choose(game, classic: bool, state, seat: int, legal: list, rng, playouts: int) -> dict:
    moves = distinct(legal, classic)
    if len(moves) == 1:
        return moves[0]
    policy = bot(game.NAME, "tips")
    best, best_value = moves[0], float("-inf")
    for move in moves:
        after = game.apply(state, seat, move)
        total = 0.0
        for k in range(playouts):
            end = rollout(game, after, policy, random.Random(rng.getrandbits(32) + k))
            total += final_value(game, end, seat)
        if total > best_value:
            best, best_value = move, total
    return best


def play_match(game_name: str, levels: list, seed: int, playouts: int) -> list:
    game = registry.get(game_name)
    players = len(levels)
    key = f"{seed:064x}"
    deck = shuffle(key, deal_label(1), game.new_deck({}))
    state = game.deal(players, seed % players, deck, {}, key, 1)
    memories = [{} for _ in range(players)]
    rng = random.Random(seed)
    while not game.is_over(state):
        seat = game.current_seat(state)
        legal = game.legal_moves(state, seat)
        move_rng = random.Random(rng.getrandbits(32))
        if levels[seat] == "oracle":
            move = oracle_choose(game, CLASSIC[game_name], state, seat, legal, move_rng, playouts)
        else:
            move = bot(game_name, levels[seat]).choose(game.view(state, seat), legal, move_rng, memories[seat])
        state = game.apply(state, seat, move)
    return game.result(state)["winners"]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rouba_monte", choices=sorted(CLASSIC))
    parser.add_argument("--b", default="tips", choices=["easy", "normal", "hard", "tips"], help="its opponent")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--playouts", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="four matches, one playout")
    args = parser.parse_args(argv)
    if args.quick:
        args.matches, args.playouts = 4, 1
    wins = decided = 0
    for i in range(args.matches):
        levels, deal_seed = match_setup(args.seed, i, "oracle", args.b, args.players)
        winners = play_match(args.game, levels, deal_seed, args.playouts)
        sides = {levels[int(w)] for w in winners}
        if len(sides) == 1:
            decided += 1
            wins += sides == {"oracle"}
    low, high = wilson(wins, decided)
    share = wins / decided if decided else 0.0
    print(f"{args.game} {args.players}p: oracle ({args.playouts} playouts) vs {args.b}: won {wins}/{decided} decided")
    print(f"  share {share:.3f}, 95% Wilson interval [{low:.3f}, {high:.3f}] ({args.matches} played)")


if __name__ == "__main__":
    main()
