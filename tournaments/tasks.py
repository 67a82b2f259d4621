"""The beat's tournament tasks: a pass over every tournament that runs, and the schedule's creator.

``tick_all`` runs every ``TOURNAMENT_TICK_SECONDS``; each tournament's pass is
``tick`` under the tournament's row lock (tournaments/arena.py), so two workers
that happen to run it at once take turns, the second finding nothing to do. A
worker killed mid-pass loses only an uncommitted transaction: the next beat's
pass starts over from the rows. In the embedded mode (``make run``) the beat
and worker are threads of the server (config/embedded.py); in the stack, the
Celery beat and workers.
"""

import logging

from celery import shared_task

from tournaments import arena, schedule

logger = logging.getLogger(__name__)


@shared_task(ignore_result=True)
def tick(tournament_id: int) -> int:
    return arena.run(tournament_id)


@shared_task(ignore_result=True)
def tick_all() -> int:
    """One pass over every running or due tournament, in this task: a pass costs a few statements."""
    ticked = 0
    for tournament_id in arena.running_ids():
        try:
            arena.run(tournament_id)
            ticked += 1
        except Exception:  # one tournament's trouble does not stop the others' passes
            logger.exception("tournament %s: the pass failed; the next beat tries again", tournament_id)
    return ticked


@shared_task(ignore_result=True)
def create_scheduled() -> list[int]:
    return schedule.create_due()
