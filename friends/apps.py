from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FriendsConfig(AppConfig):
    """Follows and blocks between players, one-way; friends are two people who follow each other."""

    name = "friends"
    verbose_name = _("Friends")
    default_auto_field = "django.db.models.BigAutoField"
