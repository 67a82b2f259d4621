"""An existing database upgrades without losing a row: the lobby's models moved apps, not tables.

The check itself is tests/upgrade.py; here it runs on SQLite in-process and on a
PostgreSQL server of its own (docs/operations.md, "Upgrading").
"""

import pytest

from tests.live import manage_shell
from tests.upgrade import check_lobby_upgrade


@pytest.mark.django_db(transaction=True)
def test_a_database_of_before_the_lobby_app_keeps_every_row_on_sqlite(settings):
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    check_lobby_upgrade()


def test_a_database_of_before_the_lobby_app_keeps_every_row_on_postgresql(stack):
    from scripts import stack as stackmod
    from tests.conftest import missing

    try:
        stack.start_postgres()
    except stackmod.ServiceMissing as exc:
        missing(str(exc))
    stack.migrate()  # the Migrator empties a database it finds migrated
    out = manage_shell(
        stack.env,
        "from django.db import connection\n"
        "from tests.upgrade import check_lobby_upgrade\n"
        "check_lobby_upgrade()\n"
        "print('UPGRADED', connection.vendor)\n",
    )
    assert "UPGRADED postgresql" in out
