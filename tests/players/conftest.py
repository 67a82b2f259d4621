"""The replay tests: short room timings, no embedded worker (bots are played by the tests)."""

import pytest

from tests.rooms.conftest import quick_rooms  # noqa: F401  (the short room timings, autouse)


@pytest.fixture(autouse=True)
def no_embedded_worker(settings):
    settings.MESA_EMBEDDED_WORKER = False
