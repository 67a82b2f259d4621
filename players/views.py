"""A player's own pages: the profile (display name, language, their games and ratings), their data, deleting the account.

They read the records of every app below (rooms, ratings, chat), so they live
above them; their URLs are under /accounts/ with the account pages (config/urls.py).
"""

from django.contrib import messages
from django.contrib.auth import get_user_model, logout
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.views import remember_language
from friends import relations
from games import registry
from players import erasure, export, match_download, records
from players.forms import DeleteAccountForm, ProfileForm
from ratings import profile as ratings_profile
from rooms.records import match_access
from rooms.records.stored import MarkupSafeJSONEncoder

MATCHES_PER_PAGE = 20


@login_required
@require_http_methods(["GET", "POST"])
def profile(request):
    user = request.user
    # A separate copy: an invalid form must not leave its values on request.user (the header shows it).
    editing = get_user_model().objects.get(pk=user.pk)
    form = ProfileForm(
        request.POST or None, instance=editing, initial={"language": user.language or translation.get_language()}
    )
    if request.method == "POST" and form.is_valid():
        form.save()
        language = form.cleaned_data["language"]
        translation.activate(language)
        messages.success(request, _("Your profile has been saved."))
        return remember_language(redirect("accounts:profile"), language)
    context = {
        "form": form,
        "stats": records.game_stats(user),
        "recent_matches": records.recent_matches(user),
        "ratings": ratings_profile.for_user(user),
    }
    return render(request, "players/profile.html", context)


@login_required
@require_http_methods(["GET"])
def my_data(request):
    """Where a person takes their data (players/export.py) or deletes their account (players/erasure.py)."""
    return render(request, "players/my_data.html", {"form": DeleteAccountForm(request.user)})


@login_required
@require_http_methods(["GET"])
def my_data_download(request):
    response = JsonResponse(export.document(request.user), json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="mesa-{request.user.username}.json"'
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_http_methods(["POST"])
def delete_account(request):
    form = DeleteAccountForm(request.user, request.POST)
    if not form.is_valid():
        return render(request, "players/my_data.html", {"form": form}, status=400)
    erasure.erase(request.user)
    logout(request)
    messages.success(request, _("Your account is deleted. The games you played stay in the records under a pseudonym."))
    return redirect("home")


@login_required
def player(request, user_id: int):
    """A person's public page: their name, each game's rating, place and chart, and their statistics.

    Nothing private: no e-mail, no settings, no rooms; the finished matches are a
    page of their own (``matches``). An erased or inactive account has no page.
    """
    person = get_object_or_404(get_user_model(), pk=user_id, is_active=True)
    is_you = person.pk == request.user.pk
    context = {
        "person": person,
        "is_you": is_you,
        "relation": None if is_you else _relation(request.user.pk, person.pk),
        "ratings": ratings_profile.for_user(person),
        "stats": records.game_stats(person),
    }
    return render(request, "players/player.html", context)


@login_required
@require_http_methods(["GET"])
def matches(request, user_id: int):
    """A person's finished matches, newest first, 20 a page, one game or all (``?game=``, ``?page=``).

    The reader sees only the matches they may read (players/records.py ``finished_matches``):
    a private room's are left out for anybody who did not play in them.
    """
    person = get_object_or_404(get_user_model(), pk=user_id, is_active=True)
    game = request.GET.get("game", "")
    games = [(spec.name, spec.display_name(translation.get_language())) for spec in registry.specs()]
    if game not in {name for name, _label in games}:
        game = ""
    page = Paginator(records.finished_matches(person, request.user, game), MATCHES_PER_PAGE).get_page(
        request.GET.get("page")
    )
    context = {
        "person": person,
        "is_you": person.pk == request.user.pk,
        "games": games,
        "game": game,
        "page": page,
        "lines": records.match_lines(person, page.object_list),
    }
    return render(request, "players/matches.html", context)


@require_http_methods(["GET"])
def my_match_download(request, public_id: str):
    """A finished match's record for a person who held a seat in it (players/match_download.py); 404 for anyone else."""
    match = match_access.without_secrets().filter(public_id=public_id).first()
    if match is None or not match_download.may_download(request.user, match):
        raise Http404("no such match")
    response = JsonResponse(
        match_download.document(match, request.user),
        encoder=MarkupSafeJSONEncoder,
        json_dumps_params={"ensure_ascii": False, "indent": 1},
    )
    response["Content-Disposition"] = f'attachment; filename="mesa-match-{match.public_id}.json"'
    response["Cache-Control"] = "no-store"
    return response


def _relation(reader_id: int, person_id: int) -> dict:
    """What the reader's buttons on a person's page say (friends/relations.py)."""
    following = relations.follows(reader_id, person_id)
    return {
        "following": following,
        "friends": following and relations.follows(person_id, reader_id),
        "blocking": relations.blocks(reader_id, person_id),
    }
