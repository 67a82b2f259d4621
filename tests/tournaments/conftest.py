"""Tournament tests: short room timings, a controllable clock, no embedded worker (passes run by the test)."""

import pytest


@pytest.fixture(autouse=True)
def quick_rooms(settings):
    settings.BOT_DELAY_SECONDS = 0
    settings.MESA_EMBEDDED_WORKER = False
    settings.TOURNAMENT_WAIT_SECONDS = 20
    settings.TOURNAMENT_END_GRACE_SECONDS = 180
    return settings


@pytest.fixture
def clock(monkeypatch):
    from rooms import clock as room_clock
    from tests.rooms.clock import Clock

    c = Clock()
    monkeypatch.setattr(room_clock, "now", c)
    return c


@pytest.fixture
def people(make_user):
    return [make_user(f"p{i}") for i in range(8)]
