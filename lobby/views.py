"""The lobby page: the public rooms, "Jogar agora" for each game, and the room-creation form. Thin."""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import registry
from rooms import services
from rooms.errors import RoomError
from rooms.forms import RoomForm, lobby_settings
from rooms.models import Room
from rooms.words.messages import error_text

ROOMS_PER_HOUR = getattr(settings, "MESA_ROOMS_PER_HOUR", 10)


@login_required
def lobby(request):
    form = RoomForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        recent = Room.objects.filter(created_by=request.user, created_at__gte=timezone.now() - timedelta(hours=1))
        if recent.count() >= ROOMS_PER_HOUR:
            form.add_error(None, _("You created too many rooms in the last hour; try again later."))
        else:
            data = form.cleaned_data
            try:
                room = services.create_room(
                    request.user,
                    data["game"],
                    data["name"],
                    is_public=data["public"],
                    time_limit=data["time_limit"] or None,
                    options=form.room_options(),
                    seat_count=data["seat_count"],
                    rated=data["rated"],
                )
                for index in range(1, 1 + min(data.get("bots") or 0, room.seat_count - 1)):
                    services.add_bot(request.user, room.code, index, data["bot_level"])
            except RoomError as exc:
                form.add_error(None, error_text(exc))
            else:
                return redirect("rooms:room", code=room.code)
    mine = (
        Room.objects.defer("next_seed")
        .filter(seats__user=request.user)
        .exclude(status=Room.Status.CLOSED)
        .distinct()
        .order_by("-updated_at")
    )
    context = {
        "form": form,
        "my_rooms": mine,
        "games": registry.NAMES,
        "lobby_settings": lobby_settings(),
        "play_games": [(spec.name, spec.display_name(get_language())) for spec in registry.specs()],
    }
    return render(request, "lobby/lobby.html", context)
