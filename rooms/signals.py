"""What the room layer tells the apps above it, which it does not import (docs/architecture.md).

Sent synchronously inside the room's unit of work, so a receiver's writes share
its transaction and roll back with it.
"""

from django.dispatch import Signal

# A room closed: ``room_id``. The lobby expires its pending invitations.
room_closed = Signal()

# A match ended and its entrants were counted: ``match``, ``teams``, ``rows`` (the
# participants' rows of rooms/records/participants.py). The ratings rate it.
match_ended = Signal()

# A person left their seat, or was removed from it: ``room``, ``user_id``, ``reason`` ("left",
# "removed after absence", "removed in pause", "removed"). Tournaments score and pause a leaver.
seat_left = Signal()
