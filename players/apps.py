from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayersConfig(AppConfig):
    """A player's own pages and data: the profile, the export of everything they did, the account's erasure.

    Above every app whose records it reads or rewrites (rooms, chat, ratings, lobby).
    """

    name = "players"
    verbose_name = _("Players")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.urls import reverse

        from rooms import extensions

        # The table's result dialog links to the replay of the match that just ended (players/replay_views.py).
        extensions.replay_url.fill(lambda match: reverse("match_replay", args=[match.public_id]))
