"""Fit the bots' fixed ratings from bot-against-bot matches, per game, and write ratings/bot_ratings.json.

    python bench/fit_bot_ratings.py --matches 200 --seed 1          # refit every game (long)
    python bench/fit_bot_ratings.py --game crazy_eights --matches 200
    python bench/fit_bot_ratings.py --quick --out /tmp/bots.json    # a few matches, to see it works

The method is the site's own (docs/ratings.md): every level starts as a new
player (μ 25, σ 25/3) and OpenSkill's Plackett-Luce model rates the results of
a round robin of the levels (easy-normal, normal-hard, easy-hard, two seats,
seats alternating; Buraco: one hand between two teams), the match-ups taken in
turn so that no pairing is rated all at the end. The published rating is the
fitted μ with σ 2: a firm reference point, as before. The file also keeps each
pairing's measured share of decided matches (95% Wilson interval), which the
rules pages show next to the levels. The deals come from ``--seed``.
"""

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import bots_buraco, bots_crazy_eights, bots_fishing  # noqa: E402
from bench.stats import wilson  # noqa: E402
from ratings.method import MODEL, MU, SIGMA  # noqa: E402

OUT = ROOT / "ratings" / "bot_ratings.json"
GAMES = ("rouba_monte", "stealing_bundles", "crazy_eights", "buraco")
PAIRS = (("normal", "easy"), ("hard", "normal"), ("hard", "easy"))
PUBLISHED_SIGMA = 2.0


def winners(game: str, a: str, b: str, index: int, seed: int) -> set:
    """The winning levels of one two-sided game between ``a`` and ``b`` (sides alternate by ``index``)."""
    if game == "buraco":
        won, _ = bots_buraco.play_game(index, a, b, False, seed)
        return set(won)
    levels = [a, b] if index % 2 == 0 else [b, a]
    if game == "crazy_eights":
        won, _ = bots_crazy_eights.play_match(index, levels, 2, seed)
        return set(won)
    times = {a: [], b: []}
    levels, deal_seed = bots_fishing.match_setup(seed, index, a, b, 2)
    won = bots_fishing.play_match(game, levels, deal_seed, {}, times)
    return {levels[int(s)] for s in won}


def fit(game: str, matches: int, seed: int) -> dict:
    """The round robin of one game: fitted μ per level and each pairing's share."""
    ratings = {level: MODEL.rating(mu=MU, sigma=SIGMA) for level in ("easy", "normal", "hard")}
    tally = {f"{a}_{b}": [0, 0] for a, b in PAIRS}
    order = random.Random(seed)
    for index in range(matches):
        pairs = list(PAIRS)
        order.shuffle(pairs)
        for a, b in pairs:
            won = winners(game, a, b, index, seed)
            if len(won) != 1:
                continue  # shared or undecided: no information about the order
            first = won.pop()
            second = b if first == a else a
            tally[f"{a}_{b}"][0] += first == a
            tally[f"{a}_{b}"][1] += 1
            new_first, new_second = MODEL.rate([[ratings[first]], [ratings[second]]], ranks=[1, 2])
            ratings[first], ratings[second] = new_first[0], new_second[0]
    shares = {}
    for key, (wins, decided) in tally.items():
        low, high = wilson(wins, decided)
        shares[key] = {
            "wins": wins,
            "decided": decided,
            "share": round(wins / decided, 3) if decided else None,
            "low": round(low, 3),
            "high": round(high, 3),
        }
    return {
        "levels": {level: {"mu": round(r.mu, 2), "sigma": PUBLISHED_SIGMA} for level, r in ratings.items()},
        "fitted_sigma": {level: round(r.sigma, 2) for level, r in ratings.items()},
        "strength": shares,
        "matches_per_pairing": matches,
        "seed": seed,
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="refit only these games (the others are kept)")
    parser.add_argument("--matches", type=int, default=200, help="matches per pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="one match per pairing")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    matches = 1 if args.quick else args.matches
    data = json.loads(args.out.read_text()) if args.out.exists() else {}
    for game in args.game or GAMES:
        data[game] = fit(game, matches, args.seed)
        print(game, json.dumps(data[game]["levels"]), json.dumps(data[game]["strength"]), flush=True)
        args.out.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
