"""Shared fixtures for the account tests: a clean cache and a few players."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

PASSWORD = "green-felt-table-42"


@pytest.fixture(autouse=True)
def clean_cache():
    # The log-in throttle counts in the cache; every test starts from zero.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    # Real hashers take a noticeable time per log-in; these tests check behaviour, not hashing.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def password():
    return PASSWORD


@pytest.fixture
def alice(db):
    return get_user_model().objects.create_user("alice", "alice@example.com", PASSWORD, language="pt-br")


@pytest.fixture
def bob(db):
    return get_user_model().objects.create_user("bob", "bob@example.com", PASSWORD, language="en")
