"""The chat's tests move the room layer's clock themselves (tests/rooms/clock.py)."""

import pytest


@pytest.fixture
def clock(monkeypatch):
    from rooms import clock as room_clock
    from tests.rooms.clock import Clock

    c = Clock()
    monkeypatch.setattr(room_clock, "now", c)
    return c


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False
