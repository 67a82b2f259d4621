"""The room layer's signals a tournament answers; the room layer imports nothing of tournaments.

Each is received inside the room's unit of work, so a table's points are
written with the move that ended its match, or not at all. Once that commits,
the tournament's pass runs at once (a task) rather than at the next beat, so
the table's players are seated again without waiting for the tick.
"""

import logging

from django.db import transaction

from rooms import signals

logger = logging.getLogger(__name__)


def pass_soon(tournament_id: int | None) -> None:
    """After commit, ask a worker for the tournament's pass; the beat's tick does it anyway if this is lost."""
    if tournament_id is None:
        return

    def send():
        from tournaments import tasks

        try:
            tasks.tick.apply_async((tournament_id,), retry=False)
        except Exception:  # the broker is away: the beat's next tick pairs them
            logger.warning("tournament %s: could not queue its pass; the beat will", tournament_id, exc_info=True)

    transaction.on_commit(send)


def _match_ended(sender, match, teams: bool, rows, **kwargs) -> None:
    from tournaments import arena

    pass_soon(arena.on_match_ended(match, teams, rows))


def _seat_left(sender, room, user_id: int, reason: str, **kwargs) -> None:
    from tournaments import arena

    pass_soon(arena.on_seat_left(room, user_id, reason))


def _room_closed(sender, room_id: int, **kwargs) -> None:
    from tournaments import arena

    pass_soon(arena.on_room_closed(room_id))


def connect() -> None:
    signals.match_ended.connect(_match_ended, dispatch_uid="tournaments.match_ended")
    signals.seat_left.connect(_seat_left, dispatch_uid="tournaments.seat_left")
    signals.room_closed.connect(_room_closed, dispatch_uid="tournaments.room_closed")
