"""Scoring a finished hand and deciding when the match is over.

Going out scores the cards left in every other hand. A blocked hand scores,
for the seat(s) with the lowest count, the difference between each other hand
and theirs. The match ends after a hand in which someone reaches the target.
"""

from games.cards import sort_key
from games.crazy_eights.points import hand_points
from games.crazy_eights.rules import END_BLOCKED, END_OUT, check_options


def result(state: dict) -> dict:
    """Scores of this hand keyed by seat (strings), its winners and a readable breakdown."""
    players = state["players"]
    seats = [str(s) for s in range(players)]
    cards = {str(s): sorted(state["hands"][s], key=sort_key) for s in range(players)}
    points = {str(s): hand_points(state["hands"][s]) for s in range(players)}
    scores = dict.fromkeys(seats, 0)
    winners: list[str] = []
    breakdown = {
        "end": state["end"],
        "reason": state["end_reason"],
        "cards": cards,
        "points": points,
        "runouts": state["runouts"],
    }
    if state["end"] == END_OUT:
        winner = str(state["winner"])
        scores[winner] = sum(p for s, p in points.items() if s != winner)
        winners = [winner]
    elif state["end"] == END_BLOCKED:
        lowest = min(points.values())
        winners = [s for s in seats if points[s] == lowest]
        gain = sum(p - lowest for p in points.values())
        for s in winners:
            scores[s] = gain
        breakdown["lowest"] = lowest
    return {"scores": scores, "winners": winners, "breakdown": breakdown}


def match_status(totals: dict, options: dict | None = None) -> dict:
    """Over after a hand in which someone reaches the target; the highest total wins, ties share."""
    target = check_options(options)["target"]
    if not totals or max(totals.values()) < target:
        return {"over": False, "winners": []}
    best = max(totals.values())
    winners = sorted((k for k, v in totals.items() if v == best), key=_seat_order)
    return {"over": True, "winners": winners}


def _seat_order(key: str):
    return (0, int(key)) if str(key).isdigit() else (1, str(key))
