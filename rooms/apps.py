from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RoomsConfig(AppConfig):
    name = "rooms"
    verbose_name = _("Rooms and their records")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from rooms import tasks  # noqa: F401 - schedules the deadlines tables plan
        from rooms.live import sessions  # noqa: F401 - connects the log-out and password-change receivers
