"""Room pages: a table, the verify page and the staff replay. Thin."""

from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required, permission_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from config import errors
from games import fair, registry
from rooms.models import Hand, Match, Room
from rooms.records import hand_end, hand_replay, match_access, participants, stored
from rooms.records.stored import MarkupSafeJSONEncoder


@login_required
def room(request, code: str):
    room = get_object_or_404(Room.objects.defer("next_seed"), code=code)
    if room.status == Room.Status.CLOSED:
        return errors.room_closed(request)
    return render(request, registry.spec(room.game).table, {"room": room, "game": room.game})


def _canonical_deck(engine, options) -> list | None:
    """The deck the match's options name; None when the stored options name none (then no hand verifies)."""
    try:
        return engine.new_deck(options)
    except (TypeError, ValueError):
        return None


def _match_payload(match: Match) -> dict:
    hands = []
    final = registry.spec(match.game).verify_final
    for hand in match.hands.order_by("number"):
        hands.append(
            {
                "number": hand.number,
                "dealer": hand.dealer,
                "players": len(hand.seat_map),
                "seat_map": hand.seat_map,
                "options": hand.options,
                "deck": hand.deck,
                "moves": hand.moves,
                "result": hand.result,
            }
        )
        if final:
            # What the verify page compares its own replay of the hand with: the recorded
            # state at the end of the hand (all public once the match is over).
            hands[-1]["final"] = {name: hand.state.get(name) for name in final}
    engine = registry.get(match.game)
    return {
        "match": match.id,
        "public_id": match.public_id,
        "game": match.game,
        "room": match.room.name,
        "options": match.options,
        "seed": match.seed,
        "fingerprint": match.fingerprint,
        "client_seeds": stored.strings(match.client_seeds),
        "stream_key": match.stream_key,
        "canonical_deck": _canonical_deck(engine, match.options),
        "hands": hands,
        "totals": match.totals,
        "winners": match.winners,
    }


def verify(request, public_id: str):
    """Open to signed-out visitors too: match_access decides (a public room's match, or one the reader played)."""
    match = match_access.match_for(request.user, public_id)
    return render(request, "rooms/verify.html", {"match": match, "revealed": match.status != Match.Status.PLAYING})


def verify_data(request, public_id: str):
    match = match_access.match_for(request.user, public_id)
    if match.status == Match.Status.PLAYING:
        return JsonResponse(
            {"error": "match_in_progress", "message": _("The seed is revealed when the match ends.")}, status=403
        )
    payload = _match_payload(match)
    payload["server_check"] = [_server_check(match, h) for h in payload["hands"]]
    return JsonResponse(payload, encoder=MarkupSafeJSONEncoder)


@login_required
def verify_by_number(request, match_id: int, data: bool = False):
    """The old verify URLs, by sequential id: staff are sent on to the match's public address.

    Everybody else gets 404, as for a match that does not exist: sequential ids can be walked.
    """
    if not request.user.has_perm(match_access.STAFF_PERMISSION):
        raise Http404("no such match")
    match = get_object_or_404(match_access.without_secrets(), pk=match_id)
    return redirect("rooms:verify_data" if data else "rooms:verify", public_id=match.public_id)


def _server_check(match: Match, hand: dict) -> dict:
    """The server's own replay of a hand: the same check anyone can run with games.fair.replay."""
    try:
        fair.replay(
            match.game,
            hand["players"],
            hand["dealer"],
            hand["options"],
            match.stream_key,
            [m for m in hand["moves"]],
            hand=hand["number"],
        )
    except Exception as exc:  # a mismatch or an engine refusal: report it, do not hide it
        return {"hand": hand["number"], "ok": False, "detail": str(exc)}
    return {"hand": hand["number"], "ok": True, "detail": ""}


@staff_member_required
@permission_required("rooms.replay_hand", raise_exception=True)
def replay(request, hand_id: int):
    """Every step of a finished hand as staff see it (all hands visible): table moderators only."""
    hand = get_object_or_404(Hand.objects.select_related("match", "room"), pk=hand_id)
    if hand.ended_at is None:
        raise Http404("the hand is still being played")
    rows = participants.holders(hand)
    steps = hand_replay.replay_steps(hand, rows)
    strings = {
        "seat_named": _("Seat %(n)s · %(name)s"),
        "morto_team": _("Morto of Team %(n)s"),
        "morto_taken_by": _("taken by %(name)s"),
        "morto_not_taken": _("not taken yet"),
        "stand_in": _("bot playing for a player who left"),
    }
    ended_how = hand_end.why_it_ended(hand.game, hand.result, True)
    context = {
        "hand": hand,
        "steps": steps,
        "replay_strings": strings,
        "ended_how": ended_how,
        "seat_choices": hand_replay.seat_choices(rows),
    }
    return render(request, "rooms/replay.html", context)
