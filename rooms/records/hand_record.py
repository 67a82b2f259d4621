"""One hand as staff read it on the admin's hand page: seats and who held them, the moves in
words, the result as small tables, each seat's cards and the mortos.

Built from the hand's own record only: its participants (``rooms.records.participants``),
its log (``rooms.records.describe``) and its deal played again (``rooms.records.hand_replay``).
Seats are numbered from 1 here, as everywhere a person reads them. The cards
of a hand still being played are not shown.
"""

from dataclasses import dataclass, field
from datetime import datetime

from django.utils.translation import gettext as _

from games import registry
from games.cards import is_card
from rooms.records import hand_end, hand_replay, participants, stored
from rooms.records.describe import LogLine, card_name, hand_log, holder_name, seat_label, team_label
from rooms.words import move_words

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


@dataclass(frozen=True)
class Card:
    code: str
    short: str  # "10♥"
    name: str  # "10 de copas"


def card(code) -> Card:
    if not is_card(code):
        return Card(str(code), str(code), str(code))
    rank = "10" if code[0] == "T" else code[0]
    return Card(code, f"{rank}{SUIT_SYMBOLS[code[1]]}", card_name(code))


def cards(codes) -> list[Card]:
    return [card(c) for c in stored.as_list(codes)]


@dataclass(frozen=True)
class Holder:
    name: str
    is_bot: bool
    stand_in: bool
    user_id: int | None
    joined: str  # how they came to the seat, in words
    from_move: int  # the first log entry (from 1) they could make
    until_move: int | None  # the last log entry (from 1) of theirs; None: to the end
    since: datetime
    until: datetime | None
    ended: str  # how their time in the seat ended, in words ("" if they held it to the end)


@dataclass(frozen=True)
class SeatRow:
    number: int  # from 1
    team: str  # "Team 1" in Buraco, else ""
    holders: list[Holder]


@dataclass(frozen=True)
class ScoreColumn:
    label: str
    score: object
    won: bool


@dataclass(frozen=True)
class BreakdownTable:
    columns: list[str]
    rows: list[tuple[str, list[str]]]
    facts: list[tuple[str, str]]


@dataclass(frozen=True)
class CardIn:
    card: Card
    move: int  # log entry, from 1


@dataclass(frozen=True)
class SeatCards:
    label: str  # "Seat 2 · Bruno, Bot (normal) standing in"
    start: list[Card]
    came_in: list[CardIn]


@dataclass(frozen=True)
class Morto:
    team: str
    cards: list[Card]
    taken_by: str  # "" when nobody took it
    move: int | None


@dataclass
class HandRecord:
    seats: list[SeatRow]
    log: list[LogLine]
    scores: list[ScoreColumn]
    breakdown: BreakdownTable | None
    cards: list[SeatCards] = field(default_factory=list)
    mortos: list[Morto] = field(default_factory=list)
    ended_how: str = ""  # why the hand ended, in words (rooms/records/hand_end.py)
    cards_hidden: bool = False  # the match is still being played
    broken_at: int | None = None  # log entry (from 1) the deal played again could not pass
    undealt: bool = False


def build(hand) -> HandRecord:
    rows = participants.holders(hand)
    teams = registry.spec(hand.game).teams
    seat_map = stored.as_list(hand.seat_map)
    # Cards come from the deck and the match's seed, both secret while the match is played: a
    # running match's record is never dealt again, and names each extended run as its log kept it.
    cards_shown = hand.ended_at is not None and hand.match.status != hand.match.Status.PLAYING
    walked = hand_replay.walk(hand) if cards_shown else None
    record = HandRecord(
        seats=_seats(rows, teams),
        log=hand_log(hand, rows, hand_replay.extended_runs(hand, walked) if walked else move_words.stored_runs(hand)),
        scores=_scores(hand, rows, teams),
        breakdown=_breakdown(hand, rows, seat_map),
        ended_how=hand_end.why_it_ended(hand.game, hand.result, hand.ended_at is not None),
    )
    if not cards_shown:
        record.cards_hidden = True
        return record
    found = hand_replay.hand_cards(hand, rows, walked)
    record.undealt = found.undealt
    record.broken_at = None if found.broken_at is None else found.broken_at + 1
    for seat in found.seats:
        names = _names(rows, seat.room_seat)
        record.cards.append(
            SeatCards(
                label=" · ".join(filter(None, [seat_label(seat.room_seat), names])),
                start=[card(c) for c in seat.start],
                came_in=[CardIn(card(c.card), c.move) for c in seat.came_in],
            )
        )
    for morto in found.mortos:
        taken = ""
        if morto.move is not None:
            who = holder_name(morto.taken_by) if morto.taken_by is not None else "?"
            seat = seat_label(morto.taken_by_seat) if morto.taken_by_seat is not None else ""
            taken = f"{who} ({seat})" if seat else who
        record.mortos.append(Morto(team_label(morto.team), [card(c) for c in morto.cards], taken, morto.move))
    return record


def joined_label(row) -> str:
    return str(row.Joined(row.joined).label) if row.joined in row.Joined.values else row.joined


def ended_label(row) -> str:
    return str(row.Ended(row.ended).label) if row.ended in row.Ended.values else row.ended


def _seats(rows, teams: bool) -> list[SeatRow]:
    by_seat: dict[int, list] = {}
    for row in rows:
        by_seat.setdefault(row.seat, []).append(row)
    return [
        SeatRow(
            number=seat + 1,
            team=team_label(seat % 2) if teams else "",
            holders=[
                Holder(
                    name=holder_name(row),
                    is_bot=row.is_bot,
                    stand_in=row.stand_in,
                    user_id=row.user_id,
                    joined=joined_label(row),
                    from_move=row.from_move + 1,
                    until_move=row.until_move,
                    since=row.started_at,
                    until=row.ended_at,
                    ended=ended_label(row),
                )
                for row in held
            ],
        )
        for seat, held in sorted(by_seat.items())
    ]


def _names(rows, room_seat: int, final_only: bool = False) -> str:
    names = []
    for row in rows:
        if row.seat == room_seat and (not final_only or row.until_move is None):
            name = holder_name(row)
            if name not in names:
                names.append(name)
    return ", ".join(names)


def _column(key: str, rows, teams: bool) -> str:
    """A score's column: "Seat 2 · Bruno, Bot (normal)" or "Team 1 · alice & Bruno, Bot (normal)".

    Everyone who held the seat in the hand: the one who left after taking the morto played for the score too.
    """
    try:
        index = int(key)
    except (TypeError, ValueError):
        return str(key)
    if teams:
        members = [_names(rows, s) for s in sorted({r.seat for r in rows}) if s % 2 == index]
        return " · ".join(filter(None, [team_label(index), " & ".join(filter(None, members))]))
    return " · ".join(filter(None, [seat_label(index), _names(rows, index)]))


def _scores(hand, rows, teams: bool) -> list[ScoreColumn]:
    result = stored.as_dict(hand.result)
    winners = {str(w) for w in stored.as_list(result.get("winners"))}
    return [
        ScoreColumn(_column(key, rows, teams), value, str(key) in winners)
        for key, value in stored.as_dict(result.get("scores")).items()
    ]


def breakdown_labels() -> dict[str, str]:
    return {
        "melded": _("Melded cards"),
        "canastras": _("Canastras"),
        "going_out": _("Going out"),
        "hand": _("Cards in hand"),
        "morto": _("Morto not taken"),
        "total": _("Hand total"),
        "cards": _("Cards left"),
        "points": _("Points in hand"),
        "runouts": _("Times the stock ran out"),
        "end": _("How the hand ended"),
        "reason": _("Why"),
        "lowest": _("Lowest points"),
        "piles": _("Cards in piles"),
        "active": _("Still playing"),
        "centre_left": _("Left on the table"),
        "last_capture_bonus": _("Last capture bonus"),
        "tiebreak_round": _("Tie-break round"),
    }


def _value(value) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        if value and all(is_card(v) for v in value):
            return ", ".join(card(v).short for v in value)
        return ", ".join(str(v) for v in value)
    if value is None:
        return "—"
    return str(value)


def _breakdown(hand, rows, seat_map: list) -> BreakdownTable | None:
    """The engine's breakdown as a small table: a row per item, a column per seat or team."""
    parts = stored.as_dict(stored.as_dict(hand.result).get("breakdown"))
    if not parts:
        return None
    labels = breakdown_labels()
    seatlike = all(str(k).isdigit() for k in parts) and all(isinstance(v, dict) for v in parts.values())
    if seatlike:  # Buraco: team -> item -> value
        keys = sorted(parts, key=int)
        items = list(dict.fromkeys(item for k in keys for item in parts[k]))
        return BreakdownTable(
            columns=[team_label(k) for k in keys],
            rows=[(labels.get(item, item), [_value(parts[k].get(item)) for k in keys]) for item in items],
            facts=[],
        )
    engine_seats = sorted({k for v in parts.values() if isinstance(v, dict) for k in v if str(k).isdigit()}, key=int)

    def column(engine_seat: str) -> str:
        index = int(engine_seat)
        if index < len(seat_map) and isinstance(seat_map[index], int):
            return " · ".join(filter(None, [seat_label(seat_map[index]), _names(rows, seat_map[index], True)]))
        return engine_seat

    table_rows, facts = [], []
    for item, value in parts.items():
        label = labels.get(item, str(item).replace("_", " "))
        if isinstance(value, dict):
            table_rows.append((label, [_value(value.get(s)) for s in engine_seats]))
        else:
            facts.append((label, _value(value)))
    return BreakdownTable(columns=[column(s) for s in engine_seats], rows=table_rows, facts=facts)
