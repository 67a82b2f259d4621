"""What a person's seat remembers, for the hint: the memory a hard bot would have kept in it.

A bot counts the cards it saw across its own turns (``Seat.bot_memory``); a
person's seat keeps no such record, and a hint counted from the current view
alone would call a card unseen that went under a pile in front of the asker two
turns ago. So the hint rebuilds the memory: the hand dealt again from its
record (``rooms.records.hand_replay.walk``), and at each of the seat's own decisions
since the asker took the seat, the seat's view then and the move made there
go through the bot's ``recall``, as if the bot had sat there and made the
asker's moves. Only the seat's own views feed it: it holds nothing the asker's
screens did not show (tests/rooms/test_hint_memory.py).

A record that cannot be walked (changed by hand, or from before a fix) gives
the empty memory: the hint then counts from the view, as a new bot would.
"""

from bots import hints
from games import registry
from rooms.models import Hand
from rooms.records import participants
from rooms.records.hand_replay import walk


def decisions(hand: Hand, engine_seat: int, since_move: int = 0) -> list[tuple[dict, dict]]:
    """(the seat's view, the move it made) at each of its decisions from log entry ``since_move`` on."""
    engine = registry.get(hand.game)
    walked = walk(hand)
    if walked.undealt or walked.broken_at is not None:
        return []
    out = []
    for before, after in zip(walked.steps, walked.steps[1:], strict=False):
        entry = after.entry or {}
        if after.index < since_move or after.move is None or entry.get("seat") != engine_seat:
            continue
        if engine.current_seat(before.state) != engine_seat:
            continue
        out.append((engine.view(before.state, engine_seat), after.move))
    return out


def holding_since(hand: Hand, engine_seat: int, user) -> int:
    """The log entry from which ``user`` holds ``engine_seat`` (0: since the deal)."""
    rows = [r for r in participants.holders(hand) if r.engine_seat == engine_seat and r.until_move is None]
    mine = [r for r in rows if r.user_id == getattr(user, "pk", None)]
    return max((r.from_move for r in mine), default=0)


def remembered(hand: Hand, engine_seat: int, user) -> dict:
    """The memory the hint's bot gets for ``user`` in ``engine_seat`` of ``hand`` now."""
    return hints.recalled(hand.game, decisions(hand, engine_seat, holding_since(hand, engine_seat, user)))
