"""Fixtures for room tests: short room timings and a controllable clock (players: tests/conftest.py)."""

import pytest


@pytest.fixture(autouse=True)
def quick_rooms(settings):
    settings.BOT_DELAY_SECONDS = 0
    settings.DISCONNECTED_TURN_SECONDS = 30
    settings.ABSENCE_GRACE_SECONDS = 120
    settings.EMPTY_ROOM_EXPIRY_SECONDS = 120
    return settings


@pytest.fixture
def clock(monkeypatch):
    from rooms import clock as room_clock
    from tests.rooms.clock import Clock

    c = Clock()
    monkeypatch.setattr(room_clock, "now", c)
    return c
