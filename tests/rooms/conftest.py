"""Fixtures for room tests: alice (host), bob (another player), charlie (no seat)."""

import pytest
from django.contrib.auth import get_user_model


@pytest.fixture
def make_user(db):
    def make(username: str):
        return get_user_model().objects.create_user(username, f"{username}@example.com", "a-Strong-pass-123")

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def charlie(make_user):
    return make_user("charlie")


@pytest.fixture(autouse=True)
def quick_rooms(settings):
    settings.BOT_DELAY_SECONDS = 0
    settings.DISCONNECTED_TURN_SECONDS = 30
    settings.ABSENCE_GRACE_SECONDS = 120
    settings.EMPTY_ROOM_EXPIRY_SECONDS = 120
    return settings


@pytest.fixture
def clock(monkeypatch):
    from rooms import services
    from tests.rooms.clock import Clock

    c = Clock()
    monkeypatch.setattr(services, "_now", c)
    return c
