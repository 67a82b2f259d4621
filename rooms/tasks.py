"""Celery tasks: deadlines (bot turns, timeouts), the periodic sweep, heartbeat; and their scheduling.

Every task is idempotent: it acts only if the room is still at the version it
was scheduled for and its deadline has passed, under the room's row lock, so a
redelivered or duplicated task changes nothing. A table that planned a
deadline says so after commit (``rooms.table.deadline_planned``); this module
schedules it, as an ETA task in the stack, or in the embedded mode as a timer
thread that hands the task to the in-process worker when it is due.
"""

import functools
import logging

from celery import shared_task
from django.conf import settings
from django.dispatch import receiver
from django.utils import timezone

from config import embedded
from rooms import services
from rooms.models import Heartbeat
from rooms.table import deadline_planned

logger = logging.getLogger(__name__)


@shared_task(ignore_result=True, acks_late=True)
def run_deadline(room_id: int, version: int) -> bool:
    return services.run_deadline(room_id, version)


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
def schedule_deadline(sender, room_id: int, version: int, eta, **kwargs) -> None:
    """Run the room's deadline at ``eta`` unless the room has moved on by then."""
    try:
        options = deadline_options(room_id, version)
        if settings.EMBEDDED and embedded.worker_running():
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
        logger.warning("could not schedule the deadline of room %s; the sweep will", room_id, exc_info=True)
