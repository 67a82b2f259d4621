from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayersConfig(AppConfig):
    """A player's own pages and data: the profile, the export of everything they did, the account's erasure.

    Above every app whose records it reads or rewrites (rooms, chat, ratings, lobby).
    """

    name = "players"
    verbose_name = _("Players")
    default_auto_field = "django.db.models.BigAutoField"
