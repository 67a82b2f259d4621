"""Staff actions on a live room (close it, pause it, resume it), each behind a confirmation page.

The room admin shows live state read-only; these are the only ways staff change
a room, and each goes through the room services like any other change, so the
players see it at once. Each needs its permission (``PERMISSIONS``: 403 without
it) and writes a row of the audit log (accounts/audit.py).
"""

from django.contrib import messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts import admin_pages, audit
from rooms import services
from rooms.models import Room

# The permission each action needs (rooms.Room Meta): a table moderator has both.
PERMISSIONS = {"close": "rooms.close_room", "pause": "rooms.pause_room", "resume": "rooms.pause_room"}


def allowed(user, action: str) -> bool:
    return user.has_perm(PERMISSIONS[action])


def _do(request, room: Room, action: str) -> bool:
    """The action on one room through its service; a row of the audit log when it changed the room."""
    by = {"by": request.user} if action == "close" else {}  # a match it ends names who ended it
    done = bool(_actions()[action]["service"](room.id, **by))
    if done:
        audit.record(request.user, room, f"room_{action}")
    return done


def _actions() -> dict:
    return {
        "close": {
            "service": services.close_room,
            "button": gettext_lazy("Yes, close"),
            "title": gettext_lazy("Close rooms"),
            "question": gettext_lazy(
                "Close these rooms? A match being played ends here: a rated one is rated on its standings of "
                "now (if you hold a seat in it, you are rated as having left it), and the players are sent to "
                "the lobby. This cannot be undone."
            ),
        },
        "pause": {
            "service": services.staff_pause,
            "button": gettext_lazy("Yes, pause"),
            "title": gettext_lazy("Pause rooms"),
            "question": gettext_lazy(
                "Pause these rooms? Every clock stops and no move is accepted until staff resume them; "
                "the host cannot resume a room paused by staff."
            ),
        },
        "resume": {
            "service": services.staff_resume,
            "button": gettext_lazy("Yes, resume"),
            "title": gettext_lazy("Resume rooms"),
            "question": gettext_lazy(
                "Resume these rooms paused by staff? The clocks go on with the time that was left."
            ),
        },
    }


def _done_message(action: str, count: int) -> str:
    if action == "close":
        return ngettext("%(n)s room closed.", "%(n)s rooms closed.", count) % {"n": count}
    if action == "pause":
        return ngettext("%(n)s room paused.", "%(n)s rooms paused.", count) % {"n": count}
    return ngettext("%(n)s room resumed.", "%(n)s rooms resumed.", count) % {"n": count}


def _page(model_admin, request, rooms, action: str, bulk_action: str | None):
    spec = _actions()[action]
    return admin_pages.page(
        model_admin,
        request,
        "admin/rooms/room/confirm_action.html",
        spec["title"],
        question=spec["question"],
        button=spec["button"],
        rooms=rooms,
        bulk_action=bulk_action,
        action_checkbox_name=helpers.ACTION_CHECKBOX_NAME,
    )


def confirm_bulk(model_admin, request, queryset, action: str):
    """An admin action on the selected rooms: the confirmation page first, then the change."""
    rooms = list(
        Room.objects.filter(pk__in=queryset.values("pk")).only("id", "name", "code", "status", "paused", "pause_reason")
    )
    if request.POST.get("confirm") != "yes":
        return _page(model_admin, request, rooms, action, f"{action}_rooms")
    if not allowed(request.user, action):
        raise PermissionDenied
    done = sum(_do(request, room, action) for room in rooms)
    model_admin.message_user(request, _done_message(action, done), messages.SUCCESS)
    return None


def single(model_admin, request, room_id: int, action: str):
    """One room's action from its page: GET asks, POST (confirmed) does it."""
    if action not in _actions():
        raise Http404("no such action")
    if not allowed(request.user, action):
        raise PermissionDenied
    room = get_object_or_404(Room.objects.only("id", "name", "code", "status", "paused", "pause_reason"), pk=room_id)
    if request.method != "POST" or request.POST.get("confirm") != "yes":
        return _page(model_admin, request, [room], action, None)
    done = _do(request, room, action)
    model_admin.message_user(request, _done_message(action, int(done)), messages.SUCCESS)
    return HttpResponseRedirect(reverse("admin:rooms_room_change", args=[room.id]))


def room_urls(model_admin) -> list:
    return admin_pages.route(model_admin, "<id:room_id>/staff/<str:action>/", "rooms_room_staff_action", single)


def links(room: Room) -> str:
    """The actions a room's page offers now, each a link to its confirmation page (which checks the permission)."""
    if room.status == Room.Status.CLOSED:
        return "—"
    labels = {"close": _("Close this room…"), "pause": _("Pause this room…"), "resume": _("Resume this room…")}
    offered = ["close", "resume" if room.paused and room.pause_reason == "staff" else "pause"]
    hrefs = [(reverse("admin:rooms_room_staff_action", args=[room.id, a]), labels[a]) for a in offered]
    hrefs.append((reverse("admin:rooms_room_rename", args=[room.id]), _("Rename this room…")))
    return format_html_join(" · ", '<a class="button" href="{}">{}</a>', hrefs) or format_html("")
