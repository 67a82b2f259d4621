"""Why a hand ended, in words: from its stored result, the same sentence on the hand page and in the replay.

Each game's engine says it its own way (Buraco's ``end``, Crazy Eights' breakdown
``end`` and ``reason``, the capture games' ``abandoned``); this reads them all.
"""

from django.utils.translation import gettext as _

from rooms.records import stored


def why_it_ended(game: str, result, ended: bool) -> str:
    """A sentence for a finished hand; "" while it is played."""
    if not ended:
        return ""
    result = stored.as_dict(result)
    if not result:
        return _("It ended without a result: the room was closed or the match stopped.")
    breakdown = stored.as_dict(result.get("breakdown"))
    end = result.get("end") or breakdown.get("end")
    if end == "batida":
        return _("Batida: a team went out with a canastra.")
    if end == "stock":
        return _("The stock ran out.")
    if end == "limit":
        return _("The turn limit was reached (the discard pile kept going back and forth).")
    if end == "out":
        return _("A player went out: they played their last card.")
    if end == "blocked":
        if breakdown.get("reason") == "runouts":
            return _("Blocked: the stock ran out too many times; the fewest points in hand won.")
        return _("Blocked: every player passed in turn; the fewest points in hand won.")
    if result.get("abandoned"):
        return _("Abandoned: too few players were left to play on.")
    if not end:  # the capture games name no ending: theirs is always the last card played
        return _("The stock ran out and every card was played.")
    return str(end)
