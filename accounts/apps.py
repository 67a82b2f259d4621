from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from axes.models import AccessAttemptExpiration
        from django.db.models.signals import post_save

        from accounts.lockout import keep_the_pair_together

        post_save.connect(keep_the_pair_together, sender=AccessAttemptExpiration, dispatch_uid="mesa-lockout-pair")
