"""The room layer's signals a tournament answers; the room layer imports nothing of tournaments.

Each is received inside the room's unit of work, so a table's points are
written with the move that ended its match, or not at all.
"""

from rooms import signals


def _match_ended(sender, match, teams: bool, rows, **kwargs) -> None:
    from tournaments import arena

    arena.on_match_ended(match, teams, rows)


def _seat_left(sender, room, user_id: int, reason: str, **kwargs) -> None:
    from tournaments import arena

    arena.on_seat_left(room, user_id, reason)


def _room_closed(sender, room_id: int, **kwargs) -> None:
    from tournaments import arena

    arena.on_room_closed(room_id)


def connect() -> None:
    signals.match_ended.connect(_match_ended, dispatch_uid="tournaments.match_ended")
    signals.seat_left.connect(_seat_left, dispatch_uid="tournaments.seat_left")
    signals.room_closed.connect(_room_closed, dispatch_uid="tournaments.room_closed")
