"""Staff rename a room for its name, from the room's page: a form with the new name, then the change.

Needs ``rooms.close_room`` (a table moderator's power: renaming is the lesser
answer to a name that closing would also answer) and writes the audit log with
the old and the new name.
"""

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts import admin_pages, audit
from rooms.actions.moderation import rename_room
from rooms.errors import RoomError
from rooms.models import Room
from rooms.words.messages import error_text

PERMISSION = "rooms.close_room"


class RenameForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("New name"), max_length=60)


def view(model_admin, request, room_id: int):
    if not request.user.has_perm(PERMISSION):
        raise PermissionDenied
    room = get_object_or_404(Room.objects.only("id", "name", "code", "status"), pk=room_id)
    form = RenameForm(request.POST or None, initial={"name": room.name})
    if request.method == "POST" and form.is_valid():
        try:
            old = rename_room(room.id, form.cleaned_data["name"])
        except RoomError as exc:
            form.add_error("name", error_text(exc))
        else:
            if old is not None:
                room.refresh_from_db(fields=["name"])
                audit.record(request.user, room, "room_rename", f"{old} → {room.name}")
                model_admin.message_user(request, _("The room is renamed."), messages.SUCCESS)
            return HttpResponseRedirect(reverse("admin:rooms_room_change", args=[room.id]))
    return admin_pages.page(
        model_admin, request, "admin/rooms/room/rename.html", _("Rename the room"), room=room, form=form
    )


def urls(model_admin) -> list:
    return admin_pages.route(model_admin, "<id:room_id>/staff/rename/", "rooms_room_rename", view)
