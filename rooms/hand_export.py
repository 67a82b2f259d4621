"""A hand as one JSON document for a dispute: seed, deck, who held each seat, every move.

Staff only, and only once the hand's match is over: a running match's seed (and
with it every deck still to be dealt) never leaves the server. The document is
enough to deal the hand again and replay it with ``games.fair.replay``.
"""

from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from rooms import participants, stored
from rooms.models import Hand, Match
from rooms.stored import MarkupSafeJSONEncoder


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
        "match": {
            "public_id": match.public_id,
            "number": match.number,
            "status": match.status,
            "seed": match.seed,
            "fingerprint": match.fingerprint,
            "client_seeds": stored.strings(match.client_seeds),
            "stream_key": match.stream_key,
            "winners": stored.as_list(match.winners),
            "totals": stored.as_dict(match.totals),
        },
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
    }


def view(request, hand_id: int):
    """The admin's "export the hand as JSON" (wrapped by admin_view: staff only)."""
    status = Match.objects.filter(hands__pk=hand_id).values_list("status", flat=True).first()
    if status is None:
        get_object_or_404(Hand, pk=hand_id)
    if status == Match.Status.PLAYING:
        return JsonResponse(
            {"error": "match_in_progress", "message": _("The seed is revealed when the match ends.")}, status=403
        )
    hand = get_object_or_404(Hand.objects.select_related("match", "room"), pk=hand_id)
    response = JsonResponse(document(hand), encoder=MarkupSafeJSONEncoder, json_dumps_params={"indent": 1})
    code = "".join(c for c in hand.room.code if c.isascii() and (c.isalnum() or c in "-_"))
    filename = f"mesa-{code}-match{hand.match.number}-hand{hand.number}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
