"""Invitations by name over HTTP: the host's form at the table, the invitee's accept and decline. Thin.

Each answers a script (``Accept: application/json``, the table's and the header's
forms) with JSON or 204, and a plain form post with a redirect and a message, so
that both work without the page's scripts. The host reads "Invitation sent."
whoever the name belongs to (lobby/invitations.py); a host past the hour's
limit (lobby/press_limits.py) reads that, and nothing is sent.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from lobby import invitations, press_limits
from rooms.errors import RoomError
from rooms.words.messages import error_text

STATUS = {
    "not_host": 403,
    "muted_invitation": 403,
    "room_not_found": 404,
    "room_closed": 410,
    "bad_invitee": 400,
    "invitee_blocked": 403,
}


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _answer(request, code: str, text: str, status: int = 200, error: str | None = None):
    if _wants_json(request):
        return JsonResponse({"ok": error is None, "code": error, "message": text}, status=status)
    (messages.error if error else messages.success)(request, text)
    return redirect("rooms:room", code=code)


@login_required
@require_POST
def invite(request, code: str):
    if press_limits.invitation_refused(request):
        text = _("You sent too many invitations this hour; wait before sending more.")
        return _answer(request, code, text, 429, "invitations_rate_limited")
    try:
        invitations.invite(request.user, code, request.POST.get("username"))
    except RoomError as exc:
        return _answer(request, code, error_text(exc), STATUS.get(exc.code, 400), exc.code)
    return _answer(request, code, _("Invitation sent."))


def _back(request):
    target = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure()):
        return redirect(target)
    return redirect("lobby:lobby")


@login_required
@require_POST
def accept(request, invitation_id: int):
    try:
        accepted = invitations.accept(request.user, invitation_id)
    except RoomError as exc:
        if _wants_json(request):
            return JsonResponse({"ok": False, "code": exc.code, "message": error_text(exc)}, status=410)
        messages.error(request, error_text(exc))
        return redirect("lobby:lobby")
    if accepted.seated:
        messages.success(request, _("You accepted the invitation: you have a seat at this table."))
    else:
        messages.info(
            request,
            _("You accepted the invitation, but no seat is free: you are watching. Sit down when a seat frees up."),
        )
    return redirect("rooms:room", code=accepted.code)


@login_required
@require_POST
def decline(request, invitation_id: int):
    try:
        invitations.decline(request.user, invitation_id)
    except RoomError as exc:
        if _wants_json(request):
            return JsonResponse({"ok": False, "code": exc.code, "message": error_text(exc)}, status=410)
        messages.error(request, error_text(exc))
        return _back(request)
    if _wants_json(request):
        return HttpResponse(status=204)
    messages.info(request, _("Invitation declined."))
    return _back(request)
