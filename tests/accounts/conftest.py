"""Shared fixtures for the account tests: fast hashing and a few players (the cache is emptied by tests/conftest.py)."""

import pytest
from django.contrib.auth import get_user_model

PASSWORD = "green-felt-table-42"


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
