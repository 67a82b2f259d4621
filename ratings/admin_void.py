"""Staff void a match's rating from the match's admin page: a form with the reason, then the change.

Needs ``ratings.void_match``; the reason is required and goes to the audit log,
the match's page and the players' histories (ratings/void.py).
"""

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts import admin_pages
from ratings.void import REASON_MAX, VoidRefused, void_match
from rooms.models import Match

PERMISSION = "ratings.void_match"


class VoidForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Why the rating is voided"),
        max_length=REASON_MAX,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("The players read it in their match histories and on the match's page."),
    )


def refusal(code: str) -> str:
    return {
        "reason": _("Write why the rating is voided."),
        "voided": _("This match's rating was voided already."),
        "playing": _("The match is still being played."),
        "unrated": _("This match changed no rating."),
    }[code]


def view(model_admin, request, match_id: int):
    if not request.user.has_perm(PERMISSION):
        raise PermissionDenied
    match = get_object_or_404(Match.objects.defer("seed").select_related("room"), pk=match_id)
    form = VoidForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            changes = void_match(match.pk, request.user, form.cleaned_data["reason"])
        except VoidRefused as exc:
            form.add_error("reason", refusal(str(exc)))
        else:
            model_admin.message_user(
                request, _("The rating of %(n)s people is restored.") % {"n": len(changes)}, messages.SUCCESS
            )
            return HttpResponseRedirect(reverse("admin:rooms_match_change", args=[match.pk]))
    return admin_pages.page(
        model_admin, request, "admin/ratings/void_match.html", _("Void the match's rating"), match=match, form=form
    )


def urls(model_admin) -> list:
    return admin_pages.route(model_admin, "match/<id:match_id>/void/", "ratings_match_void", view)
