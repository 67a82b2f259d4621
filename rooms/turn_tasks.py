"""The turn deadlines' tasks this process has sent and that have not fired: one task covers many moves.

A person's every move plans the next turn's deadline (the room's time limit), and
each used to send its own Celery task with an ETA: kombu building and pushing a
message, the worker holding it until it fell due, and then nearly always finding
the room moved on. That was an eighth of a busy stack daphne's CPU and most of
the worker's (docs/benchmarks.md). Now a turn deadline that falls due no sooner
than a task this process already sent for the room is not sent: that earlier
task fires first, finds the room not yet due, and sends one for the room's
deadline as it is then (``follow``, in the worker). So a room busy with moves
sends about one task per time limit instead of one per move.

Why nothing is lost. The earlier task is in the broker (its ETA ahead by more
than ``MARGIN``, so it has not started); when it runs it either acts (the room's
deadline is due) or follows the room's current deadline, which every unit of
work keeps in the room's row. A task lost with a broker or a killed worker
leaves the deadline to the periodic sweep (``SWEEP_SECONDS``), as before. Only
turn deadlines are covered: a bot's and a grace's are short and always sent,
and they are what a followed task finds only when they were sent.
"""

import threading
from datetime import timedelta

from rooms import clock

# The remembered task must be this far from firing to cover a deadline: clocks of two
# machines and a worker's pick-up delay never make it fire before it is counted on.
MARGIN = timedelta(seconds=1)
KEEP = 4096  # rooms remembered; past it, those sent for longest ago are forgotten

TURN = "turn"

_lock = threading.Lock()
_sent: dict[int, object] = {}  # room id -> eta of the turn task sent last


def covered(room_id: int, eta) -> bool:
    """Whether a task already sent for the room fires before ``eta``; if not, ``eta``'s task is to be sent."""
    now = clock.now()
    with _lock:
        sent = _sent.get(room_id)
        if sent is not None and now + MARGIN < sent <= eta:
            return True
        _sent.pop(room_id, None)
        _sent[room_id] = eta  # last in order: the rooms sent for longest ago come first
        while len(_sent) > KEEP:  # forgetting a room only means its next turn sends a task
            del _sent[next(iter(_sent))]
        return False


def unsent(room_id: int, eta) -> None:
    """The task for ``eta`` could not be sent: nothing covers the room's next deadlines."""
    with _lock:
        if _sent.get(room_id) == eta:
            del _sent[room_id]


def forget_everything() -> None:
    with _lock:
        _sent.clear()
