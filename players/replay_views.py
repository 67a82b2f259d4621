"""A finished match's replay for the people who may read it: the page and its data.

Who may: the verify page's rule (``rooms.records.match_access``): a public room's
match for anyone, signed out too; a private room's for the people who held a seat
in it (those who left too) and the staff who may read every match. And only once
the match has ended. Every refusal is the same 404 as an unknown match, so a
private or running match's address says nothing of it.

Rebuilding a match costs the engines a deal and every move again (about a millisecond a
step, docs/benchmarks.md), and a public match's link may be opened by many at once: the
hands are kept in the cache for ``CACHE_SECONDS`` per match, hand and language. Not longer:
an erased account's name must give way to its pseudonym soon after (docs/accounts.md).
"""

from django.core.cache import cache
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from players import match_download, replay_data
from rooms.models import Match
from rooms.records import match_access
from rooms.records.stored import MarkupSafeJSONEncoder

CACHE_SECONDS = 60


def _ended_match(request, public_id: str) -> Match:
    match = match_access.match_for(request.user, public_id)
    if match.status == Match.Status.PLAYING:
        raise Http404("no such match")
    return match


@require_http_methods(["GET"])
def replay(request, public_id: str):
    match = _ended_match(request, public_id)
    context = {
        "match": match,
        "summary": replay_data.summary(match, request.user),
        "data_url": reverse("match_replay_data", args=[match.public_id]),
        "may_download": match_download.may_download(request.user, match),
        "strings": {
            "share_copied": _("Link copied."),
            "share_failed": _("Copy this link:"),
            "hand_n": _("Hand %(n)s"),
            "not_finished": _("Hand %(n)s (not finished)"),
            "step_of": _("%(n)s / %(total)s"),
            "play": _("Play"),
            "pause": _("Pause"),
            "hand_over": _("End of hand %(n)s"),
            "winners": _("Winners: %(names)s"),
            "load_failed": _("The replay could not be loaded."),
            "not_shown": _("No hand of this match was finished: there is nothing to replay."),
            "stand_in": _("bot playing for a player who left"),
            "morto_team": _("Morto of Team %(n)s"),
            "morto_taken_by": _("taken by %(name)s"),
            "morto_not_taken": _("not taken yet"),
            "seat_named": _("Seat %(n)s · %(name)s"),
        },
    }
    return render(request, "players/replay.html", context)


@require_http_methods(["GET"])
def replay_data_view(request, public_id: str):
    """The whole match, or one hand of it with ``?hand=<number>`` (what the page loads, a hand at a time)."""
    match = _ended_match(request, public_id)
    hand = request.GET.get("hand")
    if hand is not None and not (hand.isascii() and hand.isdigit() and len(hand) < 6):
        return JsonResponse({"error": "bad_hand", "message": _("No such hand.")}, status=400)
    number = int(hand) if hand is not None else None
    key = f"replay:{replay_data.FORMAT}:{match.public_id}:{'all' if number is None else number}:{get_language()}"
    hands = cache.get(key)
    if hands is None:
        try:
            hands = replay_data.hands_of(match, number)
        except LookupError:
            raise Http404("no such hand") from None
        cache.set(key, hands, CACHE_SECONDS)
    document = {**replay_data.summary(match, request.user), "hands": hands}
    return JsonResponse(document, encoder=MarkupSafeJSONEncoder, json_dumps_params={"ensure_ascii": False})
