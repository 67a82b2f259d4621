"""The player account: Django's user plus a display name and a language."""

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A registered player. ``display_name`` is what tables show."""

    email = models.EmailField(_("e-mail"), unique=True)
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, blank=True)

    @property
    def shown_name(self) -> str:
        return self.display_name or self.username
