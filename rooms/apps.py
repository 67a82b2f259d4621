from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from config import ids


class RoomsConfig(AppConfig):
    name = "rooms"
    verbose_name = _("Rooms and their records")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # ``<id:…>`` in the URLs of this app and of those above it (config/ids.py): the lowest app using it.
        ids.register_path_converter()
        from rooms import tasks  # noqa: F401 - schedules the deadlines tables plan
        from rooms.live import sessions  # noqa: F401 - connects the log-out and password-change receivers
