"""django-axes' log-in attempts in the admin, with every column named in words of the reader's language.

Axes names its remaining-attempts column after its method (``status``), which no
catalogue can translate; the same admin is registered again here with that title
translated. Its other labels are Axes' own msgids, translated in the site's catalogue.
"""

from axes.admin import AccessAttemptAdmin
from axes.models import AccessAttempt
from django.contrib import admin
from django.utils.translation import gettext_lazy as _


class LockoutAttemptAdmin(AccessAttemptAdmin):
    @admin.display(description=_("attempts left"))
    def status(self, obj):
        return super().status(obj)


if admin.site.is_registered(AccessAttempt):
    admin.site.unregister(AccessAttempt)
    admin.site.register(AccessAttempt, LockoutAttemptAdmin)
