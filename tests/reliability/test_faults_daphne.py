"""kill -9 one of two daphne processes mid-match: its tabs reconnect to the other and nothing acknowledged is lost.

The scenario lives in faultkit.py so that bench/faults.py can repeat it.
"""

import pytest

from tests.reliability.faultkit import FAST_ENV, SCENARIOS

pytestmark = pytest.mark.xdist_group("live")


def test_killing_a_daphne_loses_no_acknowledged_move(services_stack):
    services_stack.env.update(FAST_ENV)
    run = SCENARIOS["daphne"](services_stack)
    assert run.problems == []
    assert run.acked > 0
    assert run.lost == 0
    assert run.duplicates == 0
    assert run.recovery < 10
