"""kill -9 the Celery worker with a bot turn and a timeout pending: a new worker resumes play and nothing runs twice.

The scenario lives in faultkit.py so that bench/faults.py can repeat it.
"""

import pytest

from tests.reliability.faultkit import FAST_ENV, SCENARIOS

pytestmark = pytest.mark.xdist_group("live")


def test_killing_the_worker_delays_deadlines_but_runs_each_once(services_stack):
    services_stack.env.update(FAST_ENV)
    run = SCENARIOS["worker"](services_stack)
    assert run.problems == []
    assert run.acked > 0
    assert run.lost == 0
    assert run.duplicates == 0
    # Beat's sweep (every second here) fires the overdue deadline soon after the new worker is up.
    assert run.recovery < 5, f"the overdue deadline fired {run.recovery}s after the new worker started"
