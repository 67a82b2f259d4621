"""Stop PostgreSQL mid-match and start it again: moves meanwhile get "unavailable", play goes on, nothing is half-written.

The scenario lives in faultkit.py so that bench/faults.py can repeat it.
"""

import pytest

from tests.reliability.faultkit import FAST_ENV, SCENARIOS

pytestmark = pytest.mark.xdist_group("live")


def test_a_postgres_outage_answers_unavailable_and_writes_nothing_half(services_stack):
    services_stack.env.update(FAST_ENV)
    run = SCENARIOS["postgres"](services_stack)
    assert run.problems == []
    assert run.acked > 0
    assert run.lost == 0
    assert run.duplicates == 0
    assert run.unavailable >= 1
