"""How useful a card is, from what one seat can see: for the timeout discard and
for the bots.

Works on plain lists of codes and the team's runs as ``view`` shows them, so a
bot can call it with its view alone. Never imports Django.
"""

from collections import Counter
from functools import lru_cache

from games.buraco.runs import arrange
from games.buraco.scoring import card_value
from games.cards import RANK_INDEX, SUIT_INDEX

WILD_KEEP = 60  # a 2 is worth keeping for any run
EXTENDS_OWN = 30  # the card lengthens a team run
NEIGHBOUR_1 = 12  # a card of the same suit one step away in hand
NEIGHBOUR_2 = 6  # two steps away
DUPLICATE = -4  # the second copy of a card in hand is the less useful one
FEEDS_OPPONENT = 45  # the card lengthens a run of the next opponent's team
WILD_FEEDS = 25  # a 2 helps every opponent


def _positions(card: str) -> tuple[int, ...]:
    r = RANK_INDEX[card[0]]
    return (1, 14) if r == 0 else (r + 1,)


def extends_any(card: str, runs) -> bool:
    """True when ``card`` alone lengthens one of ``runs`` (lists of codes)."""
    return any(extends(tuple(run), card) for run in runs)


@lru_cache(maxsize=65536)
def extends(run: tuple, card: str) -> bool:
    """True when ``card`` alone lengthens ``run``."""
    if card[0] != "2" and all(c[1] != card[1] for c in run if c[0] != "2"):
        return False
    return arrange(run + (card,)) is not None


def feeds_flat(card: str, opponent_runs) -> float:
    """What a natural card costs for lengthening an opponent run: the same for every run."""
    return FEEDS_OPPONENT if extends_any(card, opponent_runs) else 0.0


def keep_scores(hand, own_runs, opponent_runs, feeds=feeds_flat) -> dict[str, float]:
    """Card -> how much the seat loses by discarding it (lower is the better discard).

    ``feeds(card, opponent_runs)`` prices what a natural card gives the opponents' runs; the
    timeout discard and the plain bots charge every run alike.
    """
    counts = Counter(hand)
    by_suit: dict[str, set[int]] = {}
    for c in counts:
        if c[0] != "2":
            by_suit.setdefault(c[1], set()).update(_positions(c))
    scores = {}
    for c in counts:
        score = 0.0
        if c[0] == "2":
            score += WILD_KEEP
        else:
            mine = by_suit.get(c[1], set())
            for p in _positions(c):
                for d, weight in ((1, NEIGHBOUR_1), (2, NEIGHBOUR_2)):
                    if p - d in mine:
                        score += weight
                    if p + d in mine:
                        score += weight
        if counts[c] > 1:
            score += DUPLICATE
        if extends_any(c, own_runs):
            score += EXTENDS_OWN
        if c[0] == "2":
            score += WILD_FEEDS
        else:
            score += feeds(c, opponent_runs)
        # Between equals, shed the card that would cost most if left in hand.
        score -= card_value(c) / 10
        scores[c] = score
    return scores


def best_discard(hand, own_runs, opponent_runs, allowed=None) -> str:
    """The least useful card to keep and to give away; ties broken by canonical order."""
    scores = keep_scores(hand, own_runs, opponent_runs)
    pool = [c for c in scores if allowed is None or c in allowed]
    return min(pool, key=lambda c: (scores[c], SUIT_INDEX[c[1]], RANK_INDEX[c[0]]))
