"""The Celery application: settings under CELERY_, tasks found in the apps."""

import os
from collections.abc import Mapping
from functools import cached_property

from celery import Celery
from celery.signals import task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


class CelerySettings(Mapping):
    """Django's CELERY_ settings as a plain dict, copied when Celery first reads its configuration.

    Celery looks up about twenty settings per task published or run, each under
    two or three names, most of them absent (Celery's defaults): on Django's
    settings object every miss was an attribute lookup through LazySettings that
    raised, a tenth of what publishing a task cost. Settings are not changed
    while the process runs, so a copy answers the same.
    """

    @cached_property
    def _values(self) -> dict:
        from django.conf import settings

        return {name: getattr(settings, name) for name in dir(settings) if name.startswith("CELERY_")}

    def __getitem__(self, key):
        return self._values[key]

    def __iter__(self):
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)


app = Celery("mesa")
app.config_from_object(CelerySettings(), namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def _recycle_database_connections(**kwargs) -> None:
    """Treat a task like a request: drop a connection that is broken or older than its age.

    Celery's own Django fix-up closes every connection before and after each
    task (settings.CELERY_DB_REUSE_MAX turns that off): a bot move then paid
    a new PostgreSQL backend each time (an earlier round of docs/benchmarks.md, in its git history).
    """
    from django.db import close_old_connections

    close_old_connections()
