"""The leaderboard pages: one per game, its top players and the reader's own place."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import translation

from games import registry
from ratings import board


@login_required
def index(request):
    return redirect("ratings:leaderboard", game=registry.NAMES[0])


@login_required
def leaderboard(request, game: str):
    if game not in registry.NAMES:
        raise Http404
    language = translation.get_language()
    context = {
        "game": game,
        "game_label": registry.spec(game).display_name(language),
        "games": [(name, registry.spec(name).display_name(language)) for name in registry.NAMES],
        "lines": board.top(game, request.user),
        "you": board.own_place(game, request.user),
        "top": board.TOP,
        "min_matches": board.MIN_MATCHES,
    }
    return render(request, "ratings/leaderboard.html", context)
