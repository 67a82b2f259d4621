"""Fixtures for the attacks: fresh per-user rate budgets, and the sockets' clock under the test's hand."""

import pytest

from rooms.live import limits
from rooms.live.guarded import GuardedConsumer
from tests.rooms.clock import SocketClock


@pytest.fixture(autouse=True)
def fresh_socket_limits():
    """Rate budgets are per process: every test starts from full buckets."""
    limits.reset_user_limiters()


@pytest.fixture
def clock(monkeypatch):
    """Every socket opened by the test reads this clock for its rate limits."""
    fake = SocketClock()
    monkeypatch.setattr(GuardedConsumer, "clock", staticmethod(fake))
    return fake
