"""Celery tasks: deadlines (bot turns, timeouts), the periodic sweep, heartbeat.

Every task is idempotent: it acts only if the room is still at the version it
was scheduled for and its deadline has passed, under the room's row lock, so a
redelivered or duplicated task changes nothing.
"""

from celery import shared_task
from django.utils import timezone

from rooms import services
from rooms.models import Heartbeat


@shared_task(ignore_result=True, acks_late=True)
def run_deadline(room_id: int, version: int) -> bool:
    return services.run_deadline(room_id, version)


@shared_task(ignore_result=True)
def sweep() -> dict:
    return services.sweep()


@shared_task(ignore_result=True)
def heartbeat() -> None:
    Heartbeat.objects.update_or_create(name="heartbeat", defaults={"last_run": timezone.now()})
