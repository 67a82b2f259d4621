"""Restart Redis (same port, empty) mid-match: sockets, broadcasts and tasks recover without restarting Mesa.

The scenario lives in faultkit.py so that bench/faults.py can repeat it.
"""

import pytest

from tests.reliability.faultkit import FAST_ENV, SCENARIOS

pytestmark = pytest.mark.xdist_group("live")


def test_a_redis_restart_is_survived_without_restarting_mesa(services_stack):
    services_stack.env.update(FAST_ENV)
    run = SCENARIOS["redis"](services_stack)
    assert run.problems == []
    assert run.acked > 0
    assert run.lost == 0
    assert run.duplicates == 0
    assert run.recovery < 20
