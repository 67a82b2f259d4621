"""The hints of one hand as its records show them: the admin's hand page and the hand export.

A hint names cards of the asker's hand, so the hand page gives who asked and
after which move while the hand is played, and what was suggested (with its
reason, and whether the asker played it) only once the hand is over. The
export, for staff only once the match is over, carries every field.
"""

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _

from rooms.hints import words as hint_words
from rooms.hints.models import Hint
from rooms.records import stored
from rooms.records.describe import describe_move, holder_name, seat_label
from rooms.records.participants import holder_at


@dataclass(frozen=True)
class HintLine:
    after_move: int  # the log entries made before it was asked
    at: datetime
    seat: str  # "Seat 2"
    name: str  # who held the seat when they asked
    suggestion: str  # "" while the hand is played
    reason: str
    followed: bool | None  # None while the hand is played


def lines(hand, rows) -> list[HintLine]:
    """Each hint of ``hand``, in the order asked; ``rows``: the hand's participants."""
    shown = hand.ended_at is not None
    moves = stored.dicts(hand.moves) if shown else []
    out = []
    for hint in Hint.objects.filter(hand=hand).order_by("after_move", "id"):
        name = holder_name(holder_at(rows, hint.engine_seat, hint.after_move))
        suggestion = reason = ""
        followed = None
        if shown:
            entry = {"seat": hint.engine_seat, "move": hint.move, "kind": "move"}
            suggestion = describe_move(hand.game, entry, name)
            victim = _victim(hint, rows)
            reason = hint_words.sentence(
                hint.reason, stored.as_dict(hint.params), victim, getattr(victim, "seat", None)
            )
            played = moves[hint.after_move] if hint.after_move < len(moves) else None
            followed = bool(played) and played.get("seat") == hint.engine_seat and played.get("move") == hint.move
        out.append(HintLine(hint.after_move, hint.asked_at, seat_label(hint.seat), name, suggestion, reason, followed))
    return out


def _victim(hint, rows):
    seat = stored.as_dict(hint.params).get("seat")
    return holder_at(rows, seat, hint.after_move) if isinstance(seat, int) else None


def export(hand) -> list[dict]:
    """Every hint of ``hand`` with all it recorded, for the hand export (the match is over)."""
    return [
        {
            "seat": hint.seat + 1,
            "room_seat": hint.seat,
            "engine_seat": hint.engine_seat,
            "user_id": hint.user_id,
            "after_move": hint.after_move,
            "state_version": hint.state_version,
            "asked_at": hint.asked_at.isoformat(),
            "level": hint.level,
            "move": hint.move,
            "reason": hint.reason,
            "params": stored.as_dict(hint.params),
        }
        for hint in Hint.objects.filter(hand=hand).order_by("after_move", "id")
    ]


def followed_label(line: HintLine) -> str:
    if line.followed is None:
        return ""
    return _("played it") if line.followed else _("played another move")
