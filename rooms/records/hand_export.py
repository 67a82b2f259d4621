"""A hand, or a whole match, as one JSON document for a dispute: seed, decks, who held each seat, every move.

Staff only, and only once the hand's match is over: a running match's seed (and
with it every deck still to be dealt) never leaves the server. The document is
enough to deal the hand again and replay it with ``games.fair.replay``.
"""

from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from accounts import audit
from rooms.hints import record as hint_record
from rooms.models import Hand, Match
from rooms.records import participants, stored
from rooms.records.stored import MarkupSafeJSONEncoder


def participant_entry(row) -> dict:
    return {
        "seat": row.seat + 1,
        "room_seat": row.seat,
        "engine_seat": row.engine_seat,
        "user_id": row.user_id,
        "name": row.name,
        "bot_level": row.bot_level or None,
        "joined": row.joined,
        "from_move": row.from_move,
        "until_move": row.until_move,
        "ended": row.ended or None,
        "started_at": row.started_at.isoformat() if row.started_at else None,
        "ended_at": row.ended_at.isoformat() if row.ended_at else None,
    }


def document(hand: Hand) -> dict:
    """Everything recorded of one hand of a finished match."""
    match = hand.match
    return {
        "format": "mesa-hand/1",
        "room": {"code": hand.room.code, "name": hand.room.name},
        "match": _match_entry(match),
        "hand": {
            "number": hand.number,
            "game": hand.game,
            "options": stored.as_dict(hand.options),
            "dealer": hand.dealer,
            "seat_map": stored.as_list(hand.seat_map),
            "deck": stored.as_list(hand.deck),
            "result": stored.as_dict(hand.result),
            "started_at": hand.started_at.isoformat() if hand.started_at else None,
            "ended_at": hand.ended_at.isoformat() if hand.ended_at else None,
        },
        # "from_move"/"until_move" count log entries: moves[i] was made by the holder of its
        # engine seat with from_move <= i < until_move (until_move null: to the end).
        "participants": [participant_entry(row) for row in participants.holders(hand)],
        "moves": stored.as_list(hand.moves),
        # The "Dica" hints asked (rooms/hints/record.py): "after_move" counts log entries, as above.
        "hints": hint_record.export(hand),
    }


def _match_entry(match: Match) -> dict:
    return {
        "public_id": match.public_id,
        "number": match.number,
        "game": match.game,
        "status": match.status,
        "seed": match.seed,
        "fingerprint": match.fingerprint,
        "client_seeds": stored.strings(match.client_seeds),
        "stream_key": match.stream_key,
        "winners": stored.as_list(match.winners),
        "totals": stored.as_dict(match.totals),
        "started_at": match.started_at.isoformat() if match.started_at else None,
        "ended_at": match.ended_at.isoformat() if match.ended_at else None,
    }


def match_document(match: Match) -> dict:
    """Everything recorded of a finished match: each hand as ``document`` has it, under the match once."""
    hands = []
    for hand in match.hands.select_related("match", "room").order_by("number"):
        one = document(hand)
        hands.append({**one["hand"], "participants": one["participants"], "moves": one["moves"], "hints": one["hints"]})
    return {
        "format": "mesa-match/1",
        "room": {"code": match.room.code, "name": match.room.name},
        "match": _match_entry(match),
        "hands": hands,
    }


def _safe_code(code: str) -> str:
    return "".join(c for c in code if c.isascii() and (c.isalnum() or c in "-_"))


def _refused() -> JsonResponse:
    return JsonResponse(
        {"error": "match_in_progress", "message": _("The seed is revealed when the match ends.")}, status=403
    )


def match_view(request, match_id: int):
    """The admin's "export the whole match as JSON": staff with ``rooms.export_match``, finished matches only."""
    if not request.user.has_perm("rooms.export_match"):
        raise PermissionDenied
    match = get_object_or_404(Match.objects.select_related("room"), pk=match_id)
    if match.status == Match.Status.PLAYING:
        return _refused()
    audit.record(request.user, match, "match_export")
    response = JsonResponse(match_document(match), encoder=MarkupSafeJSONEncoder, json_dumps_params={"indent": 1})
    filename = f"mesa-{_safe_code(match.room.code)}-match{match.number}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def view(request, hand_id: int):
    """The admin's "export the hand as JSON" (wrapped by admin_view: staff only; ``rooms.export_match`` too)."""
    if not request.user.has_perm("rooms.export_match"):
        raise PermissionDenied
    status = Match.objects.filter(hands__pk=hand_id).values_list("status", flat=True).first()
    if status is None:
        get_object_or_404(Hand, pk=hand_id)
    if status == Match.Status.PLAYING:
        return _refused()
    hand = get_object_or_404(Hand.objects.select_related("match", "room"), pk=hand_id)
    audit.record(request.user, hand, "hand_export")
    response = JsonResponse(document(hand), encoder=MarkupSafeJSONEncoder, json_dumps_params={"indent": 1})
    filename = f"mesa-{_safe_code(hand.room.code)}-match{hand.match.number}-hand{hand.number}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
