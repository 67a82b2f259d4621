"""Players for the reliability tests: alice (host), bob (another player), charlie (no seat)."""

import pytest
from django.contrib.auth import get_user_model


@pytest.fixture
def make_user(db, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

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
