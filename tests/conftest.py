"""Shared fixtures: real servers (Redis, PostgreSQL) on free ports; alice, bob and charlie.

A fixture whose server binary is missing skips its tests with the reason,
unless MESA_REQUIRE_SERVICES=1 (CI), where a missing service fails the run.
"""

import os
import shutil

import pytest
from django.contrib.auth import get_user_model

from scripts import stack as stackmod

REQUIRE_SERVICES = os.environ.get("MESA_REQUIRE_SERVICES") == "1"


def missing(what: str):
    if REQUIRE_SERVICES:
        pytest.fail(f"{what} is required (MESA_REQUIRE_SERVICES=1) but missing", pytrace=False)
    pytest.skip(f"{what} is not installed here")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture
def stack(request):
    """An empty Stack; the test starts what it needs. Everything stops after.

    When the test fails, the processes' logs are printed.
    """
    s = stackmod.new_stack()
    try:
        yield s
    finally:
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            print(s.logs())
        s.stop()
        shutil.rmtree(s.workdir, ignore_errors=True)


@pytest.fixture
def services_stack(stack):
    """A stack with real Redis and PostgreSQL started and migrated."""
    try:
        stack.start_redis()
        stack.start_postgres()
    except stackmod.ServiceMissing as exc:
        missing(str(exc))
    stack.migrate()
    return stack


@pytest.fixture
def chromium_path():
    path = shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(path):
        missing("chromium")
    return path


@pytest.fixture(autouse=True)
def empty_cache():
    """The cache counts sign-ups and reset mails (accounts/limits.py): every test starts from zero."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def empty_room_copies():
    """Each test's database starts anew and may give a room an id an earlier test's room had: no copy
    kept by rooms/room_cache.py, snapshot patched from (rooms/live/outbox.py) or turn task remembered as
    sent (rooms/turn_tasks.py) survives it, nor the loop's connection told not to wait (rooms/live/in_loop.py)."""
    from rooms import room_cache, turn_tasks
    from rooms.live import in_loop, outbox

    for forget in (room_cache.clear, outbox.forget_everything, turn_tasks.forget_everything):
        forget()
    yield
    for forget in (room_cache.clear, outbox.forget_everything, turn_tasks.forget_everything, in_loop.let_wait):
        forget()


@pytest.fixture(autouse=True)
def site_language():
    """Every test starts in the site's default language, whatever a request in the test before activated.

    A request through the test client leaves its language active in the thread (LocaleMiddleware
    activates and nothing deactivates), so an English request would leak into the next test.
    """
    from django.conf import settings as django_settings
    from django.utils import translation

    translation.activate(django_settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def no_worker_inside_pytest(settings):
    """Tests in this process drive deadlines themselves; the in-process worker would race them.

    Live tests start daphne as a separate process, which runs its own worker.
    """
    settings.MESA_EMBEDDED_WORKER = False


@pytest.fixture
def make_user(db, settings):
    """Players are made with a fast password hasher: their passwords are not what is tested here."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

    def make(username: str):
        return get_user_model().objects.create_user(username, f"{username}@example.com", "a-Strong-pass-123")

    return make


@pytest.fixture
def alice(make_user):
    """The host."""
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    """Another player."""
    return make_user("bob")


@pytest.fixture
def charlie(make_user):
    """Somebody without a seat."""
    return make_user("charlie")
