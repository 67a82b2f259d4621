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
        from django.conf import settings
        from django.db.models.signals import post_save

        from rooms import (
            room_cache,
            tasks,  # noqa: F401 - schedules the deadlines tables plan
        )
        from rooms.live import sessions  # noqa: F401 - connects the log-out and password-change receivers

        # A person's name shows at their rooms: a process's copy of those rooms no longer holds.
        post_save.connect(room_cache.person_changed, sender=settings.AUTH_USER_MODEL, dispatch_uid="rooms.room_cache")
