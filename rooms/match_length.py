"""When a match is over: the game's own rule, or after a set number of hands at an arena table.

A tournament's match is short (one hand of Crazy Eights or Buraco, whose own
matches run to a target): a room with ``hands_per_match`` ends its match once
that many hands are played, won by the highest total (several: shared), even
below the game's target. Otherwise the engine decides, as in every room.
"""


def status(room, match, hand, engine) -> dict:
    """The engine's ``match_status``, ended after ``room.hands_per_match`` hands when set."""
    decided = engine.match_status(match.totals, dict(match.options))
    if decided.get("over") or not room.hands_per_match or hand.number < room.hands_per_match:
        return decided
    totals = {k: v for k, v in (match.totals or {}).items() if str(k).isdigit() and isinstance(v, int | float)}
    if not totals:
        return {"over": True, "winners": []}
    best = max(totals.values())
    return {"over": True, "winners": sorted((k for k, v in totals.items() if v == best), key=int)}
