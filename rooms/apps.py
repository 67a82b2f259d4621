from django.apps import AppConfig


class RoomsConfig(AppConfig):
    name = "rooms"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from rooms import sessions  # noqa: F401 - connects the log-out and password-change receivers
