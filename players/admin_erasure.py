"""Staff erase an account from its admin page: the same erasure a person asks for, behind a confirmation.

Django's own delete of a user would take their chat messages, ratings, rating
changes and the audit rows with it (every one cascades) and leave the other
players' hands pointing at nobody, so the user admin has no delete at all. The
one way staff remove a person is this page: it runs ``players.erasure.erase``
(the account emptied, the records kept under the pseudonym) and writes the
audit log. It needs ``accounts.delete_user`` (superusers have it).
"""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts import admin_pages, audit
from players import erasure

PERMISSION = "accounts.delete_user"


def allowed(user) -> bool:
    return user.has_perm(PERMISSION)


def view(model_admin, request, user_id: int):
    """GET asks (what goes, what stays); POST with ``confirm=yes`` erases and records it."""
    if not allowed(request.user):
        raise PermissionDenied
    person = get_object_or_404(get_user_model(), pk=user_id)
    change = reverse("admin:accounts_user_change", args=[person.pk])
    refusal = None
    if person.pk == request.user.pk:
        refusal = _("Your own account is deleted from your data page, with your password.")
    elif person.pseudonym:
        refusal = _("This account is already deleted.")
    if refusal is None and request.method == "POST" and request.POST.get("confirm") == "yes":
        erasure.erase(person)  # the audit rows about the person now name the emptied account
        person.refresh_from_db()
        audit.record(request.user, person, "account_erase")
        model_admin.message_user(
            request, _("The account is deleted; its records now name %(name)s.") % {"name": person.shown_name}
        )
        return HttpResponseRedirect(change)
    if refusal is not None and request.method == "POST":
        model_admin.message_user(request, refusal, messages.ERROR)
        return HttpResponseRedirect(change)
    return admin_pages.page(
        model_admin, request, "admin/accounts/user/erase.html", _("Delete this account"), person=person, refusal=refusal
    )


def urls(model_admin) -> list:
    return admin_pages.route(model_admin, "<id:user_id>/erase/", "accounts_user_erase", view)
