"""The rating method: OpenSkill's Plackett-Luce model, the bots' fixed ratings and the shown value.

Every rating is a Gaussian belief about a player's skill: μ its mean and σ its
uncertainty, both on OpenSkill's default scale (a new player: μ 25, σ 25/3).
What the site shows is the conservative estimate μ − 3σ (OpenSkill's
``ordinal()``), put on a familiar range: ``1000 + 40 × (μ − 3σ)``, so a new
player shows 1000 and the value rises as results come in and σ shrinks
(docs/ratings.md).
"""

import json
from functools import cache
from pathlib import Path

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = 25.0 / 3.0
SHOWN_BASE = 1000
SHOWN_SCALE = 40

# The bots' published ratings: fixed, never updated, with a small σ so that a
# result against a bot moves a person's rating by how surprising it was. Each
# game's values are fitted from bot-against-bot matches and kept in
# BOT_RATINGS_FILE, which ``python bench/fit_bot_ratings.py`` rewrites; these
# are only the fallback for a game the file does not cover.
BOT_RATINGS = {
    "easy": (20.0, 2.0),
    "normal": (25.0, 2.0),
    "hard": (30.0, 2.0),
}
BOT_RATINGS_FILE = Path(__file__).resolve().parent / "bot_ratings.json"

MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


def shown(mu: float, sigma: float) -> int:
    """The displayed value of a rating: its conservative estimate on the site's scale."""
    return round(SHOWN_BASE + SHOWN_SCALE * MODEL.rating(mu=mu, sigma=sigma).ordinal())


INITIAL_SHOWN = shown(MU, SIGMA)


@cache
def fitted_bots() -> dict:
    """game -> the fitted record of its bots (levels' μ and σ, measured strength), read once."""
    return json.loads(BOT_RATINGS_FILE.read_text())


def bot_rating(level: str, game: str | None = None) -> tuple[float, float]:
    """A bot's fixed (μ, σ) in ``game``; an unknown level counts as a new player."""
    fitted = fitted_bots().get(game, {}).get("levels", {}).get(level)
    if fitted is not None:
        return fitted["mu"], fitted["sigma"]
    return BOT_RATINGS.get(level, (MU, SIGMA))


def bot_shown(level: str, game: str | None = None) -> int:
    return shown(*bot_rating(level, game))


def rate(groups: list[list[tuple[float, float]]], ranks: list[int]) -> list[list[tuple[float, float]]]:
    """New (μ, σ) of every member of every group, after a match the groups finished in ``ranks`` (1 best).

    A group is a team (Buraco's partnership) or one player; equal ranks are a draw.
    """
    teams = [[MODEL.rating(mu=mu, sigma=sigma) for mu, sigma in group] for group in groups]
    rated = MODEL.rate(teams, ranks=ranks)
    return [[(r.mu, r.sigma) for r in team] for team in rated]
