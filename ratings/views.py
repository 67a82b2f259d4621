"""The leaderboard pages: one per game, its top players and the reader's own place."""

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation

from accounts import records
from games import registry
from ratings import board
from ratings import profile as ratings_profile


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


@login_required
def player(request, user_id: int):
    """A person's public page: their name, each game's rating, place and chart, and their statistics.

    Nothing private: no e-mail, no settings, no rooms or matches. An erased or
    inactive account has no page.
    """
    person = get_object_or_404(get_user_model(), pk=user_id, is_active=True)
    context = {
        "person": person,
        "is_you": person.pk == request.user.pk,
        "ratings": ratings_profile.for_user(person),
        "stats": records.game_stats(person),
    }
    return render(request, "ratings/player.html", context)
