from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    """Arena tournaments: entries, pairing into ordinary rooms, scoring by place, the schedule, trophies."""

    name = "tournaments"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from tournaments import room_hooks

        room_hooks.connect()
