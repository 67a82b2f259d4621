"""kill -9 the embedded default's one daphne mid-match and start it again: nothing acknowledged is lost.

SQLite, the in-memory layer and the worker inside daphne, as `make run` starts them; the process's
copies of its rooms (rooms/room_cache.py) and timers die with it. The scenario lives in faultkit.py
so that bench/faults.py can repeat it.
"""

import pytest

from tests.reliability.faultkit import FAST_ENV, SCENARIOS

pytestmark = pytest.mark.xdist_group("live")


def test_killing_the_embedded_server_loses_no_acknowledged_move(stack):
    stack.env.update(FAST_ENV)
    run = SCENARIOS["embedded"](stack)
    assert run.problems == []
    assert run.acked > 0
    assert run.lost == 0
    assert run.duplicates == 0
