"""The tournament pages: the list, a tournament's page and standings, join and withdraw, the private form. Thin.

Every action is a call to tournaments/services.py; a refusal (``TournamentError``)
is shown with its message and a status that says what kind of refusal it is.
A private tournament is reached only by its link (``?t=<token>``): without it
the page answers exactly as for a tournament that does not exist (404).
"""

from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render, resolve_url
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_ratelimit.core import is_ratelimited

from rooms import clock
from tournaments import page_data, services, standings
from tournaments.errors import TournamentError
from tournaments.forms import PrivateTournamentForm
from tournaments.models import Tournament

# The HTTP status of each refusal; any other code is a 400.
STATUS = {
    "not_found": 404,
    "private_link": 404,
    "finished": 409,
    "cancelled": 409,
    "already_joined": 409,
    "not_joined": 409,
    "needs_rated": 403,
    "too_many_private": 429,
}


def page_url(tournament: Tournament) -> str:
    """The tournament's page; a private one's link carries its token."""
    url = reverse("tournaments:tournament", args=[tournament.id])
    return f"{url}?t={tournament.token}" if tournament.private else url


def _token(request) -> str | None:
    token = request.POST.get("t") or request.GET.get("t")
    return token[:64] if isinstance(token, str) and token else None


def _visible(request, tournament_id: int) -> Tournament:
    try:
        return services.get(tournament_id, _token(request), request.user)
    except TournamentError:
        raise Http404("no such tournament") from None


def _refused(request, error: TournamentError, tournament: Tournament | None = None):
    status = STATUS.get(error.code, 400)
    context = {"error_status": status, "message": error.message, "code": error.code, "tournament": tournament}
    if tournament is not None:
        context["back"] = page_url(tournament)
    return render(request, "tournaments/refused.html", context, status=status)


@require_GET
def index(request):
    now = clock.now()
    return render(request, "tournaments/index.html", {**page_data.listing(now), "now": now})


@require_GET
def tournament(request, tournament_id: int):
    found = _visible(request, tournament_id)
    now = clock.now()
    frame = page_data.frame(found, request.user, now)
    context = {
        "tournament": found,
        "now": now,
        "me": page_data.MyState(**frame["you"]),
        "rows": frame["standings"]["players"],
        "podium": page_data.podium(found) if found.status == Tournament.Status.FINISHED else [],
        "short": page_data.rules_in_short(),
        "link": request.build_absolute_uri(page_url(found)),
        "token": found.token if found.private else "",
        "frame": frame,
    }
    return render(request, "tournaments/tournament.html", context)


@require_GET
def standings_json(request, tournament_id: int):
    try:
        found = services.get(tournament_id, _token(request), request.user)
    except TournamentError as error:
        return JsonResponse({"error": "not_found", "message": error.message}, status=404)
    return JsonResponse(standings.standings(found))


def _act(request, tournament_id: int, action):
    if not request.user.is_authenticated:
        back = reverse("tournaments:tournament", args=[tournament_id])
        return redirect(f"{resolve_url(settings.LOGIN_URL)}?{urlencode({'next': back})}")
    found = _visible(request, tournament_id)
    try:
        action(found)
    except TournamentError as error:
        return _refused(request, error, found)
    return redirect(page_url(found))


@require_POST
def join(request, tournament_id: int):
    return _act(request, tournament_id, lambda found: services.join(request.user, found.id, _token(request)))


@require_POST
def withdraw(request, tournament_id: int):
    return _act(request, tournament_id, lambda found: services.withdraw(request.user, found.id))


def _create_refused(request) -> bool:
    """Count one creation attempt of this person; True when over the minute's limit (nothing is done then)."""
    return is_ratelimited(
        request,
        group="private-tournament",
        key=lambda group, request: str(request.user.pk),
        rate=f"{settings.PRIVATE_TOURNAMENT_POSTS_PER_MINUTE}/m",
        increment=True,
    )


@login_required
@require_http_methods(["GET", "POST"])
def new(request):
    form = PrivateTournamentForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if _create_refused(request):
            form.add_error(None, _("You sent this form too often; wait a minute and send it again."))
            status = 429
        elif form.is_valid():
            data = form.cleaned_data
            try:
                created = services.create(
                    request.user,
                    data["game"],
                    data["minutes"],
                    form.starts_at(),
                    name=data["name"] or None,
                    options=form.options(),
                    table_size=data["table_size"],
                    time_limit=data["time_limit"],
                    rated=data["rated"],
                    min_rated_matches=data["min_rated_matches"] or 0,
                    private=True,
                )
            except TournamentError as error:
                form.add_error(None, error.message)
                status = STATUS.get(error.code, 400)
            else:
                return redirect(page_url(created))
        else:
            status = 400
    return render(request, "tournaments/new.html", {"form": form}, status=status)
