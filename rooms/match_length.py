"""When a match is over: the game's own rule, or after a set number of hands at an arena table.

A tournament's match is short (one hand of Crazy Eights or Buraco, whose own
matches run to a target): a room with ``hands_per_match`` ends its match once
that many hands are played, won by the highest total (several: shared), even
below the game's target. Otherwise the engine decides, as in every room.
"""


def status(room, hands_played: int, totals: dict, decided: dict) -> dict:
    """The engine's decision (``match_status``), ended after ``room.hands_per_match`` hands when set."""
    if decided.get("over") or not room.hands_per_match or hands_played < room.hands_per_match:
        return decided
    scores = {k: v for k, v in (totals or {}).items() if str(k).isdigit() and isinstance(v, int | float)}
    if not scores:
        return {"over": True, "winners": []}
    best = max(scores.values())
    return {"over": True, "winners": sorted((k for k, v in scores.items() if v == best), key=int)}
