"""A finished match's replay for the people who may read it: the page and its data. Thin.

Who may: the verify page's rule (``rooms.records.match_access``): a public room's
match for anyone, signed out too; a private room's for the people who held a seat
in it (those who left too) and the staff who may read every match. And only once
the match has ended. Every refusal is the same 404 as an unknown match, so a
private or running match's address says nothing of it.
"""

from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from players import match_download, replay_data
from rooms.models import Match
from rooms.records import match_access
from rooms.records.stored import MarkupSafeJSONEncoder


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
    try:
        document = replay_data.document(match, request.user, int(hand) if hand is not None else None)
    except LookupError:
        raise Http404("no such hand") from None
    return JsonResponse(document, encoder=MarkupSafeJSONEncoder, json_dumps_params={"ensure_ascii": False})
