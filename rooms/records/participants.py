"""Who held each seat of a hand, written as it happens, and the statistics that follow from it.

The room services call these functions at the moments a seat changes hands:
``record_deal`` when a hand is dealt, ``record_departure`` when a person leaves
or is removed (a stand-in bot taking over from that move on, or the seat
emptied with the cards back on the table), and ``record_match_end`` when a
match ends, with or without a result. Nothing here reads today's seats to name
the past: the rows written at the time are the record (docs/rooms.md).
"""

from django.db.models import F

from rooms import queries, signals
from rooms.models import Hand, Match, Participant, PlayerStat, Seat


def _holder(seat: Seat) -> dict:
    if seat.user_id is not None:
        return {"user_id": seat.user_id, "name": seat.user.shown_name, "bot_level": ""}
    return {"user_id": None, "name": "", "bot_level": seat.bot_level}


def record_deal(hand: Hand, match: Match, players: list[Seat], now) -> None:
    """One row per seat dealt in, as it is held at the deal; people join the match's players."""
    rows = []
    for engine_seat, seat in enumerate(players):
        joined = Participant.Joined.RESERVATION if seat.joined_via == "reservation" else Participant.Joined.DEAL
        if seat.stand_in:  # a stand-in that keeps a leaver's seat to the end of the match
            joined = Participant.Joined.STAND_IN
        rows.append(
            Participant(
                hand=hand,
                match=match,
                hand_number=hand.number,
                seat=seat.index,
                engine_seat=engine_seat,
                joined=joined,
                from_move=0,
                started_at=now,
                **_holder(seat),
            )
        )
        if seat.joined_via:
            seat.joined_via = ""
            seat.save(update_fields=["joined_via"])
    Participant.objects.bulk_create(rows)
    _keep_players(hand, rows)
    people = [seat.user_id for seat in players if seat.user_id is not None]
    if people:
        match.players.add(*people)


def moves_so_far(hand: Hand) -> int:
    """The number of entries in the hand's log now: stored, and waiting for the action's end."""
    stored_count = len(Hand.objects.filter(pk=hand.pk).values_list("moves", flat=True)[0] or [])
    return stored_count + queries.pending_moves(hand)


def record_departure(hand: Hand, seat: Seat, ended: str, now, stand_in_level: str = "") -> None:
    """The person in ``seat`` leaves the hand after the log's current entries.

    With ``stand_in_level`` a bot of that level holds the seat from the next entry on.
    Called before the seat row itself changes, while it still names the person.
    """
    moves = moves_so_far(hand)
    open_row = (
        Participant.objects.filter(hand=hand, seat=seat.index, until_move__isnull=True).order_by("-from_move").first()
    )
    if open_row is None:
        return
    open_row.until_move = moves
    open_row.ended = ended
    open_row.ended_at = now
    open_row.save(update_fields=["until_move", "ended", "ended_at"])
    if stand_in_level:
        Participant.objects.create(
            hand=hand,
            match_id=hand.match_id,
            hand_number=hand.number,
            seat=seat.index,
            engine_seat=open_row.engine_seat,
            user=None,
            name="",
            bot_level=stand_in_level,
            joined=Participant.Joined.STAND_IN,
            from_move=moves,
            started_at=now,
        )
    _keep_players(hand, holders(hand))


def _keep_players(hand: Hand, rows: list[Participant]) -> None:
    """The hand's compact copy of its holders, which snapshots carry (loaded with the room)."""
    hand.players = history_players(rows)
    Hand.objects.filter(pk=hand.pk).update(players=hand.players)


def holders(hand: Hand) -> list[Participant]:
    """Every holder of every seat of a hand, seat by seat, in the order they held it."""
    return list(hand.participants.order_by("seat", "from_move", "id"))


def holder_at(rows: list[Participant], engine_seat: int, move_index: int) -> Participant | None:
    """Who held ``engine_seat`` when the log entry ``move_index`` was made."""
    found = None
    for row in rows:
        if row.engine_seat != engine_seat or row.from_move > move_index:
            continue
        if row.until_move is None or move_index < row.until_move:
            found = row
    return found


def history_players(rows: list[Participant]) -> dict[str, list[dict]]:
    """The compact form the table's history carries: room seat -> its holders in order."""
    out: dict[str, list[dict]] = {}
    for row in rows:
        entry = {"name": row.name} if row.user_id is not None or row.name else {"bot": row.bot_level}
        if row.stand_in:
            entry["stand_in"] = True
        if row.from_move:
            entry["from_move"] = row.from_move
        if row.until_move is not None:
            entry["until_move"] = row.until_move
        out.setdefault(str(row.seat), []).append(entry)
    return out


# -- statistics ---------------------------------------------------------------------------------


def match_rows(match_ids) -> dict[int, list[Participant]]:
    """match id -> every holder of every hand of it, hand by hand, seat by seat, in order."""
    rows: dict[int, list[Participant]] = {}
    queryset = Participant.objects.filter(match_id__in=list(match_ids)).order_by(
        "match_id", "hand_number", "seat", "from_move", "id"
    )
    for row in queryset:
        rows.setdefault(row.match_id, []).append(row)
    return rows


def match_seats(rows: list[Participant]) -> dict[int, int]:
    """user id -> the first room seat the person held in the match: their seat for results and ratings."""
    first: dict[int, int] = {}
    for row in sorted(rows, key=lambda r: (r.hand_number, r.from_move, r.id or 0)):
        if row.user_id is not None:
            first.setdefault(row.user_id, row.seat)
    return first


def departed(rows: list[Participant]) -> set[int]:
    """The people who left a seat of the match, or were removed from one, before its end."""
    return {row.user_id for row in rows if row.user_id is not None and row.ended}


def excused(rows: list[Participant]) -> set[int]:
    """The people whose every departure was a removal while the host had paused the table: no leave for ratings.

    Their seat was freed as the seeds say; their match is counted without a
    result and their rating does not move (docs/ratings.md).
    """
    gone = {row.user_id for row in rows if row.user_id is not None and row.ended}
    left = {
        row.user_id
        for row in rows
        if row.user_id is not None and row.ended and row.ended != Participant.Ended.REMOVED_IN_PAUSE
    }
    return gone - left


def seated_at_end(rows: list[Participant]) -> dict[int, int]:
    """user id -> room seat, for the people who held their first seat, never leaving it, to the match's end.

    One seat per person per match (docs/ratings.md): leaving the first seat is
    leaving the match, whatever seat the person takes later.
    """
    if not rows:
        return {}
    last = max(row.hand_number for row in rows)
    first, gone = match_seats(rows), departed(rows)
    return {
        row.user_id: row.seat
        for row in rows
        if row.hand_number == last
        and row.user_id is not None
        and row.until_move is None
        and row.user_id not in gone
        and first[row.user_id] == row.seat
    }


def outcome(match: Match, rows: list[Participant], teams: bool, user_id: int) -> str:
    """How the match ended for one person who played in it: "won", "tied", "lost", "no_result" or "abandoned".

    A person who held their first seat to the end is judged by that seat (or its
    team); one who left it (or was removed), whatever seat they took later, left
    the match: "abandoned", unless they were only removed while the host had
    paused the table: "no_result". A host who ended a match early left it too. A match
    that ended without a result is "no_result" for those still seated. Winners
    sharing the top (several winning seats) tied.
    """
    seat = seated_at_end(rows).get(user_id)
    if seat is None and user_id in excused(rows):
        return "no_result"
    if seat is None or (match.ended_by_id == user_id and match.status != Match.Status.OVER):
        return "abandoned"
    if match.status != Match.Status.OVER:
        return "no_result"
    key = str(seat % 2) if teams else str(seat)
    winners = {str(w) for w in match.winners or []}
    if key not in winners:
        return "lost"
    return "tied" if len(winners) > 1 else "won"


def match_outcomes(match: Match, teams: bool, rows: list[Participant] | None = None) -> dict[int, str]:
    """user id -> outcome, for everyone who held a seat in any hand of the match."""
    if rows is None:
        rows = match_rows([match.pk]).get(match.pk, [])
    people = {row.user_id for row in rows if row.user_id is not None}
    return {user_id: outcome(match, rows, teams, user_id) for user_id in people}


def record_match_end(match: Match, teams: bool) -> None:
    """Count the match for every person who played in it (called once, when it ends), and rate it.

    One statement per kind of outcome rather than two per person: a match's end is
    inside the locked transaction of the move that ended it.
    """
    rows = match_rows([match.pk]).get(match.pk, [])
    outcomes = match_outcomes(match, teams, rows)
    PlayerStat.objects.bulk_create(
        [PlayerStat(user_id=user_id, game=match.game) for user_id in sorted(outcomes)], ignore_conflicts=True
    )
    for kind in sorted(set(outcomes.values())):
        PlayerStat.objects.filter(game=match.game, user_id__in=[u for u, o in outcomes.items() if o == kind]).update(
            played=F("played") + 1,
            won=F("won") + (1 if kind == "won" else 0),
            tied=F("tied") + (1 if kind == "tied" else 0),
            abandoned=F("abandoned") + (1 if kind == "abandoned" else 0),
        )
    # The ratings rate it, in this same transaction (ratings/room_hooks.py): they build on these records.
    signals.match_ended.send(sender=Match, match=match, teams=teams, rows=rows)
