"""Celery tasks: deadlines (bot turns, timeouts), the periodic sweep, heartbeat; and their scheduling.

Every task is idempotent: it acts only if the room is still at the version it
was scheduled for and its deadline has passed, under the room's row lock, so a
redelivered or duplicated task changes nothing. A table that planned a
deadline says so after commit (``rooms.table.deadline_planned``); this module
schedules it, as an ETA task in the stack, or in the embedded mode as a timer
thread that hands the task to the in-process worker when it is due. In the
stack a turn deadline covered by a task sent sooner is not sent: that task
follows the room's deadline when it fires (rooms/turn_tasks.py).
"""

import functools
import logging

from celery import shared_task
from django.conf import settings
from django.dispatch import receiver
from django.utils import timezone

from config import embedded
from rooms import clock, services, turn_tasks
from rooms.models import Heartbeat, Room
from rooms.table import deadline_planned

logger = logging.getLogger(__name__)


@shared_task(ignore_result=True, acks_late=True)
def run_deadline(room_id: int, version: int) -> bool:
    if services.run_deadline(room_id, version):
        return True
    follow(room_id, version)
    return False


def follow(room_id: int, version: int) -> None:
    """A task that found its room moved on sends one for the room's turn deadline as it is now.

    The moves since may have sent none (rooms/turn_tasks.py): this task covered
    them. Only a turn deadline is followed (the others are always sent), and a
    room still at this task's version only if its deadline moved later.
    """
    if settings.EMBEDDED and embedded.worker_running():
        return  # the embedded timers keep every room's latest deadline: none is covered there
    row = (
        Room.objects.filter(pk=room_id, status=Room.Status.PLAYING, paused=False, deadline_kind=turn_tasks.TURN)
        .exclude(deadline=None)
        .values_list("state_version", "deadline")
        .first()
    )
    if row is not None and (row[0] != version or row[1] > clock.now()):
        schedule_deadline(None, room_id=room_id, version=row[0], eta=row[1], kind=turn_tasks.TURN)


@shared_task(ignore_result=True)
def sweep() -> dict:
    return services.sweep()


@shared_task(ignore_result=True)
def heartbeat() -> None:
    Heartbeat.objects.update_or_create(name="heartbeat", defaults={"last_run": timezone.now()})


def deadline_options(room_id: int, version: int) -> dict:
    """What Celery would work out for every deadline task, given instead: a quarter of a publish's CPU.

    ``argsrepr`` is the text Celery's ``saferepr`` makes of the two integers. No
    queue declaration: the task goes straight to the default queue's list (the
    anonymous exchange), which needs none, and the workers declare their queues.
    """
    return {"argsrepr": f"({room_id!r}, {version!r})", "kwargsrepr": "{}", "declare": []}


@receiver(deadline_planned, dispatch_uid="rooms.tasks.schedule_deadline")
def schedule_deadline(sender, room_id: int, version: int, eta, kind: str = "", **kwargs) -> None:
    """Run the room's deadline at ``eta`` unless the room has moved on by then (or a task sent sooner covers it)."""
    stack = not (settings.EMBEDDED and embedded.worker_running())
    if stack and kind == turn_tasks.TURN and turn_tasks.covered(room_id, eta):
        return
    try:
        options = deadline_options(room_id, version)
        if not stack:
            # The in-process worker slows to a crawl while it holds a task whose ETA is
            # still ahead (a bot match took 24 s instead of 2 next to a timed room), so
            # a timer thread hands the task over when it is due. A lost timer is the
            # sweep's job, as a lost ETA task is in the stack.
            delay = max(0.0, (eta - timezone.now()).total_seconds())
            embedded.start_timer(
                room_id, delay, functools.partial(run_deadline.apply_async, **options), (room_id, version)
            )
        else:
            run_deadline.apply_async((room_id, version), eta=eta, **options)
    except Exception:  # the periodic sweep fires it if the broker is away
        turn_tasks.unsent(room_id, eta)
        logger.warning("could not schedule the deadline of room %s; the sweep will", room_id, exc_info=True)
