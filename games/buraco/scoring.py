"""Buraco scoring: card values, the hand's count per team and the match target.

Melded cards add their values, cards left in hand subtract them; canastra
bonuses, the going-out bonus and the unused-morto penalty complete the count.
Never imports Django.
"""

from games.buraco.runs import CANASTRA_BONUS, CLEAN_KINDS
from games.buraco.spec import SPEC

TEAMS = ("0", "1")
GOING_OUT_BONUS = 100
MORTO_PENALTY = 100
TARGETS = SPEC.option("target").choices
DEFAULT_TARGET = SPEC.option("target").default

_VALUES = {"A": 15, "2": 10, "8": 10, "9": 10, "T": 10, "J": 10, "Q": 10, "K": 10}


def card_value(card: str) -> int:
    """Ace 15; 2 and 8..K 10; 3..7 5."""
    return _VALUES.get(card[0], 5)


def cards_value(cards) -> int:
    return sum(_VALUES.get(c[0], 5) for c in cards)


def team_of(seat: int) -> str:
    return str(seat % 2)


def has_clean_canastra(melds) -> bool:
    return any(m["canastra"] in CLEAN_KINDS for m in melds)


def table_points(melds) -> int:
    """What a team's runs are worth now: card values plus canastra bonuses."""
    return sum(cards_value(m["cards"]) + CANASTRA_BONUS[m["canastra"]] for m in melds)


def team_breakdown(state: dict, team: str) -> dict:
    """The parts of one team's hand score, as read between hands.

    A morto still pending (earned by a discard, not yet used) counts as unused:
    its cards are in the player's hand and subtract like any other.
    """
    melds = state["melds"][team]
    melded = sum(cards_value(m["cards"]) for m in melds)
    bonus = sum(CANASTRA_BONUS[m["canastra"]] for m in melds)
    going_out = GOING_OUT_BONUS if state["went_out"] == team else 0
    in_hand = sum(cards_value(state["hands"][s]) for s in range(4) if team_of(s) == team)
    unused = not state["morto_taken"][team] or state["morto_pending"][team]
    morto = -MORTO_PENALTY if unused else 0
    total = melded + bonus + going_out - in_hand + morto
    return {
        "melded": melded,
        "canastras": bonus,
        "going_out": going_out,
        "hand": -in_hand,
        "morto": morto,
        "total": total,
    }


def result(state: dict) -> dict:
    """Scores per team ("0"/"1"), the winners (higher hand score; both on a tie) and the breakdown."""
    breakdown = {t: team_breakdown(state, t) for t in TEAMS}
    scores = {t: breakdown[t]["total"] for t in TEAMS}
    best = max(scores.values())
    winners = [t for t in TEAMS if scores[t] == best]
    return {"scores": scores, "winners": winners, "breakdown": breakdown, "end": state.get("end")}


def check_target(options: dict | None) -> int:
    target = (options or {}).get("target", DEFAULT_TARGET)
    if isinstance(target, bool) or target not in TARGETS:
        raise ValueError(f"target must be one of {TARGETS}")
    return target


def match_status(totals: dict, options: dict | None = None) -> dict:
    """Over once a team reached the target and one total is strictly higher.

    A tie at or above the target needs another hand; below it play goes on.
    """
    target = check_target(options)
    a, b = int(totals.get("0", 0)), int(totals.get("1", 0))
    if max(a, b) < target or a == b:
        return {"over": False, "winners": []}
    return {"over": True, "winners": ["0" if a > b else "1"]}
