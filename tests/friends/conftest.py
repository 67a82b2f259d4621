"""The friends tests: no embedded worker (the chat's socket test runs rooms without one)."""

import pytest


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False
