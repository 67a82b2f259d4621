"""Everything Mesa holds about a person, as one JSON document (the LGPD's right of access).

Account, profile, ratings and their history, statistics, the matches played
with, for each hand, the seats held, the person's own moves and — once the
match is over — the cards their own seats held while they held them (dealt,
and each card that came in later). Nothing of another seat's hidden cards:
only what the finished hand's public record already shows (its result, who
held which seat). Also the person's chat messages and reports, and whom they
follow and blocked (friends/). Read-only.
"""

from django.utils import timezone

from chat.models import ChatMessage, ChatReport
from friends.models import Block, Follow
from ratings.models import Rating, RatingChange
from rooms.models import Hand, Match, Participant, PlayerStat, Room
from rooms.records import hand_replay, participants, stored

FORMAT = 1


def _time(value) -> str | None:
    return value.isoformat() if value is not None else None


def document(user) -> dict:
    return {
        "format": FORMAT,
        "made_at": _time(timezone.now()),
        "account": _account(user),
        "ratings": [_rating(r) for r in Rating.objects.filter(user=user).order_by("game")],
        "rating_changes": [_change(c) for c in RatingChange.objects.filter(user=user).select_related("match")],
        "statistics": [
            {"game": s.game, "played": s.played, "won": s.won, "left": s.abandoned}
            for s in PlayerStat.objects.filter(user=user).order_by("game")
        ],
        "rooms_created": [
            {"code": r.code, "name": r.name, "game": r.game, "public": r.is_public, "created_at": _time(r.created_at)}
            for r in Room.objects.filter(created_by=user).defer("next_seed").order_by("created_at", "id")
        ],
        "matches": _matches(user),
        "chat_messages": [
            {
                "id": m.id,
                "room": m.room.code,
                "time": _time(m.time),
                "text": m.text,
                "phrase": m.phrase,
                "spectator": m.spectator,
                "deleted_by_staff": m.deleted,
            }
            for m in ChatMessage.objects.filter(user=user).select_related("room").order_by("time", "id")
        ],
        "chat_reports": [
            {
                "message": r.message_id,
                "room": r.message.room.code,
                "time": _time(r.time),
                "reason": r.reason,
                "note": r.note,
            }
            for r in ChatReport.objects.filter(reporter=user).select_related("message__room").order_by("time", "id")
        ],  # fmt: skip
        "following": [
            {"user_id": f.followed_id, "name": f.followed.shown_name, "since": _time(f.created_at)}
            for f in Follow.objects.filter(follower=user).select_related("followed").order_by("created_at", "id")
        ],
        "blocked": [
            {"user_id": b.blocked_id, "name": b.blocked.shown_name, "since": _time(b.created_at)}
            for b in Block.objects.filter(blocker=user).select_related("blocked").order_by("created_at", "id")
        ],
    }


def _account(user) -> dict:
    return {
        "id": user.id,
        "username": user.username,
        "email": user.email,
        "email_waiting_for_confirmation": user.pending_email,
        "display_name": user.display_name,
        "language": user.language,
        "hides_presence": user.hides_presence,
        "joined": _time(user.date_joined),
        "last_login": _time(user.last_login),
    }


def _rating(r: Rating) -> dict:
    return {"game": r.game, "rating": r.shown, "mu": r.mu, "sigma": r.sigma, "rated_matches": r.matches}


def _change(c: RatingChange) -> dict:
    return {
        "match": c.match.public_id,
        "game": c.game,
        "place": c.rank,
        "left": c.left,
        "before": c.shown_before,
        "after": c.shown_after,
        "mu_before": c.mu_before,
        "sigma_before": c.sigma_before,
        "mu_after": c.mu_after,
        "sigma_after": c.sigma_after,
        "recorded_at": _time(c.created_at),
    }


def _matches(user) -> list[dict]:
    mine = Participant.objects.filter(user=user).order_by("match_id", "hand_number", "seat", "from_move", "id")
    held: dict[int, dict[int, list[Participant]]] = {}
    for row in mine:
        held.setdefault(row.match_id, {}).setdefault(row.hand_number, []).append(row)
    out = []
    matches = Match.objects.filter(id__in=held).select_related("room").defer("seed", "room__next_seed")
    for match in matches.order_by("started_at", "id"):
        hands = {h.number: h for h in Hand.objects.filter(match=match)}
        out.append(
            {
                "match": match.public_id,
                "verify": match.verify_url,
                "room": match.room.code,
                "room_name": match.room.name,
                "game": match.room.game,
                "number": match.number,
                "status": match.status,
                "totals": stored.as_dict(match.totals),
                "started_at": _time(match.started_at),
                "hands": [
                    _hand(hands.get(number), rows, match, user) for number, rows in sorted(held[match.id].items())
                ],
            }
        )
    return out


def _hand(hand: Hand | None, rows: list[Participant], match: Match, user) -> dict:
    seats = [
        {"seat": row.seat + 1, "from_move": row.from_move, "until_move": row.until_move, "how_it_ended": row.ended,
         "name_shown": row.name}
        for row in rows
    ]  # fmt: skip
    entry = {"number": rows[0].hand_number, "seats": seats}
    if hand is None:  # a room keeps its last twenty hands; the seats held outlive older ones
        entry["kept"] = False
        return entry
    everyone = participants.holders(hand)
    moves = []
    for index, logged in enumerate(stored.dicts(hand.moves)):
        seat = logged.get("seat")
        holder = participants.holder_at(everyone, seat, index) if isinstance(seat, int) else None
        if holder is not None and holder.user_id == user.id:
            moves.append({"entry": index + 1, "at": logged.get("at"), "move": logged.get("move"),
                          "auto": bool(logged.get("auto"))})  # fmt: skip
    entry.update(kept=True, started_at=_time(hand.started_at), ended_at=_time(hand.ended_at), moves=moves)
    if hand.ended_at is not None:
        entry["result"] = stored.as_dict(hand.result)
    entry["cards"] = _own_cards(hand, everyone, rows) if _cards_public(hand, match) else None
    return entry


def _cards_public(hand: Hand, match: Match) -> bool:
    """Cards follow from the deck and the match's seed: shown once the match is over, as on the staff's pages."""
    return hand.ended_at is not None and match.status != Match.Status.PLAYING


def _own_cards(hand: Hand, everyone, mine: list[Participant]) -> list[dict]:
    found = hand_replay.hand_cards(hand, everyone)
    out = []
    for row in mine:
        seat = next((s for s in found.seats if s.room_seat == row.seat), None)
        if seat is None:
            continue
        until = row.until_move if row.until_move is not None else float("inf")
        out.append(
            {
                "seat": row.seat + 1,
                "dealt": seat.start if row.from_move == 0 else None,
                "came_in": [{"card": c.card, "entry": c.move} for c in seat.came_in if row.from_move < c.move <= until],
            }
        )
    return out
