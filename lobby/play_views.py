""" "Jogar agora" (POST /play/): a form's press seats the person and sends them to the table. Thin.

The fields are the lobby's: ``game`` (a registry name) and ``rated`` (``on`` or
absent). A GET never creates anything: after the log-in page it shows the same
choice as a form to confirm. Bad input gets the 400 page saying what was wrong;
a person pressing too often (lobby/press_limits.py) the 429 page, and one who
already holds a place elsewhere the 409 page with the way back to it. A person
seated at a table being played or waiting gets, first, a page offering the way
back to it and, second, a button to play a new table anyway (``anyway=on``).
A person in a tournament is asked first; confirming (``leave_tournament=on``)
withdraws them from it (tournaments/services.py ``withdraw``).
"""

from urllib.parse import urlencode

from django.conf import settings
from django.shortcuts import redirect, render, resolve_url
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games import registry
from lobby import press_limits, quick_play
from rooms.errors import RoomError
from rooms.words.messages import error_text
from tournaments import services as tournaments
from tournaments.errors import TournamentError


def _refused(request, message: str, status: int = 400, room_code: str | None = None):
    context = {"error_status": status, "message": message, "room_code": room_code}
    return render(request, "errors/play_refused.html", context, status=status)


def _choice(data) -> tuple[str, bool] | str:
    """(game, rated) from the form's fields, or the sentence saying what is wrong with them."""
    game = data.get("game", "")
    rated = data.get("rated")
    if game not in registry.NAMES:
        return _("Unknown game.")
    if rated not in (None, "on"):
        return _("The rated choice is either on or absent.")
    return game, rated == "on"


@require_http_methods(["GET", "POST"])
def play(request):
    data = request.POST if request.method == "POST" else request.GET
    choice = _choice(data)
    if isinstance(choice, str):
        return _refused(request, choice)
    game, rated = choice
    if not request.user.is_authenticated:
        back = reverse("lobby:play") + "?" + urlencode({"game": game, **({"rated": "on"} if rated else {})})
        return redirect(f"{resolve_url(settings.LOGIN_URL)}?{urlencode({'next': back})}")
    if request.method == "GET":
        context = {"game": game, "game_name": registry.spec(game).display_name(get_language()), "casual": not rated}
        return render(request, "lobby/play.html", context)
    if press_limits.play_press_refused(request):
        return _refused(request, _("You pressed Play now too often; wait a minute and press it again."), 429)
    # In a tournament: asked first; confirming withdraws from it (docs/tournaments.md "Pages").
    entry = tournaments.entry_for(request.user)
    if entry is not None:
        if data.get("leave_tournament") != "on":
            context = {"game": game, "game_name": registry.spec(game).display_name(get_language()), "casual": not rated}
            return render(request, "tournaments/play_confirm.html", {**context, "entry": entry})
        try:
            tournaments.withdraw(request.user, entry.tournament_id)
        except TournamentError:
            pass  # over or withdrawn meanwhile: nothing to leave
    if data.get("anyway") != "on" and quick_play.place_held(request.user) is None:
        seated = quick_play.live_seat(request.user)
        if seated is not None:
            context = {
                "game": game,
                "game_name": registry.spec(game).display_name(get_language()),
                "casual": not rated,
                "seated": seated,
            }
            return render(request, "lobby/play_seated.html", context)
    try:
        seating = quick_play.play_now(request.user, game, rated)
    except RoomError as exc:
        if exc.code == "play_elsewhere":
            return _refused(request, error_text(exc), 409, exc.params["room"])
        return _refused(request, error_text(exc))
    return redirect("rooms:room", code=seating.room.code)
