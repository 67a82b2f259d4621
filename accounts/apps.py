from axes.apps import AppConfig as AxesAppConfig
from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    # The app's own config: this module holds two, and Django takes neither by itself.
    default = True
    name = "accounts"
    verbose_name = _("Accounts")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from axes.models import AccessAttemptExpiration
        from django.db.models.signals import post_save

        from accounts.lockout import keep_the_pair_together

        post_save.connect(keep_the_pair_together, sender=AccessAttemptExpiration, dispatch_uid="mesa-lockout-pair")


class LoginThrottlingConfig(AxesAppConfig):
    """django-axes under a name staff read (its own is the package's, "Axes", untranslated)."""

    default = False
    verbose_name = _("Log-in attempts")
