"""The PostgreSQL health check needs no round trip, and still replaces a connection the server ended.

Real PostgreSQL (scripts/stack.py); the backend is config/postgresql/. The
check runs on the first query after ``close_if_unusable_or_obsolete``, which
Django and Channels call around every request and every database call.
"""

import select

import dj_database_url
import psycopg
import pytest

from config.postgresql.base import DatabaseWrapper
from scripts import stack as stackmod
from tests.conftest import missing


@pytest.fixture
def postgres_url(stack, django_db_blocker):
    """A PostgreSQL of its own, outside Django's test database (hence unblocked)."""
    try:
        url = stack.start_postgres()
    except stackmod.ServiceMissing as exc:
        missing(str(exc))
    with django_db_blocker.unblock():
        yield url


def _wrapper(url: str) -> DatabaseWrapper:
    settings_dict = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    settings_dict.update({"ENGINE": "config.postgresql", "TIME_ZONE": None, "OPTIONS": {}, "AUTOCOMMIT": True})
    settings_dict.setdefault("TEST", {})
    wrapper = DatabaseWrapper(settings_dict, alias="health-check")
    wrapper.round_trip_checks = 0
    real_check = wrapper.is_usable

    def counted():
        wrapper.round_trip_checks += 1
        return real_check()

    wrapper.is_usable = counted
    return wrapper


def _backend_pid(wrapper) -> int:
    with wrapper.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def test_a_healthy_reused_connection_is_not_asked_select_1(postgres_url):
    wrapper = _wrapper(postgres_url)
    try:
        pid = _backend_pid(wrapper)
        for _ in range(3):
            wrapper.close_if_unusable_or_obsolete()  # what close_old_connections() does
            assert _backend_pid(wrapper) == pid
        assert wrapper.round_trip_checks == 0
    finally:
        wrapper.close()


def test_a_connection_the_server_ended_is_replaced_before_the_next_query(postgres_url):
    wrapper = _wrapper(postgres_url)
    try:
        pid = _backend_pid(wrapper)
        wrapper.close_if_unusable_or_obsolete()
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", [pid])
        # The server's goodbye reaches the idle socket: wait for it, however long it takes.
        readable, _w, _x = select.select([wrapper.connection.fileno()], [], [], 30)
        assert readable
        new_pid = _backend_pid(wrapper)  # no error: the check replaced the connection first
        assert new_pid != pid
        assert wrapper.round_trip_checks == 1
    finally:
        wrapper.close()
