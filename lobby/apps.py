from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LobbyConfig(AppConfig):
    """What brings people to tables: quick play, invitations, site presence, the lobby's feed and socket."""

    name = "lobby"
    verbose_name = _("Lobby")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from lobby import friend_hooks, room_hooks  # noqa: F401 - the room layer's and friends' signals it answers

        friend_hooks.wire()
