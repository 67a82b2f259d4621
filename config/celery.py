"""The Celery application: settings under CELERY_, tasks found in the apps."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("mesa")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
