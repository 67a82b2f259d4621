"""Shared fixtures: real servers (Redis, PostgreSQL) on free ports, users.

A fixture whose server binary is missing skips its tests with the reason,
unless MESA_REQUIRE_SERVICES=1 (CI), where a missing service fails the run.
"""

import os
import shutil

import pytest

from scripts import stack as stackmod

REQUIRE_SERVICES = os.environ.get("MESA_REQUIRE_SERVICES") == "1"


def missing(what: str):
    if REQUIRE_SERVICES:
        pytest.fail(f"{what} is required (MESA_REQUIRE_SERVICES=1) but missing", pytrace=False)
    pytest.skip(f"{what} is not installed here")


@pytest.fixture
def stack():
    """An empty Stack; the test starts what it needs. Everything stops after."""
    s = stackmod.new_stack()
    try:
        yield s
    finally:
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
