"""The player account: Django's user plus a display name and a language."""

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.lookalikes import skeleton


class User(AbstractUser):
    """A registered player. ``display_name`` is what tables show."""

    # The confirmed e-mail (password resets go there); empty until the owner confirms one.
    email = models.EmailField(_("e-mail"), unique=True, null=True, blank=True)
    # The e-mail given at sign-up, until its owner follows the link mailed to it.
    pending_email = models.EmailField(_("e-mail waiting for confirmation"), blank=True)
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, blank=True)
    # The TR39 skeletons (accounts/lookalikes.py) of the username and of the name tables
    # show (the display name, or the username), kept with every save.
    username_skeleton = models.TextField(db_index=True, blank=True, editable=False)
    shown_name_skeleton = models.TextField(db_index=True, blank=True, editable=False)
    # Set when the person deleted their account (players/erasure.py): the records name them by it.
    pseudonym = models.CharField(_("pseudonym"), max_length=8, blank=True, db_index=True, editable=False)
    # The person's setting: nobody sees them online, in any friend's list (lobby/online.py).
    hides_presence = models.BooleanField(_("hide when I am online"), default=False)

    def clean(self):
        super().clean()
        self.email = self.email or None  # no e-mail is NULL: "" would be unique once

    def save(self, *args, **kwargs):
        self.username_skeleton = skeleton(self.username)
        self.shown_name_skeleton = skeleton(self.shown_name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"username", "display_name"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "username_skeleton", "shown_name_skeleton"}
        super().save(*args, **kwargs)

    @property
    def shown_name(self) -> str:
        if self.pseudonym:
            from accounts.pseudonyms import name_for

            return name_for(self.pseudonym)
        return self.display_name or self.username
