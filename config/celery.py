"""The Celery application: settings under CELERY_, tasks found in the apps."""

import os

from celery import Celery
from celery.signals import task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("mesa")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def _recycle_database_connections(**kwargs) -> None:
    """Treat a task like a request: drop a connection that is broken or older than its age.

    Celery's own Django fix-up closes every connection before and after each
    task (settings.CELERY_DB_REUSE_MAX turns that off): a bot move then paid
    a new PostgreSQL backend each time (docs/benchmarks.md).
    """
    from django.db import close_old_connections

    close_old_connections()
