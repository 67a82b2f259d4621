"""A player's hint ("Dica"): the move the hard bot would make from their own view.

Offered in casual rooms only, to the seat whose decision it is, ``HINTS_PER_HAND``
times a hand per seat. The decision costs what a hard bot's does (up to about
150 ms), so, like a hard bot's turn (rooms/actions/deadlines.py), it is
worked out outside the room's lock: the checks and the seat's view are read
under one lock, the bot thinks with none held, and a second lock checks
again that nothing moved, counts the hint and records it. The consumer runs
all of it in a worker thread, never on the event loop (docs/architecture.md).

Who is told what: the asker alone gets the move and its reason (the answer
frame); everyone at the table reads "Ana pediu uma dica" among the room's
events; the suggestion itself is kept in a ``Hint`` row, which the hand's
records show once the hand is over (docs/rooms.md).
"""

from dataclasses import dataclass

from django.conf import settings

from bots import hints
from rooms import clock, room_events
from rooms.actions.play import playing_seat
from rooms.errors import RoomError
from rooms.hints import memory as hint_memory
from rooms.hints import words as hint_words
from rooms.hints.models import Hint, hints_left
from rooms.models import Room
from rooms.records import describe, stored
from rooms.table import Table, open_table


@dataclass(frozen=True)
class Ask:
    """What a hint is worked out from, read under the lock: the asker's seat, view and legal moves."""

    game: str
    state_version: int
    seat: int  # room seat
    engine_seat: int
    view: dict
    legal: list
    seed: str


def hint(user, code: str) -> Room:
    """The hint for ``user``'s decision now; ``room.answer`` is the frame only the asker receives."""
    with open_table(code, user=user) as t:
        ask = _ask(t)
        hand = t.hand
        t.skip()
    # What the seat's earlier screens showed, read with no lock held: the second lock below
    # finds the same state version, so the log read here is the one the hint answers.
    memory = hint_memory.remembered(hand, ask.engine_seat, user)
    suggestion = hints.suggest(ask.game, ask.view, ask.legal, ask.seed, memory)
    with open_table(code, user=user) as t:
        if t.room.state_version != ask.state_version:
            raise RoomError("hint_stale")
        _ask(t)  # every check again (the limit above all), under this lock
        left = _record(t, user, ask, suggestion)
    t.room.answer = _answer(t, ask, suggestion, left)
    return t.room


def _ask(t: Table) -> Ask:
    room = t.room
    if room.rated:
        raise RoomError("hint_rated")
    if room.arena:
        raise RoomError("hint_arena")
    seat, engine_seat = playing_seat(t)
    hand = t.hand
    legal = t.engine.legal_moves(t.state, engine_seat)
    if t.engine.current_seat(t.state) != engine_seat or not legal:
        raise RoomError("hint_not_your_turn")
    if hints_left(hand, seat.index) <= 0:
        raise RoomError("hint_limit", limit=settings.HINTS_PER_HAND)
    return Ask(
        game=room.game,
        state_version=room.state_version,
        seat=seat.index,
        engine_seat=engine_seat,
        view=t.engine.view(t.state, engine_seat),
        legal=legal,
        # The same position gives the same hint: asking again cannot fish for another answer.
        seed=f"hint:{room.id}:{room.state_version}:{engine_seat}",
    )


def _record(t: Table, user, ask: Ask, suggestion: hints.Suggestion) -> int:
    """Count the hint on the hand, keep its record and tell the table; the hints left."""
    hand = t.hand
    used = dict(stored.as_dict(hand.hints))
    used[str(ask.seat)] = int(used.get(str(ask.seat), 0) or 0) + 1
    hand.hints = used
    hand.save(update_fields=["hints"])
    Hint.objects.create(
        hand=hand,
        seat=ask.seat,
        engine_seat=ask.engine_seat,
        user=user,
        after_move=len(stored.as_list(hand.moves)),
        state_version=ask.state_version,
        asked_at=clock.now(),
        level=hints.LEVEL,
        move=suggestion.move,
        reason=suggestion.reason,
        params=suggestion.params,
    )
    room_events.announce(t, "hint_asked", by=room_events.person(user), seat=ask.seat)
    return hints_left(hand, ask.seat)


def _answer(t: Table, ask: Ask, suggestion: hints.Suggestion, left: int) -> dict:
    seat_map = list(t.hand.seat_map)
    victim = suggestion.params.get("seat")
    holder = room_seat = None
    if isinstance(victim, int) and 0 <= victim < len(seat_map):
        room_seat = seat_map[victim]
        holder = describe.seat_holder(t.seat_at(room_seat))
    return {
        "type": "hint",
        "version": ask.state_version,
        "move": suggestion.move,
        "reason": suggestion.reason,
        "text": hint_words.in_languages(suggestion.reason, suggestion.params, holder, room_seat),
        "marks": hint_words.marks(suggestion.move, seat_map, ask.view),
        "left": left,
        "limit": settings.HINTS_PER_HAND,
    }
