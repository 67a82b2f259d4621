"""A challenge's form, from a player's name: ``GET/POST /players/<id>/challenge/``. Thin.

The form is the room-creation form's (lobby/challenge_forms.py); a valid post
opens the private table and sends the challenge (lobby/challenges.py), then
takes the challenger to that table to wait. A block either way, oneself or an
id of nobody: the page says so with a 4xx, and nothing is stored; past the
hour's invitations (lobby/press_limits.py) or rooms (lobby/views.py), the form
says so and nothing is sent.
"""

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from lobby import challenges, press_limits
from lobby.challenge_forms import ChallengeForm
from lobby.views import ROOMS_PER_HOUR
from rooms.errors import RoomError
from rooms.forms import lobby_settings
from rooms.models import Room
from rooms.words.messages import error_text

STATUS = {"self": 400, "no_such_player": 404, "you_block": 409, "blocks_you": 403}


def _refused(request, text: str, status: int):
    return render(request, "friends/refused.html", {"text": text}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def challenge(request, user_id: int):
    try:
        other = challenges.challengeable(request.user, user_id)
    except challenges.ChallengeError as exc:
        return _refused(request, exc.message, STATUS[exc.code])
    form = ChallengeForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        recent = Room.objects.filter(created_by=request.user, created_at__gte=timezone.now() - timedelta(hours=1))
        if recent.count() >= ROOMS_PER_HOUR or press_limits.invitation_refused(request):
            form.add_error(None, _("You sent too many challenges and invitations this hour; wait before sending more."))
            status = 429
        else:
            data = form.cleaned_data
            try:
                invitation = challenges.challenge(
                    request.user,
                    other.pk,
                    data["game"],
                    options=form.room_options(),
                    seat_count=data["seat_count"],
                    time_limit=data["time_limit"] or None,
                    rated=data["rated"],
                    empty_seats=data["empty_seats"],
                    bot_level=data["bot_level"],
                )
            except challenges.ChallengeError as exc:
                return _refused(request, exc.message, STATUS[exc.code])
            except RoomError as exc:
                form.add_error(None, error_text(exc))
                status = 400
            else:
                messages.success(
                    request,
                    _("Challenge sent to %(name)s: they join you here when they accept.") % {"name": other.shown_name},
                )
                return redirect("rooms:room", code=invitation.room.code)
    elif request.method == "POST":
        status = 400
    context = {"form": form, "other": other, "lobby_settings": lobby_settings()}
    return render(request, "lobby/challenge.html", context, status=status)
